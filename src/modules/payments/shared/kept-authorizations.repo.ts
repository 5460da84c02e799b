import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { keptAuthorizations, type TransactionRow } from '../../../db/schema/index.js';
import type { AuthorizeCardRequest } from '../../../providers/payments.js';
import { isBuiltIn } from './provider-extras.js';

/**
 * providers.md R5.1 at a provider without a payment read (ADYEN_CHECKOUT): the sync of an unknown authorization
 * replays it under its key, so the attempt's request is kept (docs/decisions/providers.md "Sync of an unknown Adyen
 * authorization"). Kept without the CVV (R2.3: never after the create) and with the card number as the ev: value
 * the core received (P6: the core never holds a plaintext number; only the adapter opens it). One row per attempt,
 * written in the attempt's claim transaction, deleted when the transaction leaves PROCESSING (in the transaction
 * that moves it), by the sync at `expires_at` (24 h after the transaction's creation), or with the row.
 */

/** R5.1: the sync replays for 24 h after the transaction's creation; then it stays PROCESSING. */
export const KEPT_AUTHORIZATION_MS = 24 * 3_600_000;

/** The connectors whose sync needs the request (no payment read: the sync replays it). */
export const keepsAuthorization = (connector: string) => connector === 'ADYEN_CHECKOUT';

/**
 * The request as it is kept: the port's request minus `card.cvv`. Null when a card value is not an ev: value
 * (never expected: the create takes only ev: values; nothing readable is ever written).
 */
export function keptRequestOf(request: AuthorizeCardRequest): Record<string, unknown> | null {
  const { cvv: _neverKept, ...card } = request.card;
  const sealed = (v: string | undefined) => v === undefined || v.startsWith('ev:');
  if (!sealed(card.number) || !sealed(card.networkToken?.cryptogram)) return null;
  return { ...request, card };
}

export interface KeptAuthorization {
  attemptId: string;
  transactionId: string;
  organizationId: string;
  request: Record<string, unknown>;
  /** The transaction's creation: the 24 h count from it. */
  transactionCreatedAt: Date;
}

/**
 * The insert of the attempt's kept request, unexecuted, for the claim to run in its own statement (a resumed create
 * claiming the same attempt writes the same request).
 */
export function keptAuthorizationInsert(ex: Executor, k: KeptAuthorization) {
  return ex
    .insert(keptAuthorizations)
    .values({
      attemptId: k.attemptId,
      transactionId: k.transactionId,
      organizationId: k.organizationId,
      request: k.request,
      createdAt: k.transactionCreatedAt,
      expiresAt: new Date(k.transactionCreatedAt.getTime() + KEPT_AUTHORIZATION_MS),
    })
    .onConflictDoUpdate({ target: keptAuthorizations.attemptId, set: { request: k.request } });
}

/** The attempt's kept request, with when it stops serving (the sync decides: replay.rules.ts). */
export async function keptAuthorization(
  ex: Executor,
  attemptId: string,
): Promise<{ request: Record<string, unknown>; expiresAt: Date } | null> {
  const [row] = await ex
    .select({ request: keptAuthorizations.request, expiresAt: keptAuthorizations.expiresAt })
    .from(keptAuthorizations)
    .where(eq(keptAuthorizations.attemptId, attemptId));
  return row ?? null;
}

/** Deletes the transaction's kept requests (it left PROCESSING, or its replays stopped at 24 h). */
export async function forgetKeptAuthorizations(ex: Executor, transactionIds: string | string[]): Promise<void> {
  const ids = typeof transactionIds === 'string' ? [transactionIds] : transactionIds;
  if (ids.length > 0) await ex.delete(keptAuthorizations).where(inArray(keptAuthorizations.transactionId, ids));
}

/** Only a transaction with an attempt at a real connector can have kept a request (no statement for the others). */
export const mayHaveKeptAuthorization = (row: Pick<TransactionRow, 'provider' | 'attempts'>) =>
  !isBuiltIn(row.provider) || (row.attempts ?? []).some((a) => !isBuiltIn(a.provider));
