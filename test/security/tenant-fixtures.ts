import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema/index.js';
import type { TestApp } from '../helpers/app.js';
import { encryptEv, type EvPublicKey } from '../../src/crypto/ev.js';
import { merchantBody, randomCpf } from '../helpers/fixtures.js';
import { upload, uploadBody } from '../helpers/onboarding.js';
import { createRole, createVerifiedUser, randomEmail } from '../helpers/users.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { makePaymentReady } from '../helpers/three-ds.js';

/**
 * The resources one tenant owns, made through the API, and the tables that tell the cross-tenant test how to
 * make an id for each path parameter and a valid body for each operation. A path parameter (named by the path
 * segment before it, e.g. `cards/{id}`) or a body id field without an entry here makes the test fail: a new
 * tenant-owned route cannot escape the isolation test without someone deciding how to attack it.
 */
export interface Company {
  id: string;
  apiKey: string;
}

export interface Tenant {
  name: string;
  org: Company;
  merchant: Company;
  orgToken: string;
  merchantToken: string;
  /** Param key (`cards/{id}`) -> id of a resource this tenant owns (merchant-owned where the API allows it). */
  ids: Record<string, string>;
}

type Ctx = { t: TestApp; org: Company; merchant: Company; ids: Record<string, string> };
type Factory = (ctx: Ctx) => Promise<string>;

async function ok(res: { statusCode: number; body: string }, what: string, status = 201) {
  if (res.statusCode !== status) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}

const account = async ({ t, org, merchant }: Ctx) =>
  (
    await ok(
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A', company_id: merchant.id },
      }),
      'bank account',
    )
  ).id as string;

/** The test app's current public key, read by the first factory so bodies (built synchronously) encrypt for real. */
let cardKey: EvPublicKey | undefined;
export const primeCardKey = async (t: TestApp) => {
  cardKey = await t.deps.vault!.current();
};

export const card = (overrides: Record<string, unknown> = {}) => ({
  number: encryptEv(
    '4111111111111111',
    'pan',
    cardKey ??
      (() => {
        throw new Error('primeCardKey(t) first');
      })(),
  ),
  expiry_month: '09',
  expiry_year: String(new Date().getUTCFullYear() + 3),
  last_digits: '1111',
  cardholder_name: 'MARIA SILVA',
  bin: '411111',
  ...overrides,
});

export const policy = () => ({
  name: `policy-${randomUUID().slice(0, 8)}`,
  cashout_price: 350,
  automatic_anticipation_percentage: 1.99,
  spot_anticipation_percentage: 2.5,
  rules: [{ conditions: [], price: { percentage: 1.5 } }],
});

/**
 * Factories, in dependency order. Values that are not tenant-owned name the reason instead of a factory;
 * routes whose parameters are all such values are not part of the isolation test.
 */
