import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { conflict } from './errors.js';

/** Company id used as the idempotency scope of platform staff requests. */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/** Canonical JSON (sorted keys) so that key order does not change a request's fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface IdempotencyClaim {
  companyId: string;
  /** The kind of resource, e.g. `merchant`, `internal-transfer`. */
  scope: string;
  requestId: string;
  body: unknown;
  /** The id the new resource will get if this claim is the first. */
  resourceId: string;
}

/**
 * Claims a request_id inside the creating transaction (product.md §2). Returns `null` when this call is the
 * first (create the resource with `resourceId`), or the existing resource id for a replay with the same body.
 * A different body under the same request_id is a 409. The primary key makes concurrent duplicates wait for
 * the first transaction and then see its row, so exactly one resource is created.
 */
export async function claimRequestId(tx: Executor, claim: IdempotencyClaim): Promise<string | null> {
  const print = fingerprint(claim.body);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ companyId: claim.companyId, scope: claim.scope, requestId: claim.requestId, fingerprint: print, resourceId: claim.resourceId })
    .onConflictDoNothing()
    .returning({ resourceId: idempotencyKeys.resourceId });
  if (inserted.length > 0) return null;
  const [existing] = await tx
    .select({ fingerprint: idempotencyKeys.fingerprint, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.companyId, claim.companyId), eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.requestId, claim.requestId)),
    )
    .for('update');
  if (!existing) throw new Error('idempotency row vanished');
  if (existing.fingerprint !== print) {
    throw conflict('This request_id was already used with a different body', 'request_id', claim.requestId);
  }
  return existing.resourceId;
}

