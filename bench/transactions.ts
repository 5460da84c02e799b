import { execFileSync } from 'node:child_process';
import { encryptEv, newEphemeral, type EvPublicKey } from '../src/crypto/ev.js';
import { merchantBody } from '../test/helpers/fixtures.js';

/**
 * The setup of the transaction creates' figures (bench/run.ts, bench/cpu-per-request.ts): (g) card creates
 * (approved) and (h) PIX creates spread over 100 merchants of one organization, all crediting its revenue.
 */
type Api = (method: string, path: string, key: string, body?: unknown) => Promise<Record<string, any>>;

export interface TransactionBench {
  merchants: string[];
  bodies: { card: string[]; pix: string[] };
}

/** `count` (100) merchants made paying (ACTIVE, an ACTIVE affiliation), each with its first payment (opens its account). */
export async function setupTransactionBench(
  api: Api,
  org: { id: string; api_key: string },
  adminUrl: string,
  dbUrl: string,
  count = 100,
): Promise<TransactionBench> {
  const merchants: string[] = [];
  for (let i = 0; i < count; i++) merchants.push((await api('POST', '/v1/merchants', org.api_key, merchantBody())).id);
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
    await api('POST', `/v1/merchants/${m}/transactions`, org.api_key, JSON.parse(bodies.card[0]));
  return { merchants, bodies };
}
