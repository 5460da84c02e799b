import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { bankAccounts, idempotencyKeys, pixKeys, type CompanyRow, type PixKeyRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CompanyPrincipal } from '../../http/context.js';
import { badRequest, conflict, invalidField, notFound } from '../../http/errors.js';
import { claimRequestId, fingerprint } from '../../http/idempotency.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { merchantPathCompany } from '../../http/reach.js';
import { bankingOf } from '../../providers/banking.js';
import type { ProviderName } from '../../providers/port.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { checkKey, keyLimitFor } from './pix.rules.js';
import type { CreatePixKeyInput } from './pix.schemas.js';

const ACTIVE_KEY_UQ = 'pix_keys_active_key_uq';
const taken = (key: string) => conflict('This key is already registered and active', 'key', key);
const overLimit = (id: string, limit: number) => conflict(`The bank account already has the maximum of ${limit} active PIX keys`, 'bank_account_id', id);

async function activeKeyExists(tx: Executor, key: string): Promise<boolean> {
  const [row] = await tx.select({ id: pixKeys.id }).from(pixKeys).where(and(eq(pixKeys.key, key), eq(pixKeys.status, 'ACTIVE'))).limit(1);
  return row !== undefined;
}

async function activeKeysOf(tx: Executor, bankAccountId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(pixKeys).where(and(eq(pixKeys.bankAccountId, bankAccountId), eq(pixKeys.status, 'ACTIVE')));
  return n;
}

/**
 * Registers a key (product.md §7). Everything that can be refused is checked first; then the request_id is
 * claimed (so a replay never registers twice at the provider), the provider registers the key and answers
 * its directory lookup (outside any transaction), and one transaction re-checks the limit under the account's
 * row lock and inserts. A key lost to a race is removed from the provider again.
 */
export async function createPixKey(db: Database, providers: ProviderRegistry, principal: CompanyPrincipal, merchantId: string, input: CreatePixKeyInput) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const [account] = await db.select().from(bankAccounts).where(and(eq(bankAccounts.id, input.bank_account_id), eq(bankAccounts.companyId, company.id))).limit(1);
  if (!account) throw notFound('Bank account');
  const replay = await peekReplay(db, principal, input);
  if (replay) return { row: replay, replayed: true };
  const check = checkKey(input.key_type, input.key);
  if (!check.ok) throw invalidField('key', check.type, check.message, check.type === 'REQUIRED' ? undefined : input.key);
  if ((input.key_type === 'CPF' || input.key_type === 'CNPJ') && check.key !== company.documentNumber) {
    throw badRequest(`A ${input.key_type} key must be the document of the account owner`, 'key', input.key);
  }
  if (check.key && (await activeKeyExists(db, check.key))) throw taken(check.key);
  const limit = keyLimitFor(company.documentType);
  if ((await activeKeysOf(db, account.id)) >= limit) throw overLimit(account.id, limit);

  let id: string = randomUUID();
  if (input.request_id) {
    const claimed = await db.transaction((tx) => claimRequestId(tx, { companyId: principal.companyId, scope: 'pix-key', requestId: input.request_id!, body: input, resourceId: id }));
    if (claimed) {
      const [row] = await db.select().from(pixKeys).where(eq(pixKeys.id, claimed)).limit(1);
      if (row) return { row, replayed: true };
      id = claimed;
    }
  }

  const banking = bankingOf(providers.get(account.provider as ProviderName));
  const registered = await banking.registerPixKey({
    keyType: input.key_type,
    key: check.key,
    account: { branch: account.branch, accountNumber: account.accountNumber },
    owner: { name: company.fullName, document: company.documentNumber },
  });
  try {
    const row = await insertKey(db, company, account.id, id, input.key_type, registered.key, registered.dict, limit);
    return { row, replayed: false };
  } catch (err) {
    await banking.deletePixKey(registered.key).catch(() => undefined);
    if (isUniqueViolation(err, ACTIVE_KEY_UQ)) throw taken(registered.key);
    throw err;
  }
}

/** A retry of a request that already created its key answers it before any check could refuse the retry. */
async function peekReplay(db: Database, principal: CompanyPrincipal, input: CreatePixKeyInput): Promise<PixKeyRow | undefined> {
  if (!input.request_id) return undefined;
  const [claim] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, principal.companyId), eq(idempotencyKeys.scope, 'pix-key'), eq(idempotencyKeys.requestId, input.request_id)))
    .limit(1);
  if (!claim) return undefined;
  if (claim.fingerprint !== fingerprint(input)) throw conflict('This request_id was already used with a different body', 'request_id', input.request_id);
  const [row] = await db.select().from(pixKeys).where(eq(pixKeys.id, claim.resourceId)).limit(1);
  return row;
}

async function insertKey(db: Database, company: CompanyRow, accountId: string, id: string, keyType: PixKeyRow['keyType'], key: string, dict: unknown, limit: number): Promise<PixKeyRow> {
  return db.transaction(async (tx) => {
    // The account row lock serializes registrations on one account, so the limit holds under concurrency.
    await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, accountId)).for('update');
    const active = await activeKeysOf(tx, accountId);
    if (active >= limit) throw overLimit(accountId, limit);
    const now = new Date();
    const [row] = await tx
      .insert(pixKeys)
      .values({ id, companyId: company.id, organizationId: company.organizationId ?? company.id, bankAccountId: accountId, keyType, key, primary: active === 0, status: 'ACTIVE', dictKeyInformation: dict, createdAt: now, updatedAt: now })
      .returning();
    return row;
  });
}

async function findKey(tx: Executor, companyId: string, id: string, lock = false): Promise<PixKeyRow> {
  const query = tx.select().from(pixKeys).where(and(eq(pixKeys.id, id), eq(pixKeys.companyId, companyId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('PIX key');
  return row;
}

export async function getPixKey(db: Database, principal: CompanyPrincipal, merchantId: string, id: string): Promise<PixKeyRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  return findKey(db, company.id, id);
}

/**
 * Soft delete (platform-api.md PIX key): the provider removes it from the directory first (outside any
 * transaction), then the row moves to DELETED with deleted_at. Deleting a deleted key returns it unchanged.
 */
export async function deletePixKey(db: Database, providers: ProviderRegistry, principal: CompanyPrincipal, merchantId: string, id: string): Promise<PixKeyRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  const current = await findKey(db, company.id, id);
  if (current.status === 'DELETED') return current;
  const [account] = await db.select({ provider: bankAccounts.provider }).from(bankAccounts).where(eq(bankAccounts.id, current.bankAccountId)).limit(1);
  await bankingOf(providers.get(account.provider as ProviderName)).deletePixKey(current.key);
  return db.transaction(async (tx) => {
    const row = await findKey(tx, company.id, id, true);
    if (row.status === 'DELETED') return row;
    const now = new Date();
    const [updated] = await tx.update(pixKeys).set({ status: 'DELETED', deletedAt: now, updatedAt: now }).where(eq(pixKeys.id, id)).returning();
    return updated;
  });
}

const listColumns = { id: pixKeys.id, createdAt: pixKeys.createdAt, status: pixKeys.status };

export async function listPixKeys(db: Database, principal: CompanyPrincipal, merchantId: string, q: CommonListFilters & { key_type?: string; bank_account_id?: string }) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const scope = and(
    eq(pixKeys.companyId, company.id),
    ...(q.key_type ? [eq(pixKeys.keyType, q.key_type as PixKeyRow['keyType'])] : []),
    ...(q.bank_account_id ? [eq(pixKeys.bankAccountId, q.bank_account_id)] : []),
  );
  return selectPage(db, pixKeys, scope, q, listColumns);
}
