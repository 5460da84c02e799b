import { assertBankingCapable, atProvider } from '../banking/banking.repo.js';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { bankAccounts, pixKeys, type CompanyRow, type PixKeyRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, conflict, invalidField, notFound } from '../../kernel/errors.js';
import { beginRequest, completeRequest, findClaim, fingerprint, releaseRequest } from '../../kernel/idempotency.js';
import { ProviderError, unknownOutcome } from '../../providers/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { activeKeysOf, registerPixKey } from './pix-key-registration.js';
import { providerFailure } from '../../kernel/provider-failures.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { checkKey, keyLimitFor } from './pix.rules.js';
import type { CreatePixKeyInput } from './pix.schemas.js';
import { must } from '../../kernel/must.js';

const taken = (key: string) => conflict('This key is already registered and active', 'key', key);
const overLimit = (id: string, limit: number) =>
  conflict(`The bank account already has the maximum of ${limit} active PIX keys`, 'bank_account_id', id);

async function activeKeyExists(tx: Executor, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pixKeys.id })
    .from(pixKeys)
    .where(and(eq(pixKeys.key, key), eq(pixKeys.status, 'ACTIVE')))
    .limit(1);
  return row !== undefined;
}

/**
 * Registers a key (product.md §7), in atomic phases. Everything that can be refused is checked first; then
 * the request_id is claimed as in progress (own transaction), and the registration runs as a provider
 * operation (pix-key-registration.ts): claimed with its recovery job, the provider registers the key under our
 * key id as its idempotency key (outside any transaction), and one transaction re-checks the limit under the
 * account's row lock, inserts and completes the claim; an unknown outcome is finished by the recovery job. A concurrent duplicate waits and replays (or gets
 * 409 REQUEST_IN_PROGRESS), never a second registration; a key another resource holds is never deleted at the provider.
 */
export async function createPixKey(
  db: Database,
  providers: ProviderRegistry,
  clock: Clock,
  principal: CompanyPrincipal,
  merchantId: string,
  input: CreatePixKeyInput,
  /** A request_id claim's lease (config `recovery.requestLeaseMs`); default IN_PROGRESS_LEASE_MS. */
  requestLeaseMs?: number,
) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const [account] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, input.bank_account_id), eq(bankAccounts.companyId, company.id)))
    .limit(1);
  if (!account) throw notFound('Bank account');
  assertBankingCapable(account);
  const claim = input.request_id
    ? { companyId: principal.companyId, scope: 'pix-key', requestId: input.request_id }
    : undefined;
  const replay = await peekReplay(db, claim, input);
  if (replay) return { row: replay, replayed: true };
  const limit = keyLimitFor(company.documentType);
  let check;
  try {
    check = await checkCreatable(db, company, account.id, input, limit);
  } catch (err) {
    // The first of two concurrent duplicates may have recorded the key meanwhile: that is a replay, not a refusal.
    const recorded = await peekReplay(db, claim, input);
    if (recorded) return { row: recorded, replayed: true };
    throw err;
  }
  try {
    providers.require(account.provider, 'pix-key.register');
  } catch (err) {
    throw providerFailure(err, 'PIX key registration');
  }

  let id: string = randomUUID();
  if (claim) {
    const begun = await beginRequest(db, { ...claim, body: input, resourceId: id }, clock, { leaseMs: requestLeaseMs });
    if (begun.kind === 'replay') {
      const [row] = await db.select().from(pixKeys).where(eq(pixKeys.id, begun.resourceId)).limit(1);
      if (row) return { row, replayed: true };
    }
    id = begun.resourceId;
  }
  // A retry resuming a claim whose key its recovery job recorded meanwhile: answer it.
  const [recorded] = await db.select().from(pixKeys).where(eq(pixKeys.id, id)).limit(1);
  if (recorded) {
    if (claim) await completeRequest(db, claim);
    return { row: recorded, replayed: true };
  }

  const operations = { db, now: () => clock.now(), enqueue: enqueueJob };
  const registration = await registerPixKey(
    { clock, providers, operations },
    id,
    { organizationId: company.organizationId ?? company.id, provider: account.provider },
    {
      keyType: input.key_type,
      key: check.key ?? null,
      account: atProvider(account),
      owner: { name: company.fullName, document: company.documentNumber },
      companyId: company.id,
      bankAccountId: account.id,
      limit,
      claim: claim ?? null,
    },
  );
  switch (registration.status) {
    case 'SUCCEEDED':
      return { row: registration.row, replayed: false };
    case 'NOT_KEPT':
      if (claim) await releaseRequest(db, claim, 'forget', clock.now());
      throw registration.why === 'TAKEN' ? taken(registration.key) : overLimit(account.id, limit);
    case 'FAILED': {
      if (claim) await releaseRequest(db, claim, 'forget', clock.now());
      const err = registration.error;
      if (err instanceof ProviderError && err.code === 'KEY_ALREADY_REGISTERED')
        throw taken(check.key ?? input.key ?? '');
      throw providerFailure(err, 'PIX key registration');
    }
    default:
      // Nothing submitted (RELEASED) or the outcome unknown (PENDING: its recovery job records the key).
      if (claim) await releaseRequest(db, claim, 'unlock', clock.now());
      throw providerFailure(
        registration.error instanceof ProviderError
          ? registration.error
          : unknownOutcome('the registration was not recorded', 'pix-key.register'),
        'PIX key registration',
      );
  }
}

