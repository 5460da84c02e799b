import type {
  BankAccountRow,
  CompanyRow,
  StoredCardRow,
  TransactionCardDataJson,
  TransactionPixJson,
  TransactionRow,
  TransactionThreeDsJson,
} from '../../../db/schema/index.js';
import { ProviderError, unavailable, unknownOutcome } from '../../../providers/errors.js';
import type {
  AuthorizeCardRequest,
  CardInput,
  CardPaymentResult,
  PixChargeRequest,
  ThreeDsProof,
} from '../../../providers/payments.js';
import type { PixApiChargeRequest } from '../../../providers/pix-api-bcb/bodies.js';
import { CHARGE_READ_UNANSWERED } from '../../../providers/pix-api-bcb/connector.js';
import { debtorOf, termsOf, type PixDueJson } from '../shared/pix-due.rules.js';
import { brandFromBin } from '../../../domain/card-brands.js';
import type { consumeThreeDsSession } from '../three-ds/three-ds.use.js';
import type { TransactionDeps } from '../shared/transactions.context.js';
import { pixOfCharge } from '../pix/transactions.pix.js';
import { authorizationExtras, isBuiltIn, providerExtras } from '../shared/provider-extras.js';
import type { CreateTransactionInput } from '../shared/transactions.schemas.js';

type Session = Awaited<ReturnType<typeof consumeThreeDsSession>>;

/** What the provider call needs, decided inside the recording transaction (card values stay ev:). */
export type PaymentCall =
  { kind: 'card'; card: CardInput; threeDs?: ThreeDsProof } | { kind: 'pix'; expiresAt: Date; due?: PixDueJson | null };

export interface CardSourceResult {
  /** P2 card_data: display fields only. */
  view: TransactionCardDataJson;
  threeDs: TransactionThreeDsJson | null;
  card: CardInput;
  proof?: ThreeDsProof;
}

const fundingOf = (method: string) => (method === 'DEBIT_CARD' ? 'DEBIT' : 'CREDIT');

/** The card of a card transaction from its one source (P3), or null for PIX. */
export function cardSourceOf(
  input: CreateTransactionInput,
  found: { storedCard?: StoredCardRow; session?: Session },
): CardSourceResult | null {
  if (input.payment_method === 'PIX') return null;
  const cd = input.card_data ?? {};
  const external = input.three_ds?.external;
  let view: TransactionCardDataJson;
  let card: CardInput;
  let threeDs: TransactionThreeDsJson | null = null;
  let proof: ThreeDsProof | undefined;
  if (found.session) {
    const s = found.session;
    view = {
      brand: s.card.brand,
      bin: s.card.bin,
      last_digits: s.card.last_digits,
      expiry_month: s.card.expiry_month,
      expiry_year: s.card.expiry_year,
      holder_name: s.card.holder_name,
      funding: fundingOf(input.payment_method),
      wallet: null,
      stored_card_id: null,
    };
    card = {
      number: s.card.number,
      cvv: cd.cvv,
      expiryMonth: s.card.expiry_month,
      expiryYear: s.card.expiry_year,
      holderName: s.card.holder_name,
      brand: s.card.brand,
      bin: s.card.bin,
      lastDigits: s.card.last_digits,
    };
    threeDs = { ...s.threeDs, source: 'SESSION' };
    proof = {
      version: s.threeDs.version,
      eci: s.threeDs.eci,
      authenticationValue: s.authenticationValue ?? '',
      dsTransactionId: s.dsTransactionId,
      transStatus: s.threeDs.trans_status,
      flow: s.flow,
    };
  } else if (found.storedCard) {
    const sc = found.storedCard;
    view = {
      brand: sc.brand,
      bin: sc.bin,
      last_digits: sc.lastDigits,
      expiry_month: sc.expiryMonth,
      expiry_year: sc.expiryYear,
      holder_name: sc.cardholderName,
      funding: sc.funding ?? fundingOf(input.payment_method),
      wallet: null,
      stored_card_id: sc.id,
    };
    card = {
      number: sc.numberCiphertext,
      cvv: cd.cvv,
      expiryMonth: sc.expiryMonth,
      expiryYear: sc.expiryYear,
      holderName: sc.cardholderName,
      brand: sc.brand,
      bin: sc.bin,
      lastDigits: sc.lastDigits,
    };
  } else {
    const bin = cd.bin!;
    const brand = cd.brand ?? brandFromBin(bin);
    const token = cd.network_token;
    view = {
      brand,
      bin,
      last_digits: cd.last_digits!,
      expiry_month: cd.expiry_month!,
      expiry_year: cd.expiry_year!,
      holder_name: cd.holder_name ?? null,
      funding: fundingOf(input.payment_method),
      wallet: token ? (cd.wallet ?? null) : null,
      stored_card_id: null,
    };
    card = {
      number: (token ?? cd.number)!,
      cvv: cd.cvv,
      expiryMonth: cd.expiry_month!,
      expiryYear: cd.expiry_year!,
      holderName: cd.holder_name ?? '',
      brand,
      bin,
      lastDigits: cd.last_digits!,
      ...(token ? { networkToken: { cryptogram: cd.cryptogram!, eci: cd.eci, wallet: cd.wallet } } : {}),
    };
  }
  if (external) {
    threeDs = {
      source: 'EXTERNAL',
      session_id: null,
      version: external.version,
      eci: external.eci,
      trans_status: external.trans_status,
      liability_shift: external.trans_status === 'Y' || external.trans_status === 'A',
    };
    proof = {
      version: external.version,
      eci: external.eci,
      authenticationValue: external.authentication_value,
      dsTransactionId: external.ds_transaction_id,
      transStatus: external.trans_status,
      flow: 'EXTERNAL',
    };
  }
  return { view, threeDs, card, proof };
}