export const FACTORIES: Record<string, Factory | { notTenantOwned: string }> = {
  'merchants/{merchantId}': async ({ t, merchant }) => {
    await primeCardKey(t);
    return merchant.id;
  },
  'bank-accounts/{id}': account,
  'bank-accounts/{id}#destination': account,
  'internal-transfers/{id}': async ({ t, org, ids }) => {
    const origin = ids['bank-accounts/{id}'];
    await ok(
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/bank-accounts/${origin}/deposits`,
        key: t.platformKey,
        payload: { amount: 100_000 },
      }),
      'deposit',
      200,
    );
    const body = {
      request_id: randomUUID(),
      origin_bank_account_id: origin,
      destination_bank_account_id: ids['bank-accounts/{id}#destination'],
      amount: 100,
    };
    return (
      await ok(
        await t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key: org.apiKey, payload: body }),
        'transfer',
      )
    ).id;
  },
  // The merchant's hold of that transfer (its origin account is the merchant's): a ledger transaction in its reach.
  'ledger/transactions/{id}': async ({ t, merchant, ids }) => {
    const qs = `bank_account_id=${ids['bank-accounts/{id}']}&code=INTERNAL_TRANSFER_HOLD&source_id=${ids['internal-transfers/{id}']}`;
    const list = await ok(
      await t.request({ method: 'GET', url: `/core/v1/ledger/entries?${qs}`, key: merchant.apiKey }),
      'ledger entries',
      200,
    );
    if (!list.data[0]) throw new Error('the transfer posted no hold entry');
    return list.data[0].ledger_transaction_id;
  },
  'pix-keys/{id}': async ({ t, merchant, ids }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${merchant.id}/pix-keys`,
          key: merchant.apiKey,
          payload: { key_type: 'EVP', bank_account_id: ids['bank-accounts/{id}'] },
        }),
        'pix key',
      )
    ).id,
  'cards/{id}': async ({ t, merchant }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${merchant.id}/cards`,
          key: merchant.apiKey,
          payload: { card: card() },
        }),
        'card',
      )
    ).id,
  'fee-policies/{id}': async ({ t, org }) =>
    (
      await ok(
        await t.request({ method: 'POST', url: '/core/v1/pricing/fee-policies', key: org.apiKey, payload: policy() }),
        'fee policy',
      )
    ).id,
  'roles/{id}': async ({ t, merchant }) => (await createRole(t, { key: merchant.apiKey }, ['merchant.*'])).id,
  'users/{id}': async ({ t, merchant, ids }) => {
    const body = {
      first_name: 'Joao',
      last_name: 'Lima',
      identifier: { type: 'email', value: randomEmail() },
      role_ids: [ids['roles/{id}']],
    };
    return (
      await ok(await t.request({ method: 'POST', url: '/core/v1/users', key: merchant.apiKey, payload: body }), 'user')
    ).id;
  },
  // Webhook endpoints are the organization's (product.md §15).
  'endpoints/{id}': async ({ t, org }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/webhooks/endpoints',
          key: org.apiKey,
          payload: { url: 'http://localhost:4000/tenant' },
        }),
        'webhook endpoint',
      )
    ).id,
  // Webhook messages are the organization's (merchants' events go to their organization's endpoint).
  'messages/{eventId}': async ({ t, org }) => {
    const list = await ok(
      await t.request({ method: 'GET', url: '/core/v1/webhooks/messages?limit=1', key: org.apiKey }),
      'messages',
      200,
    );
    if (!list.data[0]) throw new Error('the organization has no webhook message');
    return list.data[0].id;
  },
  'onboarding-documents/{documentId}': async ({ t, merchant }) =>
    (await upload(t, merchant.apiKey, merchant.id, 'PROOF_OF_ADDRESS', randomCpf())).id,
  // The organization's own sandbox controls (/v1/sandbox/…) name them `{id}`.
  'onboarding-documents/{id}': async ({ ids }) => ids['onboarding-documents/{documentId}']!,
  'biometric-verifications/{id}': async ({ t, merchant }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${merchant.id}/biometric-verifications`,
          key: merchant.apiKey,
          payload: { subject_document_number: randomCpf() },
        }),
        'biometric verification',
      )
    ).id,
  'affiliations/{affiliationId}': async ({ t, merchant }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${merchant.id}/affiliations`,
          key: merchant.apiKey,
          payload: { provider: 'PROVIDER_A' },
        }),
        'affiliation',
      )
    ).id,
  // A staff EVIDENCE_PACKAGE row: it takes answers with attachments, so both the route and its body ids are attacked.
  'onboarding-requirements/{requirementId}': async ({ t, merchant }) => {
    const body = {
      provider: 'PROVIDER_A',
      type: 'EVIDENCE_PACKAGE',
      subject_document_number: randomCpf(),
      subject_role: 'CONTACT',
      description: 'Send the sales contracts',
    };
    return (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/platform/companies/${merchant.id}/onboarding-requirements`,
          key: t.platformKey,
          payload: body,
        }),
        'staff requirement',
      )
    ).id;
  },
  // A 3DS session of the merchant, made payment-ready (ACTIVE with an affiliation) for it, with its stored card.
  '3ds-sessions/{id}': async ({ t, merchant, ids }) => {
    await makePaymentReady(t, merchant.id);
    return (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/3ds-sessions',
          key: merchant.apiKey,
          payload: { amount: 100, card_id: ids['cards/{id}'] },
        }),
        '3ds session',
      )
    ).id;
  },
  // A paying merchant: ACTIVE, its affiliation ACTIVE (the onboarding tests cover how it gets there), and one
  // approved card transaction paid with its stored card.
  'transactions/{id}': async ({ t, merchant, ids }) => {
    await makePaymentReady(t, merchant.id);
    const body = { payment_method: 'CREDIT_CARD', amount: 1000, card_id: ids['cards/{id}'] };
    return (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${merchant.id}/transactions`,
          key: merchant.apiKey,
          payload: body,
        }),
        'transaction',
      )
    ).id;
  },
  // A PENDING refund of one unit of that transaction.
  'refunds/{id}': async ({ t, merchant, ids }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/transactions/${ids['transactions/{id}']}/refunds`,
          key: merchant.apiKey,
          payload: { amount: 1 },
        }),
        'refund',
      )
    ).id,
  // An OPEN dispute of 100 on that transaction (the staff's sandbox control stands for the provider's notice).
  'disputes/{id}': async ({ t, ids }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/transactions/${ids['transactions/{id}']}/disputes`,
          key: t.platformKey,
          payload: { amount: 100, reason: 'FRAUD' },
        }),
        'dispute',
      )
    ).id,
  // An evidence document of that dispute (its ids go in PUT /v1/disputes/{id}/evidence).
  'dispute-documents/{id}': async ({ t, merchant, ids }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: `/core/v1/disputes/${ids['disputes/{id}']}/documents`,
          key: merchant.apiKey,
          payload: disputeDocumentBody(),
        }),
        'dispute document',
      )
    ).id,
  // The merchant's receivable of that transaction (money.md M2).
  'receivables/{id}': async ({ t, merchant, ids }) =>
    (
      await ok(
        await t.request({
          method: 'GET',
          url: `/core/v1/receivables?transaction_id=${ids['transactions/{id}']}&role=MERCHANT`,
          key: merchant.apiKey,
        }),
        'receivables',
        200,
      )
    ).data[0].id,
  // Its settlement: the organization's clock advanced past the receivable's date (the settlement job runs).
  'settlements/{id}': async ({ t, org, merchant }) => {
    await ok(
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
        key: t.platformKey,
        payload: { seconds: 40 * 86_400 },
      }),
      'clock advance',
      200,
    );
    return (
      await ok(
        await t.request({ method: 'GET', url: '/core/v1/settlements', key: merchant.apiKey }),
        'settlements',
        200,
      )
    ).data[0].id;
  },
  // A PENDING SPOT anticipation dated tomorrow (money.md M4): the merchant's policy attached, a fresh card payment
  // (the first one has settled by now), its quote (kept as `#quote`) and the anticipation.
  'anticipations/{id}#quote': async ({ t, org, merchant, ids }) => {
    await ok(
      await t.request({
        method: 'PATCH',
        url: `/core/v1/merchants/${merchant.id}`,
        key: org.apiKey,
        payload: { fee_policy_id: ids['fee-policies/{id}'] },
      }),
      'fee policy attachment',
      200,
    );
    const body = { payment_method: 'CREDIT_CARD', amount: 1000, card_id: ids['cards/{id}'] };
    await ok(
      await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${merchant.id}/transactions`,
        key: merchant.apiKey,
        payload: body,
      }),
      'transaction',
    );
    const clock = await ok(
      await t.request({
        method: 'GET',
        url: `/core/v1/platform/sandbox/organizations/${org.id}/clock`,
        key: t.platformKey,
      }),
      'clock',
      200,
    );
    const tomorrow = new Date(Date.parse(clock.now) + 86_400_000).toISOString().slice(0, 10);
    return (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/anticipations/quotes',
          key: merchant.apiKey,
          payload: { bank_account_id: ids['bank-accounts/{id}'], payment_date: tomorrow },
        }),
        'anticipation quote',
      )
    ).id;
  },
  'anticipations/{id}': async ({ t, merchant, ids }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/anticipations',
          key: merchant.apiKey,
          payload: { request_id: randomUUID(), quote_id: ids['anticipations/{id}#quote'] },
        }),
        'anticipation',
      )
    ).id,
  // A cashout of the merchant's PROVIDER_A account: payment-ready, its own CPF as settlement key, money deposited.
  'cashouts/{id}': async ({ t, org, merchant, ids }) => {
    await makePaymentReady(t, merchant.id);
    const [row] = await t.db.db
      .select({ document: companies.documentNumber })
      .from(companies)
      .where(eq(companies.id, merchant.id));
    const key = { pix_key_type: 'CPF', pix_key: row!.document };
    await ok(
      await t.request({
        method: 'PUT',
        url: `/core/v1/merchants/${merchant.id}/affiliations/${ids['affiliations/{affiliationId}']}/settlement-account`,
        key: merchant.apiKey,
        payload: key,
      }),
      'settlement account',
      200,
    );
    await ok(
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/bank-accounts/${ids['bank-accounts/{id}']}/deposits`,
        key: t.platformKey,
        payload: { amount: 100_000 },
      }),
      'deposit',
      200,
    );
    return (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/banking/cashouts',
          key: org.apiKey,
          payload: { request_id: randomUUID(), bank_account_id: ids['bank-accounts/{id}'], amount: 100 },
        }),
        'cashout',
      )
    ).id;
  },
  // A second key of the merchant (its first stays, so deleting this one is never the last key's 409).
  'api-keys/{id}': async ({ t, merchant }) =>
    (
      await ok(
        await t.request({
          method: 'POST',
          url: '/core/v1/api-keys',
          key: merchant.apiKey,
          payload: { description: 'isolation' },
        }),
        'api key',
      )
    ).id,
  'zipcodes/{id}': { notTenantOwned: 'public reference data (ViaCEP lookup), the same for every caller' },
  // A provider account staff opened to this organization only (providers.md R1.5): GET /v1/provider-accounts of any
  // other organization never lists it. One per organization, so a sibling merchant shares it with A.
  'provider-accounts/{id}': async ({ t, org }) => {
    let account = selectedAccounts.get(org.id);
    if (!account) {
      const payload = {
        provider: `ISO_${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
        display_name: 'Isolation',
        connector: 'SANDBOX',
        environment: 'TEST',
        organization_access: 'SELECTED',
        organization_ids: [org.id],
      };
      account = ok(
        await t.request({ method: 'POST', url: '/core/v1/platform/provider-accounts', key: t.platformKey, payload }),
        'provider account',
      ).then((a) => a.id as string);
      selectedAccounts.set(org.id, account);
    }
    return account;
  },
};

const selectedAccounts = new Map<string, Promise<string>>();

/** Query strings an operation requires (the attack must get past validation to reach the reach check). */
export const QUERIES: Record<string, string> = {
  'GET /v1/merchants/{merchantId}/onboarding-requirements': 'provider=PROVIDER_A',
  // `<key>`: the caller's own id of that resource (the isolation test swaps in the other tenant's to attack).
  'GET /v1/receivables/schedule': 'bank_account_id=<bank-accounts/{id}>',
};

/** Body id fields -> the factory whose id they take (a field ending in _id/_ids that is not here fails the test). */
export const BODY_ID_FIELDS: Record<string, string> = {
  company_id: 'merchants/{merchantId}',
  merchant_id: 'merchants/{merchantId}',
  bank_account_id: 'bank-accounts/{id}',
  origin_bank_account_id: 'bank-accounts/{id}',
  destination_bank_account_id: 'bank-accounts/{id}#destination',
  role_ids: 'roles/{id}',
  fee_policy_id: 'fee-policies/{id}',
  default_fee_policy_id: 'fee-policies/{id}',
  user_id: 'users/{id}',
  onboarding_document_ids: 'onboarding-documents/{documentId}',
  card_id: 'cards/{id}',
  quote_id: 'anticipations/{id}#quote',
  receivable_ids: 'receivables/{id}',
  document_ids: 'dispute-documents/{id}',
};

/**
 * Valid bodies, built from the caller's own ids, for every operation that takes a body with required fields or
 * id fields. A 404 only proves isolation when the same request succeeds for the owner (the test checks that).
 */
export const BODIES: Record<string, (own: Record<string, string>) => Record<string, unknown>> = {
  'PATCH /v1/merchants/{merchantId}': () => ({ name: 'Renamed' }),
  'POST /v1/webhooks/endpoints/{id}/recover': () => ({ since: '2020-01-01T00:00:00Z' }),
  'PATCH /v1/webhooks/endpoints/{id}': () => ({ description: 'Renamed' }),
  'PATCH /v1/companies/me': () => ({ name: 'Renamed' }),
  'PUT /v1/users/{id}/roles': (own) => ({ role_ids: [own['roles/{id}']] }),
  'PUT /v1/roles/{id}': () => ({ name: `renamed-${randomUUID().slice(0, 6)}`, permissions: ['merchant.*'] }),
  'PUT /v1/pricing/fee-policies/{id}': () => policy(),
  'POST /v1/pricing/fee-policies/{id}/quote': () => ({
    transaction: { amount: 10_000, payment_method: 'CREDIT_CARD', card_data: { brand: 'VISA' } },
  }),
  'POST /v1/routing/decide': (own) => ({
    company_id: own['merchants/{merchantId}'],
    payment_method: 'CREDIT_CARD',
    amount: 10_000,
    card_data: { brand: 'VISA', bin: '411111' },
  }),
  'POST /v1/merchants/{merchantId}/fee-quote': () => ({
    transaction: { amount: 10_000, payment_method: 'CREDIT_CARD', installments: 3, card_data: { brand: 'VISA' } },
  }),
  'POST /v1/merchants/{merchantId}/cards': () => ({ card: card() }),
  'POST /v1/merchants/{merchantId}/pix-keys': (own) => ({
    key_type: 'EVP',
    bank_account_id: own['bank-accounts/{id}'],
  }),
  'POST /v1/users': (own) => ({
    first_name: 'Ana',
    last_name: 'Lima',
    identifier: { type: 'email', value: randomEmail() },
    role_ids: [own['roles/{id}']],
  }),
  'POST /v1/banking/bank-accounts': (own) => ({ provider: 'PROVIDER_A', company_id: own['merchants/{merchantId}'] }),
  'POST /v1/banking/internal-transfers': (own) => ({
    request_id: randomUUID(),
    origin_bank_account_id: own['bank-accounts/{id}'],
    destination_bank_account_id: own['bank-accounts/{id}#destination'],
    amount: 1,
  }),
  'POST /v1/merchants': () => merchantBody(),
  'POST /v1/merchants/{merchantId}/onboarding-documents': () => uploadBody('PROOF_OF_ADDRESS', randomCpf()),
  'POST /v1/merchants/{merchantId}/biometric-verifications': () => ({ subject_document_number: randomCpf() }),
  'POST /v1/merchants/{merchantId}/affiliations': () => ({ provider: 'PROVIDER_B' }),
  'POST /v1/merchants/{merchantId}/onboarding-requirements/{requirementId}/answers': (own) => ({
    answer: 'Contracts attached',
    onboarding_document_ids: [own['onboarding-documents/{documentId}']],
  }),
  // The stored card as the source: a body id the isolation test can swap (a `card` beside it would be two sources).
  'POST /v1/3ds-sessions': (own) => ({ amount: 100, card_id: own['cards/{id}'] }),
  'POST /v1/merchants/{merchantId}/3ds-sessions': (own) => ({ amount: 100, card_id: own['cards/{id}'] }),
  'PUT /v1/merchants/{merchantId}/affiliations/{affiliationId}/settlement-account': () => ({
    pix_key_type: 'EVP',
    pix_key: randomUUID(),
  }),
  'POST /v1/anticipations/quotes': (own) => ({ bank_account_id: own['bank-accounts/{id}'] }),
  'POST /v1/anticipations': (own) => ({ request_id: randomUUID(), quote_id: own['anticipations/{id}#quote'] }),
  'POST /v1/banking/cashouts': (own) => ({
    request_id: randomUUID(),
    bank_account_id: own['bank-accounts/{id}'],
    amount: 1,
  }),
  'POST /v1/auth/select-company': (own) => ({ company_id: own['merchants/{merchantId}'] }),
  'POST /v1/merchants/{merchantId}/transactions': (own) => ({
    payment_method: 'CREDIT_CARD',
    amount: 1000,
    card_id: own['cards/{id}'],
  }),
  'POST /v1/transactions/{id}/refunds': () => ({ amount: 1 }),
  'POST /v1/disputes/{id}/documents': () => disputeDocumentBody(),
  'PUT /v1/disputes/{id}/evidence': (own) => ({
    text: 'Signed delivery receipt',
    document_ids: [own['dispute-documents/{id}']],
  }),
  'POST /v1/transactions': (own) => ({ payment_method: 'CREDIT_CARD', amount: 1000, card_id: own['cards/{id}'] }),
  'POST /v1/api-keys': (own) => ({ company_id: own['merchants/{merchantId}'] }),
  'POST /v1/api-keys/{id}/roll': () => ({ grace_seconds: 3600 }),
  'POST /v1/sandbox/refunds/{id}/settle': () => ({ status: 'SUCCEEDED' }),
  'POST /v1/sandbox/onboarding-documents/{id}/review': () => ({ decision: 'APPROVED' }),
  'POST /v1/sandbox/biometric-verifications/{id}/review': () => ({ decision: 'APPROVED' }),
  'POST /v1/sandbox/clock/advance': () => ({ seconds: 60 }),
};

function disputeDocumentBody() {
  return {
    content_type: 'application/pdf',
    content_base64: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n').toString('base64'),
  };
}

/** A tenant: an organization (with a webhook receiver), one merchant, administrators (*.*) of both, and one of every resource. */
export async function buildTenant(
  t: TestApp,
  name: string,
  receivers: FakeReceiver[],
  existingOrg?: Company,
): Promise<Tenant> {
  let org = existingOrg;
  if (!org) {
    const made = await organizationWithReceiver(t);
    receivers.push(made.receiver);
    org = made.org;
  }
  const merchant = await t.createMerchant(org.apiKey);
  const adminOf = async (c: Company) =>
    (await createVerifiedUser(t, c.apiKey, [(await createRole(t, { key: c.apiKey }, ['*.*'])).id])).token;
  const ids: Record<string, string> = {};
  for (const [key, factory] of Object.entries(FACTORIES)) {
    if (typeof factory === 'function') ids[key] = await factory({ t, org, merchant, ids });
  }
  return { name, org, merchant, orgToken: await adminOf(org), merchantToken: await adminOf(merchant), ids };
}
