import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.js';
import type { KeyRevocations } from '../../http/key-revocations.js';
import type { CommonListFilters } from '../../http/pagination.js';
import type { Clock } from '../../kernel/clock.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflictWithReason, notFound, validationError } from '../../kernel/errors.js';
import { companyInReach, ownedRowsInReach } from '../../kernel/tenancy.js';
import { findKey, issueKey, listKeys, lockCompanyKeys, updateKey } from './api-keys.repo.js';
import { isActive, revokeDecision, rolledExpiry } from './api-keys.rules.js';
import type { CreateApiKeyInput } from './api-keys.schemas.js';

export interface ApiKeyDeps {
  db: Database;
  /** Keys live in real time (like tokens): `clock.now()`, never an organization's test clock. */
  clock: Clock;
  revocations: KeyRevocations;
}

export interface IssuedKey {
  row: ApiKeyRow;
  /** Shown once, in this answer only. */
  apiKey: string;
}

const reach = (principal: CompanyPrincipal) =>
  ownedRowsInReach(principal, { companyId: apiKeys.companyId, organizationId: apiKeys.organizationId });

/** POST /v1/api-keys: a key for the caller, or (an organization) for one of its merchants. */
export async function createApiKey(
  deps: ApiKeyDeps,
  principal: CompanyPrincipal,
  input: CreateApiKeyInput,
): Promise<IssuedKey> {
  const now = deps.clock.now();
  const expiresAt = input.expires_at === undefined ? null : new Date(input.expires_at);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw validationError([
      { field: 'expires_at', type: 'TOO_SMALL', message: 'expires_at must be in the future', value: input.expires_at },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const company = await companyInReach(tx, principal, input.company_id ?? principal.companyId);
    return issueKey(tx, company, { now, description: input.description ?? null, expiresAt });
  });
}

export function listApiKeys(
  deps: Pick<ApiKeyDeps, 'db'>,
  principal: CompanyPrincipal,
  q: CommonListFilters & { company_id?: string },
) {
  return listKeys(deps.db, reach(principal), q);
}

const keyInReach = async (tx: Parameters<typeof findKey>[0], principal: CompanyPrincipal, id: string, lock = false) => {
  const row = await findKey(tx, and(eq(apiKeys.id, id), reach(principal))!, lock);
  if (!row) throw notFound('API key');
  return row;
};

/**
 * POST /v1/api-keys/{id}/roll: a new key for the same company (same description), and the old one ends
 * after the grace period. Every instance forgets the old key's cached form, so its new end applies at once.
 */
export async function rollApiKey(
  deps: ApiKeyDeps,
  principal: CompanyPrincipal,
  id: string,
  graceSeconds: number,
): Promise<IssuedKey> {
  const now = deps.clock.now();
  const issued = await deps.db.transaction(async (tx) => {
    const old = await keyInReach(tx, principal, id, true);
    if (!isActive(old, now)) {
      throw conflictWithReason('Only an active key can be rolled', 'id', id, 'KEY_NOT_ACTIVE');
    }
    await updateKey(tx, old.id, { expiresAt: rolledExpiry(old.expiresAt, now, graceSeconds) });
    const company = {
      id: old.companyId,
      kind: old.kind,
      organizationId: old.organizationId === old.companyId ? null : old.organizationId,
    };
    return issueKey(tx, company, { now, description: old.description });
  });
  await deps.revocations.publish([id]);
  return issued;
}

/** DELETE /v1/api-keys/{id}: revoked at once on every instance; a company's last active key stays. */
export async function revokeApiKey(deps: ApiKeyDeps, principal: CompanyPrincipal, id: string): Promise<ApiKeyRow> {
  const now = deps.clock.now();
  const { row, changed } = await deps.db.transaction(async (tx) => {
    const target = await keyInReach(tx, principal, id);
    // Two deletes of one company's last two keys must not both see the other as the survivor.
    const keys = await lockCompanyKeys(tx, target.companyId);
    const locked = keys.find((k) => k.id === id) ?? target;
    const decision = revokeDecision(locked, keys, now);
    if (decision.kind === 'refuse') {
      throw conflictWithReason(
        "This is the company's last active key; create another first",
        'id',
        id,
        decision.reason,
      );
    }
    if (decision.kind === 'already-revoked') return { row: locked, changed: false };
    return { row: await updateKey(tx, id, { revokedAt: now }), changed: true };
  });
  if (changed) await deps.revocations.publish([id]);
  return row;
}
