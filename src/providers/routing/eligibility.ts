import type { RoutedPayment } from './conditions.js';
import type { CircuitState } from './circuit-breaker.js';

/** R1.8's capabilities, as far as routing reads them. */
export interface RoutingCapabilities {
  payment_methods: readonly string[];
  card_brands: readonly string[];
  max_installments: number | null;
  capture_modes: readonly string[];
  three_ds_sessions: boolean;
  external_three_ds: boolean;
  network_tokens: boolean;
  pix_due_date: boolean;
}

/** What a decision knows of one account for one paying company, read before deciding (R6.5). */
export interface AccountSnapshot {
  provider: string;
  provider_account_id: string;
  connector: 'SANDBOX' | 'ADYEN_CHECKOUT' | 'PIX_API_BCB';
  status: 'ACTIVE' | 'DISABLED';
  /** The organization may use it (R1.5). */
  allowed: boolean;
  capabilities: RoutingCapabilities;
  /** The paying company's affiliation with the account, null when it has none. */
  affiliation: { status: string; card_brands: readonly string[] } | null;
  /** The circuit as it reads now; the full state when read from the table (the breaker's writes skip on it). */
  circuit: Pick<CircuitState, 'state' | 'probe_in_flight'> & Partial<CircuitState>;
}

/** R6.5's reasons, in the order they are reported. */
export const INELIGIBILITY_REASONS = [
  'ACCOUNT_DISABLED',
  'ACCOUNT_NOT_ALLOWED',
  'CAPABILITY_MISMATCH',
  'NO_ACTIVE_AFFILIATION',
  'CIRCUIT_OPEN',
] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

/** Whether the account's capabilities (and, for Adyen, the affiliation's brands) can take this payment. */
export function capable(account: AccountSnapshot, payment: RoutedPayment): boolean {
  const caps = account.capabilities;
  if (payment.three_ds_session && !caps.three_ds_sessions) return false;
  // R2.8: Adyen runs web 3DS2 only (browserInfo is required): a session without a browser, or started by the
  // merchant, is not one it can authenticate.
  if (payment.three_ds_session && account.connector === 'ADYEN_CHECKOUT' && payment.three_ds_web === false)
    return false;
  if (!caps.payment_methods.includes(payment.payment_method)) return false;
  const brand = payment.card?.brand ?? null;
  if (brand !== null && !caps.card_brands.includes(brand)) return false;
  if (payment.installments > (caps.max_installments ?? 1)) return false;
  if (!payment.capture && !caps.capture_modes.includes('MANUAL')) return false;
  if (payment.pix_due_date && !caps.pix_due_date) return false;
  if (payment.three_ds !== null && !payment.three_ds_session && !caps.external_three_ds) return false;
  if (payment.wallet_token && !caps.network_tokens) return false;
  const affiliationBrands = account.affiliation?.card_brands ?? [];
  if (
    account.connector === 'ADYEN_CHECKOUT' &&
    brand !== null &&
    affiliationBrands.length > 0 &&
    !affiliationBrands.includes(brand)
  ) {
    return false;
  }
  return true;
}

/**
 * Every reason the account cannot take the payment, in R6.5's order; `[]` when it is eligible. A half-open
 * circuit lets one payment through at a time (the probe), so it is ineligible while its probe is in flight.
 */
export function ineligibilityReasons(account: AccountSnapshot, payment: RoutedPayment): IneligibilityReason[] {
  const reasons: IneligibilityReason[] = [];
  if (account.status !== 'ACTIVE') reasons.push('ACCOUNT_DISABLED');
  if (!account.allowed) reasons.push('ACCOUNT_NOT_ALLOWED');
  if (!capable(account, payment)) reasons.push('CAPABILITY_MISMATCH');
  if (account.affiliation?.status !== 'ACTIVE') reasons.push('NO_ACTIVE_AFFILIATION');
  const { state, probe_in_flight } = account.circuit;
  if (state === 'OPEN' || (state === 'HALF_OPEN' && probe_in_flight)) reasons.push('CIRCUIT_OPEN');
  return reasons;
}
