import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, DbHandle } from '../db/client.js';
import type { ReadDatabases } from '../db/read-routing.js';

/** The slice of the apps' dependencies (src/deps.ts `AppDeps`) these read: the primary and the read routing. */
export interface ReadHost {
  db: DbHandle;
  reads?: ReadDatabases;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const credentialOf = (request: FastifyRequest): string | undefined => {
  const principal = request.principal;
  return principal && 'credentialId' in principal ? principal.credentialId : undefined;
};

/**
 * With a replica, every answered change by a caller (any method but a read, whatever its status: a refusal
 * may have written nothing, and the window costs nothing then) sends that caller's next reads to the primary
 * for DATABASE_READ_AFTER_WRITE_MS. Noted in onSend, before the answer leaves, so the caller's next request
 * (on any instance, through Redis) already knows. Docs: docs/deployment.md "Read replica".
 */
export function installReadYourWrites(app: FastifyInstance, deps: ReadHost): void {
  const reads = deps.reads;
  if (!reads?.replica) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (READS.has(request.method)) return payload;
    const credential = credentialOf(request);
    if (credential) await reads.noteWrite(credential);
    return payload;
  });
}

/**
 * The database for a lag-tolerant read in a route (a list, a report, a balance at an instant): the replica,
 * or the primary when there is none or the caller wrote within the window. Never for a read that decides a
 * change: those run on the primary inside the change's transaction.
 */
export function readDatabase(deps: ReadHost, request: FastifyRequest): Promise<Database> {
  const credential = credentialOf(request);
  if (!deps.reads || !credential) return Promise.resolve(deps.db.db);
  return deps.reads.forCaller(credential);
}
