import { execFileSync } from 'node:child_process';
import { encryptEv, newEphemeral, type EvPublicKey } from '../src/crypto/ev.js';
import { merchantBody } from '../test/helpers/fixtures.js';
import { MEASUREMENT_TABLE_HEAD, measure, measurementRow, type Measurement } from './harness.js';

/**
 * Issue 13's figures: (g) card transaction create (approved) spread over 100 merchants of one organization, all
 * crediting its revenue, and (h) PIX create, each closed-loop against the same SQL on bare node+pg (>= 0.7) and
 * at 1,000 offered req/s (served >= 0.99 of offered, p99 < 50 ms).
 */
export const TX_RATE = 1000;
type Api = (method: string, path: string, key: string, body?: unknown) => Promise<Record<string, any>>;

export interface TransactionBench {
  merchants: string[];
  bodies: { card: string[]; pix: string[] };
}

/** 100 merchants made paying (ACTIVE, an ACTIVE affiliation), each with its first payment (opens its account). */
export async function setupTransactionBench(
  api: Api,
  org: { id: string; api_key: string },
  adminUrl: string,
  dbUrl: string,
): Promise<TransactionBench> {
  const merchants: string[] = [];
  for (let i = 0; i < 100; i++) merchants.push((await api('POST', '/v1/merchants', org.api_key, merchantBody())).id);
  execFileSync(
    'psql',
    [
      dbUrl,
      '-qc',
      `update companies set status = 'ACTIVE' where organization_id = '${org.id}';
    insert into affiliations (id, company_id, organization_id, provider, status, created_at, updated_at)
    select gen_random_uuid(), id, organization_id, 'PROVIDER_A', 'ACTIVE', now(), now() from companies where organization_id = '${org.id}'`,
    ],
    { stdio: 'ignore' },
  );
  void adminUrl;
  const keys = await api('GET', '/v1/encryption-keys', '');
  const key = keys.keys.find((k: EvPublicKey & { kid: string }) => k.kid === keys.current_kid) as EvPublicKey;
  // BENCH_EV_SHARED=n: card data encrypted as the PCI host does (one ephemeral pair shared by the values of up to
  // 15 s: here by n bodies in turn); by default a fresh pair per value, as platform.js does (no ECDH shared).
  const shared = Number(process.env.BENCH_EV_SHARED ?? 0);
  let ephemeral = newEphemeral(true);
  const card = (_: unknown, i: number) => {
    if (shared > 0 && i % shared === 0) ephemeral = newEphemeral(true);
    const e = shared > 0 ? ephemeral : undefined;
    return JSON.stringify({
      payment_method: 'CREDIT_CARD',
      amount: 1990,
      card_data: {
        number: encryptEv('4111111111111111', 'pan', key, e),
        cvv: encryptEv('123', 'cvv', key, e),
        expiry_month: '12',
        expiry_year: '2031',
        holder_name: 'BENCH',
        bin: '411111',
        last_digits: '1111',
      },
    });
  };
  const bodies = {
    card: Array.from({ length: 2000 }, card),
    pix: [JSON.stringify({ payment_method: 'PIX', amount: 1990, description: 'bench' })],
  };
  for (const m of merchants)
    await api('POST', `/v1/merchants/${m}/transactions`, org.api_key, JSON.parse(bodies.card[0]!));
  return { merchants, bodies };
}

/** The platform's four measurements. */
export async function measureTransactions(
  base: string,
  orgKey: string,
  bench: TransactionBench,
  durationSec: number,
): Promise<Measurement[]> {
  const headers = { 'x-api-key': orgKey, 'content-type': 'application/json', 'x-forwarded-proto': 'https' };
  const pick = () => bench.merchants[Math.floor(Math.random() * bench.merchants.length)];
  let i = 0;
  const card = () => ({
    path: `/core/v1/merchants/${pick()}/transactions`,
    body: bench.bodies.card[i++ % bench.bodies.card.length],
  });
  const pix = () => ({ path: `/core/v1/merchants/${pick()}/transactions`, body: bench.bodies.pix[0] });
  const url = `${base}/v1/merchants/${bench.merchants[0]}/transactions`;
  const common = { url, method: 'POST' as const, headers, durationSec };
  return [
    await measure('(g) card create, approved (100 merchants)', { ...common, makeRequest: card }),
    await measure(`(g) card create at ${TX_RATE} offered req/s`, {
      ...common,
      makeRequest: card,
      overallRate: TX_RATE,
      connections: 100,
      warmupSec: 2,
    }),
    await measure('(h) PIX create (100 merchants)', { ...common, makeRequest: pix }),
    await measure(`(h) PIX create at ${TX_RATE} offered req/s`, {
      ...common,
      makeRequest: pix,
      overallRate: TX_RATE,
      connections: 100,
      warmupSec: 2,
    }),
  ];
}

/** The same SQL on bare node+pg (bench/transactions-queries.ts), closed-loop, then at the offered rate. */
export async function measureTransactionBaselines(
  sameSqlBase: string,
  orgId: string,
  bench: TransactionBench,
  durationSec: number,
): Promise<Measurement[]> {
  const pick = () => bench.merchants[Math.floor(Math.random() * bench.merchants.length)];
  const run = (name: string, scenario: string, offered?: number) =>
    measure(name, {
      url: `${sameSqlBase}/${scenario}`,
      method: 'POST',
      durationSec,
      headers: { 'content-type': 'application/json' },
      makeRequest: () => ({ path: `/${scenario}?org=${orgId}&merchant=${pick()}`, body: '{}' }),
      ...(offered ? { overallRate: offered, connections: 100, warmupSec: 2 } : {}),
    });
  // The offered-rate rows say what this machine allows the same SQL at the platform's target rate.
  return [
    await run('(g) baseline: same SQL, card create', 'card-create'),
    await run('(h) baseline: same SQL, PIX create', 'pix-create'),
    await run(`(g) baseline: same SQL, card create at ${TX_RATE} offered req/s`, 'card-create', TX_RATE),
    await run(`(h) baseline: same SQL, PIX create at ${TX_RATE} offered req/s`, 'pix-create', TX_RATE),
  ];
}

export function transactionLines(all: Measurement[]): string[] {
  const by = (n: string) => all.find((r) => r.name.startsWith(n))!;
  const ratio = (a: Measurement, b: Measurement) => (a.rps / b.rps).toFixed(2);
  const offered = (m: Measurement) => `${(m.rps / TX_RATE).toFixed(2)} (${m.rps} of ${TX_RATE} req/s), p99 ${m.p99} ms`;
  return [
    '### Transactions (issue 13)',
    '',
    ...MEASUREMENT_TABLE_HEAD,
    ...all.map((r) => measurementRow(r)),
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| (g) card create: platform / same SQL | ${ratio(by('(g) card create, approved'), by('(g) baseline'))} | >= 0.7 |`,
    `| (g) card create at ${TX_RATE} offered: served / offered, p99 | ${offered(by(`(g) card create at`))} | >= 0.99, < 50 ms |`,
    `| (h) PIX create: platform / same SQL | ${ratio(by('(h) PIX create (100'), by('(h) baseline'))} | >= 0.7 |`,
    `| (h) PIX create at ${TX_RATE} offered: served / offered, p99 | ${offered(by(`(h) PIX create at`))} | >= 0.99, < 50 ms |`,
  ];
}
