import type { ThreeDsSessionRow } from '../../../db/schema/index.js';
import { authenticationValueVisible } from './three-ds.rules.js';
import type { SessionView } from './three-ds.schemas.js';

/**
 * The session as P7 shows it. The ciphertext, the customer, the browser data and the token id are never read
 * into a view; the authentication value only within an hour of success (`now` is the organization's clock).
 */
export function toSessionView(row: ThreeDsSessionRow, now: Date): SessionView {
  const waiting = row.status === 'ACTION_REQUIRED';
  return {
    id: row.id,
    company_id: row.companyId,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: 'BRL',
    installments: row.installments,
    card: {
      brand: row.cardBrand,
      bin: row.cardBin,
      last_digits: row.cardLastDigits,
      expiry_month: row.cardExpiryMonth,
      expiry_year: row.cardExpiryYear,
    },
    challenge_preference: row.challengePreference as SessionView['challenge_preference'],
    initiator: {
      type: row.initiatorType as 'CUSTOMER' | 'MERCHANT',
      reason: (row.initiatorReason ?? null) as SessionView['initiator']['reason'],
    },
    // While the provider's answer is unknown (a timeout) there is nothing to open yet: null until the sync knows.
    next_action:
      waiting && !row.awaitingProvider && row.challengeUrl
        ? { type: 'CHALLENGE', challenge_url: row.challengeUrl, expires_at: row.expiresAt.toISOString() }
        : null,
    result: {
      flow: (row.flow ?? null) as SessionView['result']['flow'],
      version: row.version,
      trans_status: row.transStatus,
      eci: row.eci,
      liability_shift: row.liabilityShift,
      authentication_value:
        row.status === 'SUCCEEDED' && authenticationValueVisible(row.succeededAt, now) ? row.authenticationValue : null,
      ds_transaction_id: row.dsTransactionId,
      three_ds_server_trans_id: row.threeDsServerTransId,
      acs_transaction_id: row.acsTransactionId,
    },
    failure_reason: (row.failureReason ?? null) as SessionView['failure_reason'],
    transaction_id: row.transactionId,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