async function checkCreatable(
  db: Database,
  company: CompanyRow,
  accountId: string,
  input: CreatePixKeyInput,
  limit: number,
) {
  const check = checkKey(input.key_type, input.key);
  if (!check.ok)
    throw invalidField('key', check.type, check.message, check.type === 'REQUIRED' ? undefined : input.key);
  if ((input.key_type === 'CPF' || input.key_type === 'CNPJ') && check.key !== company.documentNumber) {
    throw badRequest(`A ${input.key_type} key must be the document of the account owner`, 'key', input.key);
  }
  if (check.key && (await activeKeyExists(db, check.key))) throw taken(check.key);
  if ((await activeKeysOf(db, accountId)) >= limit) throw overLimit(accountId, limit);
  return check;
}

type ClaimKey = { companyId: string; scope: string; requestId: string };

/** A retry of a request that already created its key answers it before any check could refuse the retry. */
async function peekReplay(
  db: Database,
  claim: ClaimKey | undefined,
  input: CreatePixKeyInput,
): Promise<PixKeyRow | undefined> {
  if (!claim) return undefined;
  const found = await findClaim(db, claim);
  if (!found) return undefined;
  if (found.fingerprint !== fingerprint(input))
    throw conflict('This request_id was already used with a different body', 'request_id', claim.requestId);
  if (found.phase !== 'DONE') return undefined;
  const [row] = await db.select().from(pixKeys).where(eq(pixKeys.id, found.resourceId)).limit(1);
  return row;
}

async function findKey(tx: Executor, companyId: string, id: string, lock = false): Promise<PixKeyRow> {
  const query = tx
    .select()
    .from(pixKeys)
    .where(and(eq(pixKeys.id, id), eq(pixKeys.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('PIX key');
  return row;
}

export async function getPixKey(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  id: string,
): Promise<PixKeyRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  return findKey(db, company.id, id);
}

/**
 * Soft delete (platform-api.md PIX key): the provider removes it from the directory first (outside any
 * transaction), then the row moves to DELETED with deleted_at. Deleting a deleted key returns it unchanged.
 */
export async function deletePixKey(
  db: Database,
  providers: ProviderRegistry,
  clock: Clock,
  principal: CompanyPrincipal,
  merchantId: string,
  id: string,
): Promise<PixKeyRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  const current = await findKey(db, company.id, id);
  if (current.status === 'DELETED') return current;
  const account = must(
    (
      await db
        .select({ provider: bankAccounts.provider })
        .from(bankAccounts)
        .where(eq(bankAccounts.id, current.bankAccountId))
        .limit(1)
    )[0],
    "a PIX key's bank account exists (foreign key)",
  );
  try {
    await providers.require(account.provider, 'pix-key.delete')({ idempotencyKey: current.id, key: current.key });
  } catch (err) {
    throw providerFailure(err, 'PIX key deletion');
  }
  return db.transaction(async (tx) => {
    const row = await findKey(tx, company.id, id, true);
    if (row.status === 'DELETED') return row;
    const now = clock.now(principal.organizationId);
    const updated = must(
      (
        await tx
          .update(pixKeys)
          .set({ status: 'DELETED', deletedAt: now, updatedAt: now })
          .where(eq(pixKeys.id, id))
          .returning()
      )[0],
      'an update by id finds the row locked before it',
    );
    return updated;
  });
}

const listColumns = { id: pixKeys.id, createdAt: pixKeys.createdAt, status: pixKeys.status };

export async function listPixKeys(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  q: CommonListFilters & { key_type?: string; bank_account_id?: string },
) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const scope = and(
    eq(pixKeys.companyId, company.id),
    ...(q.key_type ? [eq(pixKeys.keyType, q.key_type as PixKeyRow['keyType'])] : []),
    ...(q.bank_account_id ? [eq(pixKeys.bankAccountId, q.bank_account_id)] : []),
  );
  return selectPage(db, pixKeys, scope, q, listColumns);
}
