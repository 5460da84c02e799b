import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCompany, type CompanyPrincipal, type RequestContext } from '../kernel/context.js';
import { serviceUnavailable } from '../kernel/errors.js';

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

/**
 * The users, auth and zipcode services the composition root built (`deps.auth`), or 503 on a deployment without
 * them. Read from the deps so that the users and zipcodes areas need not import the auth area.
 */
export function authServices(app: FastifyInstance): NonNullable<FastifyInstance['deps']['auth']> {
  const services = app.deps.auth;
  if (!services) throw serviceUnavailable('Authentication is not configured on this deployment');
  return services;
}
