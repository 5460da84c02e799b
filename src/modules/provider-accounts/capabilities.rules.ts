import { CARD_BRANDS } from '../../domain/card-brands.js';
import type { Connector } from '../../db/schema/provider-accounts.js';

/** providers.md R1.8: what an account can do, derived from its connector (and, for SANDBOX, which built-in it is). */
export interface Capabilities {
  payment_methods: ('CREDIT_CARD' | 'DEBIT_CARD' | 'PIX')[];
  card_brands: string[];
  max_installments: number | null;
  capture_modes: ('AUTOMATIC' | 'MANUAL')[];
  partial_capture: boolean;
  refunds: { partial: boolean; multiple: boolean };
  three_ds_sessions: boolean;
  external_three_ds: boolean;
  network_tokens: boolean;
  pix_due_date: boolean;
  banking: boolean;
  company_onboarding: boolean;
}

/** The built-in that is the platform's ledger provider: banking only, no payments (providers.md Changes 2). */
export const INTERNAL_PROVIDER = 'INTERNAL';
/** The built-ins that offer company onboarding (product.md §6 requirements). */
export const ONBOARDING_PROVIDERS: readonly string[] = ['PROVIDER_A', 'PROVIDER_B'];

const ADYEN_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'ELO', 'HIPERCARD', 'DINERS', 'DISCOVER', 'JCB'];

const SANDBOX: Capabilities = {
  payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'],
  card_brands: [...CARD_BRANDS],
  max_installments: 12,
  capture_modes: ['AUTOMATIC', 'MANUAL'],
  partial_capture: true,
  refunds: { partial: true, multiple: true },
  three_ds_sessions: true,
  external_three_ds: true,
  network_tokens: true,
  pix_due_date: true,
  banking: true,
  company_onboarding: false,
};

const NOTHING: Capabilities = {
  payment_methods: [],
  card_brands: [],
  max_installments: null,
  capture_modes: [],
  partial_capture: false,
  refunds: { partial: false, multiple: false },
  three_ds_sessions: false,
  external_three_ds: false,
  network_tokens: false,
  pix_due_date: false,
  banking: false,
  company_onboarding: false,
};

const ADYEN_CHECKOUT: Capabilities = {
  ...NOTHING,
  payment_methods: ['CREDIT_CARD', 'DEBIT_CARD'],
  card_brands: ADYEN_BRANDS,
  max_installments: 12,
  capture_modes: ['AUTOMATIC', 'MANUAL'],
  partial_capture: true,
  refunds: { partial: true, multiple: true },
  three_ds_sessions: true,
  external_three_ds: true,
  network_tokens: true,
};

const PIX_API_BCB: Capabilities = {
  ...NOTHING,
  payment_methods: ['PIX'],
  capture_modes: ['AUTOMATIC'],
  refunds: { partial: true, multiple: true },
  pix_due_date: true,
};

type CapabilityAccount = { connector: Connector; provider: string; builtIn: boolean };

function baseOf(account: CapabilityAccount): Capabilities {
  if (account.connector === 'ADYEN_CHECKOUT') return ADYEN_CHECKOUT;
  if (account.connector === 'PIX_API_BCB') return PIX_API_BCB;
  if (account.builtIn && account.provider === INTERNAL_PROVIDER) return { ...NOTHING, banking: true };
  return { ...SANDBOX, company_onboarding: account.builtIn && ONBOARDING_PROVIDERS.includes(account.provider) };
}

/** A fresh copy each call, so no caller can change the table. */
export function capabilitiesOf(account: CapabilityAccount): Capabilities {
  return structuredClone(baseOf(account));
}

const shared = new Map<string, Capabilities>();

/**
 * The same table row as `capabilitiesOf`, shared and deeply frozen: a routing decision reads every account's
 * capabilities on every create and `decide`, and the copy per account per decision showed in the create's
 * profile (docs/performance.md, 2026-11-28 04:26). Frozen, so no reader can change the table through it.
 */
export function sharedCapabilitiesOf(account: {
  connector: Connector;
  provider: string;
  builtIn: boolean;
}): Readonly<Capabilities> {
  const key = `${account.connector}|${account.builtIn}|${account.provider}`;
  let found = shared.get(key);
  if (!found) shared.set(key, (found = deepFreeze(capabilitiesOf(account))));
  return found;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