export type CallOutcome =
  | { kind: 'card'; result: CardPaymentResult }
  | { kind: 'pix'; pix: TransactionPixJson }
  /** The provider refused the operation itself (not a decline). */
  | { kind: 'refused'; code: string }
  /** Submitted, answer lost: PROCESSING until a sync. */
  | { kind: 'unknown' };

/**
 * The provider call, outside any database transaction, the attempt's id (R6.8) as its idempotency key. Throws the
 * ProviderError of `unavailable` and of card data that does not open (the caller undoes the row); answers
 * every other outcome.
 */
export async function callProvider(
  deps: TransactionDeps,
  row: TransactionRow,
  call: PaymentCall,
  company: CompanyRow,
  account: BankAccountRow,
  input: CreateTransactionInput,
  key: string = row.id,
  /** The card attempt's request when built already (to be kept with its claim: R5.1). */
  prepared?: AuthorizeCardRequest,
  /** The company's merchant references by provider when a create's routing read brought them (one read less). */
  merchantReferences?: ReadonlyMap<string, Record<string, unknown> | null>,
): Promise<CallOutcome> {
  const { providers } = deps;
  if (call.kind === 'card') {
    try {
      const result = await providers.require(
        row.provider,
        'card.authorize',
      )(prepared ?? (await cardAuthorization(deps, row, call, key, merchantReferences)));
      return { kind: 'card', result };
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'unknown_outcome') return { kind: 'unknown' };
      if (err instanceof ProviderError && err.kind === 'refused' && !CARD_DATA_REFUSALS.has(err.code))
        return { kind: 'refused', code: err.code };
      throw err;
    }
  }
  const charge = await pixCharge(deps, row, call, company, account, input, key);
  const city = typeof company.address.city === 'string' ? company.address.city : 'NA';
  return {
    kind: 'pix',
    pix: await pixOfCharge(deps.qrImages, {
      charge,
      amount: row.amount,
      companyName: company.name,
      city,
      expiresAt: call.expiresAt,
      due: call.due ?? null,
    }),
  };
}

/**
 * The card attempt's `card.authorize` request under its key (R6.8's attempt id). A real connector gets its extras
 * (merchant account, reference, customer: R2.3); nothing is read for the built-ins.
 */
