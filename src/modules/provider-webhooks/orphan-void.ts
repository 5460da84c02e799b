import type { Database, Tx } from '../../db/client.js';
import type { ProviderEventRow, ProviderOperationRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../kernel/clock.js';
import {
  claimProviderOperation,
  runProviderOperation,
  type OperationHandler,
  type OperationHandlers,
} from '../../kernel/provider-operation.js';
import { derivedOperationId } from '../../kernel/provider-operation.rules.js';
import { ProviderNotCapable } from '../../providers/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { merchantReferenceFor } from '../onboarding/affiliation-confirmation.js';
import { markAttemptVoided, operationRuntime } from '../payments/index.js';

/**
 * providers.md R2.9 "orphan" authorizations: Adyen authorised an attempt the platform will never use (it refused or
 * abandoned the transaction, failed over past the attempt, or never recorded it). The authorization is voided at
 * Adyen (`/payments/{pspReference}/cancels`, key `{attempt id}-void`) through the provider-operation primitive:
 * claimed in the event's processing transaction (with its recovery job), called after that commits, the attempt
 * shown `VOIDED` once Adyen accepted it. docs/decisions/providers.md "Orphan authorizations".
 */
export const ORPHAN_VOID_OPERATION = 'provider-event.orphan-void';
/** The provider operation's resource: the attempt (so it never blocks a capture or cancel of its transaction). */
export const ATTEMPT_RESOURCE = 'ATTEMPT';
/**
 * An AUTHORISATION for a reference with no transaction row at all is an orphan only this long after receipt: a
 * create records its row before calling Adyen, and its request_id lease (30 s) and recovery point (60 s) are over.
 */
export const ORPHAN_AFTER_MS = 15 * 60_000;

interface OrphanVoidRequest {
  attemptId: string;
  pspReference: string;
  merchantAccount: string | null;
  transactionId: string | null;
}

/** A connector that voids orphan authorizations (the ADYEN_CHECKOUT connector). */
interface VoidsOrphans {
  voidOrphan(attemptId: string, pspReference: string, merchant?: { merchantAccount: string }): Promise<void>;
}
const voidsOrphans = (adapter: unknown): adapter is VoidsOrphans =>
  typeof (adapter as Partial<VoidsOrphans> | null)?.voidOrphan === 'function';

/** Claims the void in the processing transaction (null: already claimed by an earlier delivery or try). */
export async function claimOrphanVoid(
  tx: Tx,
  ev: ProviderEventRow,
  orphan: {
    attemptId: string;
    pspReference: string;
    transaction: { id: string; companyId: string; organizationId: string } | null;
  },
  now: Date,
): Promise<ProviderOperationRow | null> {
  const t = orphan.transaction;
  const ref = t ? await merchantReferenceFor(tx, t.companyId, ev.provider) : null;
  const raw = ev.raw as { merchantAccountCode?: unknown } | null;
  const merchantAccount =
    typeof ref?.merchant_account === 'string'
      ? ref.merchant_account
      : typeof raw?.merchantAccountCode === 'string'
        ? raw.merchantAccountCode
        : null;
  const request: OrphanVoidRequest = {
    attemptId: orphan.attemptId,
    pspReference: orphan.pspReference,
    merchantAccount,
    transactionId: t?.id ?? null,
  };
  return claimProviderOperation(
    tx,
    enqueueJob,
    {
      kind: ORPHAN_VOID_OPERATION,
      resourceType: ATTEMPT_RESOURCE,
      resourceId: orphan.attemptId,
      organizationId: t?.organizationId ?? null,
      companyId: t?.companyId ?? null,
      provider: ev.provider,
      request: { ...request },
      id: derivedOperationId(orphan.attemptId, 'orphan-void'),
    },
    now,
  );
}

export function orphanVoidHandlers(deps: {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}): OperationHandlers {
  const handler: OperationHandler = {
    call: async (op) => {
      const r = op.request as unknown as OrphanVoidRequest;
      const adapter = await deps.providers.resolve(op.provider);
      if (!voidsOrphans(adapter)) throw new ProviderNotCapable(op.provider, 'card.void');
      await adapter.voidOrphan(
        r.attemptId,
        r.pspReference,
        r.merchantAccount ? { merchantAccount: r.merchantAccount } : undefined,
      );
    },
    succeeded: async (tx, op, _result, now) => {
      const r = op.request as unknown as OrphanVoidRequest;
      if (r.transactionId) await markAttemptVoided(tx, r.transactionId, r.attemptId, now);
    },
  };
  return { [ORPHAN_VOID_OPERATION]: handler };
}

/** After the claim committed: the call now (its recovery job finishes it if this process dies or Adyen is silent). */
export async function runOrphanVoid(
  deps: { db: Database; clock: Clock; providers: ProviderRegistry },
  op: ProviderOperationRow,
): Promise<void> {
  await runProviderOperation(operationRuntime(deps), op, orphanVoidHandlers(deps)[ORPHAN_VOID_OPERATION]!);
}
