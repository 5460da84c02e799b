import type { Executor } from '../../../db/client.js';
import type { TransactionRow } from '../../../db/schema/index.js';
import { PROVIDER_NAMES } from '../../../providers/port.js';
import { merchantReferenceFor } from '../../onboarding/affiliation-confirmation.js';

/**
 * What a real connector needs beyond the port's request (providers.md R2.3, R2.6): where the payment lands at
 * the provider (the affiliation's confirmed merchant reference) and, for modifications, the provider's own
 * reference of the payment (Adyen's `pspReference`, kept as the transaction's `provider_reference`). Adapters
 * that do not need them ignore them; the built-in sandbox stand-ins get nothing (no read on their path).
 */
export interface ProviderExtras {
  merchant?: { merchantAccount: string; store: string | null };
  providerReference?: string;
  /** Our transaction's id: Adyen's `reference` and the base of its modification keys (R2.1), whatever the attempt. */
  transactionId?: string;
}

const BUILT_IN: ReadonlySet<string> = new Set(PROVIDER_NAMES);
export const isBuiltIn = (provider: string) => BUILT_IN.has(provider);

/**
 * `known`: the affiliations' merchant references by provider as the caller already read them (a create's routing
 * read, src/modules/routing/routing-route.ts), absent from it meaning no affiliation; without it, one read.
 */
export async function providerExtras(
  db: Executor,
  row: Pick<TransactionRow, 'id' | 'companyId' | 'provider' | 'providerReference'>,
  known?: ReadonlyMap<string, Record<string, unknown> | null>,
): Promise<ProviderExtras> {
  if (BUILT_IN.has(row.provider)) return {};
  const ref = known ? (known.get(row.provider) ?? null) : await merchantReferenceFor(db, row.companyId, row.provider);
  return {
    ...(typeof ref?.merchant_account === 'string'
      ? { merchant: { merchantAccount: ref.merchant_account, store: typeof ref.store === 'string' ? ref.store : null } }
      : {}),
    ...(row.providerReference ? { providerReference: row.providerReference } : {}),
    transactionId: row.id,
  };
}

/** R2.3: the authorization's extras (our transaction id as `reference`, the funding source, the customer). */
export function authorizationExtras(row: Pick<TransactionRow, 'id' | 'paymentMethod' | 'customer'>) {
  const c = row.customer;
  return {
    reference: row.id,
    fundingSource: row.paymentMethod === 'DEBIT_CARD' ? ('debit' as const) : ('credit' as const),
    ...(c
      ? {
          customer: {
            name: c.name ?? null,
            email: c.email ?? null,
            phone: c.phone ?? null,
            documentNumber: c.document_number ?? null,
          },
        }
      : {}),
  };
}