export async function cardAuthorization(
  deps: Pick<TransactionDeps, 'db'>,
  row: TransactionRow,
  call: Extract<PaymentCall, { kind: 'card' }>,
  key: string,
  /** The company's merchant references by provider, when a create's routing read brought them (no read then). */
  merchantReferences?: ReadonlyMap<string, Record<string, unknown> | null>,
): Promise<AuthorizeCardRequest> {
  const extras = isBuiltIn(row.provider) ? {} : await providerExtras(deps.db, row, merchantReferences);
  return {
    ...(isBuiltIn(row.provider)
      ? {}
      : { ...authorizationExtras(row), ...(extras.merchant ? { merchant: extras.merchant } : {}) }),
    idempotencyKey: key,
    amount: row.amount,
    currency: 'BRL',
    installments: row.installments,
    capture: row.capture,
    card: call.card,
    ...(call.threeDs ? { threeDs: call.threeDs } : {}),
    ...(row.statementDescriptor ? { statementDescriptor: row.statementDescriptor } : {}),
  };
}

const CARD_DATA_REFUSALS = new Set(['DECRYPTION_FAILED', 'CARD_BIN_MISMATCH', 'CARD_LAST_DIGITS_MISMATCH']);

/**
 * A PIX charge. P4 has no PROCESSING for PIX (a BR Code is issued or not): a lost answer is asked again once
 * (pix.sync, keyed on our id); when the charge cannot be found it counts as not submitted (502, retryable under
 * the same request_id, which resubmits under the same key).
 */
async function pixCharge(
  deps: TransactionDeps,
  row: TransactionRow,
  call: Extract<PaymentCall, { kind: 'pix' }>,
  company: CompanyRow,
  account: BankAccountRow,
  input: CreateTransactionInput,
  key: string,
) {
  const { providers } = deps;
  const { expiresAt, due } = call;
  // What API Pix takes beyond the port's request (providers.md R3.3, R3.4); other adapters ignore it.
  const pixApi: Omit<PixApiChargeRequest, keyof PixChargeRequest> = {
    ...(input.pix?.additional_information?.length ? { additionalInformation: input.pix.additional_information } : {}),
    ...(due ? { due: { ...termsOf(row.amount, due), debtor: debtorOf(due) } } : {}),
  };
  try {
    return await providers.require(
      row.provider,
      'pix.charge',
    )({
      ...pixApi,
      idempotencyKey: key,
      amount: row.amount,
      expiresAt,
      ...(input.description ? { description: input.description } : {}),
      ...(input.customer?.name && input.customer.document_number
        ? { payer: { name: input.customer.name, document: input.customer.document_number } }
        : {}),
      receiver: {
        name: company.name,
        city: typeof company.address.city === 'string' ? company.address.city : 'NA', // A PSP's charge names its key, not an account (a ledger-only account has no numbers, Changes 9).
        account: { branch: account.branch ?? '', accountNumber: account.accountNumber ?? '' },
      },
    });
  } catch (err) {
    if (!(err instanceof ProviderError) || err.kind !== 'unknown_outcome') throw err;
    // An API Pix connector has already made R3.8's read, which did not answer: still unknown.
    if (err.code === CHARGE_READ_UNANSWERED)
      throw unknownOutcome('The PIX charge could not be confirmed and its read did not answer', 'pix.charge');
    // providers.md R3.8: resolved at once by a read of the same key. Only a read that answers "no such charge"
    // says nothing was created; a read that fails leaves the outcome unknown (the charge may exist).
    let synced;
    try {
      synced = await providers.require(row.provider, 'pix.sync')({ idempotencyKey: key });
    } catch {
      throw unknownOutcome('The PIX charge could not be confirmed and its read did not answer', 'pix.charge');
    }
    if (synced.found) return synced;
    throw unavailable('The PIX charge could not be confirmed; nothing was recorded', 'pix.charge');
  }
}
