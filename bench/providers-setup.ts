import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { encryptEv, type EvPublicKey } from '../src/crypto/ev.js';
import { merchantBody, organizationBody } from '../test/helpers/fixtures.js';

/**
 * The providers bench's data (bench/providers.ts): one organization, merchants ACTIVE and affiliated to five
 * accounts (the built-in sandboxes PROVIDER_A and PROVIDER_B, two staff-made SANDBOX accounts and an
 * ADYEN_CHECKOUT account pointed at the Adyen double), the routing configuration of 50 rules, and the card bodies.
 */
export type Api = (method: string, path: string, key: string, body?: unknown) => Promise<Record<string, any>>;

export interface ProvidersSetup {
  orgId: string;
  orgKey: string;
  merchants: string[];
  adyen: { id: string; provider: string };
  hmacKey: string;
  merchantAccount: string;
  /** Encrypted card create bodies without `provider` (JSON text). */
  cards: string[];
}

export const SANDBOX_EXTRA = ['SBX_BENCH_C', 'SBX_BENCH_D'];
const MERCHANT_ACCOUNT = 'BenchECOM';

export async function setupProviders(
  api: Api,
  opts: { dbUrl: string; platformKey: string; adyenBaseUrl: string; hmacKey: string; merchants: number; cards: number },
): Promise<ProvidersSetup> {
  const org = await api('POST', '/v1/platform/organizations', opts.platformKey, organizationBody());
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const adyen = await api('POST', '/v1/platform/provider-accounts', opts.platformKey, {
    provider: `ADY_BENCH_${tag}`,
    display_name: 'Adyen (double, own process)',
    connector: 'ADYEN_CHECKOUT',
    environment: 'TEST',
    base_url: opts.adyenBaseUrl,
    settings: { default_merchant_account: MERCHANT_ACCOUNT },
    credentials: { api_key: 'bench-api-key', hmac_key: opts.hmacKey },
  });
  for (const provider of SANDBOX_EXTRA)
    await api('POST', '/v1/platform/provider-accounts', opts.platformKey, {
      provider,
      display_name: provider,
      connector: 'SANDBOX',
      environment: 'TEST',
    });
  const merchants: string[] = [];
  for (let i = 0; i < opts.merchants; i++)
    merchants.push((await api('POST', '/v1/merchants', org.api_key, merchantBody())).id as string);
  // The sandbox affiliations as ACTIVE rows (as bench/transactions.ts does), the Adyen one through the API:
  // affiliated, then confirmed by staff against the double's /paymentMethods (R1.7).
  const sandboxes = ['PROVIDER_A', 'PROVIDER_B', ...SANDBOX_EXTRA].map((p) => `'${p}'`).join(',');
  execFileSync(
    'psql',
    [
      opts.dbUrl,
      '-qc',
      `update companies set status = 'ACTIVE' where organization_id = '${org.id}';
       insert into affiliations (id, company_id, organization_id, provider, provider_account_id, status, created_at, updated_at)
       select gen_random_uuid(), c.id, c.organization_id, a.provider, a.id, 'ACTIVE', now(), now()
       from companies c cross join provider_accounts a
       where c.organization_id = '${org.id}' and c.id <> c.organization_id and a.provider in (${sandboxes})`,
    ],
    { stdio: 'ignore' },
  );
  for (const m of merchants) {
    const aff = await api('POST', `/v1/merchants/${m}/affiliations`, org.api_key, { provider: adyen.provider });
    await api('POST', `/v1/platform/affiliations/${aff.id}/confirm`, opts.platformKey, {
      merchant_reference: { merchant_account: MERCHANT_ACCOUNT },
    });
  }
  const keys = await api('GET', '/v1/encryption-keys', '');
  const key = keys.keys.find((k: EvPublicKey & { kid: string }) => k.kid === keys.current_kid) as EvPublicKey;
  // A fresh ephemeral pair per value, as platform.js encrypts (bench/transactions.ts's default).
  const cards = Array.from({ length: opts.cards }, () =>
    JSON.stringify({
      payment_method: 'CREDIT_CARD',
      amount: 1990,
      card_data: {
        number: encryptEv('4111111111111111', 'pan', key),
        cvv: encryptEv('123', 'cvv', key),
        expiry_month: '12',
        expiry_year: '2031',
        holder_name: 'BENCH',
        brand: 'VISA',
        bin: '411111',
        last_digits: '1111',
      },
    }),
  );
  // Each merchant's first payment at each account opens its bank account there: done here, not in a window.
  for (const m of merchants)
    for (const provider of [adyen.provider, 'PROVIDER_A'])
      await api('POST', `/v1/merchants/${m}/transactions`, org.api_key, { ...JSON.parse(cards[0]), provider });
  await api('PUT', `/v1/platform/organizations/${org.id}/routing`, opts.platformKey, routingRules());
  return {
    orgId: org.id,
    orgKey: org.api_key,
    merchants,
    adyen: { id: adyen.id, provider: adyen.provider },
    hmacKey: opts.hmacKey,
    merchantAccount: MERCHANT_ACCOUNT,
    cards,
  };
}

/**
 * 50 rules over 5 accounts, the bench's card create (CREDIT_CARD, VISA, BIN 411111, 1,990, 1 installment)
 * matching only the last: the decision evaluates every rule's conditions. Its strategy is PRIORITY
 * PROVIDER_A then PROVIDER_B, so a routed create goes where the explicit one of row 3 goes.
 */
export function routingRules() {
  const accounts = ['PROVIDER_A', 'PROVIDER_B', ...SANDBOX_EXTRA];
  const other = (i: number) => [accounts[i % 4], accounts[(i + 1) % 4]];
  type Condition = { field: string; operator: string; value: string | number | string[] };
  const misses: ((i: number) => Condition[])[] = [
    (i: number) => [{ field: 'transaction.amount', operator: 'GREATER_THAN_OR_EQUAL', value: 100_000 + i }],
    (i: number) => [
      { field: 'transaction.card_data.brand', operator: 'IN', value: ['MASTERCARD', 'ELO'] },
      { field: 'transaction.amount', operator: 'LESS_THAN', value: 50_000 + i },
    ],
    (i: number) => [{ field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: String(500000 + i) }],
    (i: number) => [{ field: 'transaction.installments', operator: 'GREATER_THAN', value: 1 + (i % 10) }],
    (i: number) => [
      { field: 'transaction.payment_method', operator: 'EQUALS', value: 'PIX' },
      { field: 'transaction.amount', operator: 'GREATER_THAN', value: i },
    ],
    () => [{ field: 'transaction.company_id', operator: 'IN', value: [randomUUID(), randomUUID()] }],
  ];
  const rules = Array.from({ length: 49 }, (_, i) => ({
    name: `miss ${i}`,
    priority: i,
    conditions: misses[i % misses.length]!(i),
    strategy:
      i % 3 === 0
        ? {
            type: 'VOLUME',
            splits: [
              { provider: other(i)[0], percentage: 60 },
              { provider: other(i)[1], percentage: 40 },
            ],
          }
        : { type: 'PRIORITY', providers: other(i) },
  }));
  rules.push({
    name: 'cards to A then B',
    priority: 1000,
    conditions: [
      { field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' },
      { field: 'transaction.card_data.brand', operator: 'IN', value: ['VISA', 'MASTERCARD'] },
      { field: 'transaction.amount', operator: 'LESS_THAN_OR_EQUAL', value: 1_000_000 },
    ],
    strategy: { type: 'PRIORITY', providers: ['PROVIDER_A', 'PROVIDER_B'] },
  });
  return { rules, default_providers: ['PROVIDER_A'] };
}
