import type { Executor } from '../../db/client.js';
import { notFound } from '../../kernel/errors.js';

/**
 * PLACEHOLDER owned by the 3DS sessions work (branch wip-threeds): the merge replaces this file. A transaction
 * consumes a SUCCEEDED, unused session of the same company with the same amount and installments (payments.md
 * P3), inside the creating transaction; it answers the session's result and its card (`number` an ev:v1 pan).
 */
export async function consumeThreeDsSession(
  tx: Executor,
  input: { sessionId: string; companyId: string; amount: number; installments: number; transactionId: string; now: Date },
): Promise<{
  threeDs: { source: 'SESSION'; session_id: string; version: string; eci: string; trans_status: string; liability_shift: boolean };
  card: { number: string /* ev:v1 pan */; brand: string; bin: string; last_digits: string; expiry_month: string; expiry_year: string; holder_name: string };
  authenticationValue: string | null;
}> {
  void tx;
  void input;
  throw notFound('3DS session');
}
