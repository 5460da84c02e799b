import type { Executor } from '../../../db/client.js';
import { conflict, notFound } from '../../../kernel/errors.js';
import { authenticationValueVisible, checkSessionUse } from './three-ds.rules.js';
import { lockSession, updateSession } from './three-ds.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A transaction using a 3DS session (payments.md P3 `three_ds.session_id`), inside the caller's transaction:
 * locks the row, applies P3's checks (404 for another company's session; 409 `three_ds.session_id` with the
 * status or `USED`; 409 `amount`; 409 `installments`) and marks it used by `transactionId`. Hands back what the
 * transaction records and sends: the 3DS proof, the card (its number the `ev:v1` value the session kept,
 * never plaintext) and the authentication value while it is still visible (an hour after success).
 */
export async function consumeThreeDsSession(
  tx: Executor,
  input: {
    sessionId: string;
    companyId: string;
    amount: number;
    installments: number;
    transactionId: string;
    now: Date;
  },
): Promise<{
  threeDs: {
    source: 'SESSION';
    session_id: string;
    version: string;
    eci: string;
    trans_status: string;
    liability_shift: boolean;
  };
  card: {
    number: string /* ev:v1 pan */;
    brand: string;
    bin: string;
    last_digits: string;
    expiry_month: string;
    expiry_year: string;
    holder_name: string;
  };
  authenticationValue: string | null;
  /** What a real provider's `mpiData` names (R2.3): how the session authenticated and the directory's id. */
  flow: 'FRICTIONLESS' | 'CHALLENGE';
  dsTransactionId: string;
}> {
  const row = UUID.test(input.sessionId) ? await lockSession(tx, input.sessionId, input.companyId) : undefined;
  // A session claimed but not yet announced (its provider's answer not recorded) is no session yet.
  if (!row || !row.announced) throw notFound('3DS session');
  const check = checkSessionUse(
    {
      status: row.status,
      transactionId: row.transactionId,
      amount: row.amount,
      installments: row.installments,
      expiresAt: row.expiresAt,
    },
    { amount: input.amount, installments: input.installments, transactionId: input.transactionId },
    input.now,
  );
  if (!check.ok) {
    const message =
      check.field === 'three_ds.session_id'
        ? 'The 3DS session is not SUCCEEDED and unused'
        : `The transaction's ${check.field} differs from the 3DS session's`;
    throw conflict(message, check.field, check.value);
  }
  await updateSession(tx, row.id, { transactionId: input.transactionId, updatedAt: input.now });
  return {
    // A SUCCEEDED session always has these (a frictionless Y or a completed challenge).
    threeDs: {
      source: 'SESSION',
      session_id: row.id,
      version: row.version ?? '2.2.0',
      eci: row.eci ?? '',
      trans_status: row.transStatus ?? 'Y',
      liability_shift: row.liabilityShift,
    },
    card: {
      number: row.cardNumberCiphertext,
      brand: row.cardBrand,
      bin: row.cardBin,
      last_digits: row.cardLastDigits,
      expiry_month: row.cardExpiryMonth,
      expiry_year: row.cardExpiryYear,
      holder_name: row.cardHolderName,
    },
    authenticationValue: authenticationValueVisible(row.succeededAt, input.now) ? row.authenticationValue : null,
    flow: row.flow === 'CHALLENGE' ? 'CHALLENGE' : 'FRICTIONLESS',
    dsTransactionId: row.dsTransactionId ?? '',
  };
}
