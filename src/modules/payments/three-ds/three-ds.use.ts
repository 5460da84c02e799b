import type { Executor } from '../../../db/client.js';
import { conflict, notFound } from '../../../kernel/errors.js';
import { authenticationValueVisible, checkSessionUse } from './three-ds.rules.js';
import { lockSessions, markSessionsUsed } from './three-ds.repo.js';
import type { ThreeDsSessionRow } from '../../../db/schema/index.js';
import { DomainError } from '../../../kernel/errors.js';
import { must } from '../../../kernel/must.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionUseInput {
  sessionId: string;
  companyId: string;
  amount: number;
  installments: number;
  transactionId: string;
  now: Date;
}

export interface ConsumedSession {
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
}

export async function consumeThreeDsSession(tx: Executor, input: SessionUseInput): Promise<ConsumedSession> {
  const [used] = await consumeThreeDsSessions(tx, [input]);
  if (used instanceof DomainError) throw used;
  return must(used, 'one answer per use');
}

/**
 * The uses of a batch of creates (the grouped recording, transactions.batch.ts), in the caller's transaction:
 * every session locked by ONE statement (in id order), P3's checks applied to each use in order (a session named
 * twice in a batch is used by the first and answers the second `USED`), and the uses marked by ONE statement.
 * Each use's answer is its session, or the refusal (404 or 409) that answers that create alone.
 */
export async function consumeThreeDsSessions(
  tx: Executor,
  inputs: readonly SessionUseInput[],
): Promise<(ConsumedSession | DomainError)[]> {
  const ids = [...new Set(inputs.filter((i) => UUID.test(i.sessionId)).map((i) => i.sessionId))];
  const rows = ids.length > 0 ? await lockSessions(tx, ids, [...new Set(inputs.map((i) => i.companyId))]) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const marks: { id: string; transactionId: string; updatedAt: Date }[] = [];
  const answers = inputs.map((input) => {
    const row = byId.get(input.sessionId);
    try {
      // Another company's session is no session for this one (404, as for an unknown id).
      const consumed = useOf(row?.companyId === input.companyId ? row : undefined, input);
      if (row) {
        byId.set(row.id, { ...row, transactionId: input.transactionId });
        marks.push({ id: row.id, transactionId: input.transactionId, updatedAt: input.now });
      }
      return consumed;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
  });
  await markSessionsUsed(tx, marks);
  return answers;
}

/**
 * A transaction using a 3DS session (payments.md P3 `three_ds.session_id`): P3's checks (404 for another
 * company's session; 409 `three_ds.session_id` with the status or `USED`; 409 `amount`; 409 `installments`).
 * Hands back what the transaction records and sends: the 3DS proof, the card (its number the `ev:v1` value the
 * session kept, never plaintext) and the authentication value while it is still visible (an hour after success).
 */
function useOf(row: ThreeDsSessionRow | undefined, input: SessionUseInput): ConsumedSession {
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
