import { and, count, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { bankAccounts, pixKeys, type ProviderOperationRow, type PixKeyRow } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { completeRequest } from '../../kernel/idempotency.js';
import {
  claimOrJoin,
  claimProviderOperation,
  findProviderOperation,
  runForRequest,
  type OperationHandler,
  type OperationHandlers,
  type OperationRuntime,
  type RequestRun,
} from '../../kernel/provider-operation.js';
import { derivedOperationId } from '../../kernel/provider-operation.rules.js';
import type { PixKeyType, RegisterPixKeyResult } from '../../providers/banking.js';
import type { ProviderRegistry } from '../../providers/registry.js';

/**
 * A PIX key's registration is one provider operation (src/kernel/provider-operation.ts, docs/decisions/
 * provider-operations.md): kind `pix-key.register`, resource the key (its id chosen before the call, the key
 * the provider registers it under), claimed with its recovery job, called outside any transaction, recorded
 * (the key row, the request_id's claim completed) in one transaction under the account's row lock, where the
 * limit is checked again. A key the recording cannot keep (the limit reached meanwhile) is removed at the
 * provider by its own operation, `pix-key.unregister`, claimed in that same transaction (only the resource
 * that registered a key removes it). An unknown outcome or a failing record step leave the registration
 * PENDING; its recovery job reads under the key first (`pix-key.sync`), then registers again under it.
 */
export const PIX_KEY_OPERATION = 'pix-key.register';
export const PIX_KEY_UNREGISTER_OPERATION = 'pix-key.unregister';
const RESOURCE = 'pix-key';
const ACTIVE_KEY_UQ = 'pix_keys_active_key_uq';

export interface RegistrationDeps {
  clock: Clock;
  providers: ProviderRegistry;
}

interface RequestClaim {
  companyId: string;
  scope: string;
  requestId: string;
}
/** What the operation sends besides its key, and what its recording needs. Never card data. */
export interface RegisterCall {
  keyType: PixKeyType;
  /** Absent for EVP: the provider generates it (the same for the same key). */
  key: string | null;
  account: { branch: string; accountNumber: string };
  owner: { name: string; document: string };
  companyId: string;
  bankAccountId: string;
  limit: number;
  claim: RequestClaim | null;
}
const callOf = (op: ProviderOperationRow) => op.request as unknown as RegisterCall;

/** Why a registration the provider made was not kept (the unregister operation's request says it). */
export type NotKept = 'LIMIT' | 'TAKEN';

const keyById = async (ex: Executor, id: string) =>
  (await ex.select().from(pixKeys).where(eq(pixKeys.id, id)).limit(1))[0];

export async function activeKeysOf(tx: Executor, bankAccountId: string): Promise<number> {
  const [counted] = await tx
    .select({ n: count() })
    .from(pixKeys)
    .where(and(eq(pixKeys.bankAccountId, bankAccountId), eq(pixKeys.status, 'ACTIVE')));
  return counted?.n ?? 0; // a count without group by answers one row
}

const unregisterIdOf = (keyId: string) => derivedOperationId(keyId, PIX_KEY_UNREGISTER_OPERATION);

/** In the recording transaction: the key row, or (the limit reached, the key active elsewhere) why not. */
async function recordRegistered(
  tx: Tx,
  rt: OperationRuntime,
  clock: Clock,
  op: ProviderOperationRow,
  registered: RegisterPixKeyResult,
): Promise<void> {
  const call = callOf(op);
  // The account row lock serializes registrations on one account, so the limit holds under concurrency.
  await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, call.bankAccountId))
    .for('update');
  if (await keyById(tx, op.resourceId)) return;
  const active = await activeKeysOf(tx, call.bankAccountId);
  if (active >= call.limit) return notKept(tx, rt, op, registered.key, 'LIMIT');
  const now = clock.now(op.organizationId);
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(pixKeys).values({
        id: op.resourceId,
        companyId: call.companyId,
        organizationId: op.organizationId ?? call.companyId,
        bankAccountId: call.bankAccountId,
        keyType: call.keyType,
        key: registered.key,
        primary: active === 0,
        status: 'ACTIVE',
        dictKeyInformation: registered.dict,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (err) {
    // Another resource holds the key: it is theirs at the provider too, so nothing is removed there.
    if (!isUniqueViolation(err, ACTIVE_KEY_UQ)) throw err;
    return notKept(tx, rt, op, registered.key, 'TAKEN');
  }
  if (call.claim) await completeRequest(tx, call.claim);
}

/** The registration stands at the provider but not here: over the limit, its own registration is removed (an operation). */
async function notKept(
  tx: Tx,
  rt: OperationRuntime,
  op: ProviderOperationRow,
  key: string,
  why: NotKept,
): Promise<void> {
  await claimProviderOperation(
    tx,
    rt.enqueue,
    {
      id: unregisterIdOf(op.resourceId),
      kind: PIX_KEY_UNREGISTER_OPERATION,
      resourceType: RESOURCE,
      resourceId: op.resourceId,
      organizationId: op.organizationId,
      companyId: op.companyId,
      provider: op.provider,
      // A key another resource holds is never removed: the provider removes a key only for the id that registered it.
      request: { key, why, registeredUnder: op.id, remove: why === 'LIMIT' },
    },
    rt.now(),
  );
}

export function pixKeyOperationHandlers(deps: RegistrationDeps & { operations: OperationRuntime }): OperationHandlers {
  const call = (op: ProviderOperationRow) => {
    const c = callOf(op);
    return deps.providers.require(
      op.provider,
      'pix-key.register',
    )({
      idempotencyKey: op.id,
      keyType: c.keyType,
      ...(c.key === null ? {} : { key: c.key }),
      account: c.account,
      owner: c.owner,
    });
  };
  const register: OperationHandler<RegisterPixKeyResult> = {
    call,
    resume: async (op) => {
      if (!deps.providers.offers(op.provider, 'pix-key.sync')) return call(op);
      const found = await deps.providers.require(op.provider, 'pix-key.sync')({ idempotencyKey: op.id });
      if (!found.found) return call(op);
      return { key: found.key, dict: found.dict };
    },
    succeeded: (tx, op, result) => recordRegistered(tx, deps.operations, deps.clock, op, result),
  };
  const unregister: OperationHandler = {
    // The removal is for the registration's key (the id it was registered under), repeated safely.
    call: async (op) => {
      const r = op.request as { key: string; registeredUnder: string; remove: boolean };
      if (!r.remove) return { deleted: false };
      return deps.providers.require(op.provider, 'pix-key.delete')({ idempotencyKey: r.registeredUnder, key: r.key });
    },
    succeeded: async () => undefined,
    releaseWhenUnavailable: false,
  };
  return { [PIX_KEY_OPERATION]: register, [PIX_KEY_UNREGISTER_OPERATION]: unregister };
}

export type Registration =
  | { status: 'SUCCEEDED'; row: PixKeyRow }
  | { status: 'NOT_KEPT'; why: NotKept; key: string }
  | { status: Exclude<RequestRun['status'], 'SUCCEEDED'>; error: unknown };

/**
 * Registers the key `keyId` on the primitive (or answers it when recorded). A key with an open registration (a
 * crash, an unknown outcome, a concurrent duplicate of its request_id) is joined: the same call under the same
 * key. A registration the recording could not keep has its removal run now (its own operation).
 */
export async function registerPixKey(
  deps: RegistrationDeps & { operations: OperationRuntime },
  keyId: string,
  target: { organizationId: string; provider: string },
  call: RegisterCall,
): Promise<Registration> {
  const rt = deps.operations;
  const claimed = await claimOrJoin(
    rt,
    {
      kind: PIX_KEY_OPERATION,
      resourceType: RESOURCE,
      resourceId: keyId,
      organizationId: target.organizationId,
      companyId: call.companyId,
      provider: target.provider,
      request: { ...call },
    },
    (tx) => keyById(tx, keyId),
  );
  if ('existing' in claimed) return { status: 'SUCCEEDED', row: claimed.existing };
  const handlers = pixKeyOperationHandlers(deps);
  const ran = await runForRequest(rt, claimed.op, handlers[PIX_KEY_OPERATION]!);
  if (ran.status !== 'SUCCEEDED') return { status: ran.status, error: ran.error };
  const row = await keyById(rt.db, keyId);
  if (row) return { status: 'SUCCEEDED', row };
  const removal = await findProviderOperation(rt.db, unregisterIdOf(keyId));
  if (!removal) throw new Error(`PIX key ${keyId} registered without its row or its removal`);
  const why = (removal.request as { why: NotKept; key: string }).why;
  if (removal.status === 'PENDING') await runForRequest(rt, removal, handlers[PIX_KEY_UNREGISTER_OPERATION]!);
  return { status: 'NOT_KEPT', why, key: (removal.request as { key: string }).key };
}
