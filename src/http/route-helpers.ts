import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCompany, type CompanyPrincipal, type RequestContext } from '../kernel/context.js';

export function requestContext(request: FastifyRequest): RequestContext {
  return { requestId: request.id, principal: request.principal };
}

/** The calling company; routes that reach here were authenticated with a company credential. */
export function callerCompany(request: FastifyRequest): CompanyPrincipal {
  return requireCompany(request.principal);
}

/**
 * Creates answer 201, idempotent replays 200 with the existing resource (product.md §2) and
 * `Idempotent-Replayed: true` (§15): every create's replay goes through here.
 */
export function createdOrReplayed(reply: FastifyReply, replayed: boolean): FastifyReply {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(replayed ? 200 : 201);
}
