import { execFileSync } from 'node:child_process';
import { encryptEv, type EvPublicKey } from '../src/crypto/ev.js';

type Api = (method: string, path: string, key: string, body?: unknown) => Promise<Record<string, any>>;

const NUMBER = '4000000000002701'; // the sandbox's frictionless debit card (SUCCEEDED at once)
const AMOUNT = 1990;

/**
 * SUCCEEDED 3DS sessions for the bench's creates "with a 3DS session" (issue 28): one real session per merchant
 * through the API (ECDH-encrypted number, the sandbox provider's frictionless answer), then copied in SQL with
 * fresh ids up to `count` (a session pays one transaction only), so setup does not cost thousands of requests.
 * The copies differ from a real session only in their id.
 */
export async function threeDsSessions(
  api: Api,
  orgKey: string,
  merchants: string[],
  count: number,
  dbUrl: string,
): Promise<{ list: { id: string; companyId: string }[]; amount: number; paymentMethod: string; cvv: () => string }> {
  const keys = await api('GET', '/v1/encryption-keys', '');
  const key = keys.keys.find((k: EvPublicKey & { kid: string }) => k.kid === keys.current_kid) as EvPublicKey;
  const seeds: string[] = [];
  for (const m of merchants) {
    const session = await api('POST', `/v1/merchants/${m}/3ds-sessions`, orgKey, {
      amount: AMOUNT,
      card: {
        number: encryptEv(NUMBER, 'pan', key),
        expiry_month: '12',
        expiry_year: '2031',
        holder_name: 'BENCH',
        bin: NUMBER.slice(0, 6),
        last_digits: NUMBER.slice(-4),
      },
    });
    if (session.status !== 'SUCCEEDED') throw new Error(`3DS session ${session.id} is ${session.status}`);
    seeds.push(session.id);
  }
  const copies = Math.ceil(count / seeds.length) - 1;
  const out = execFileSync(
    'psql',
    [
      dbUrl,
      '-qAtc',
      `insert into three_ds_sessions
       select (jsonb_populate_record(null::three_ds_sessions, to_jsonb(s) || jsonb_build_object('id', gen_random_uuid(), 'expires_at', now() + interval '1 day'))).*
       from three_ds_sessions s, generate_series(1, ${copies}) where s.id in (${seeds.map((s) => `'${s}'`).join(',')});
       select id || ' ' || company_id from three_ds_sessions where company_id in (${merchants.map((m) => `'${m}'`).join(',')}) and transaction_id is null and status = 'SUCCEEDED' order by random()`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const list = out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, companyId] = line.split(' ');
      return { id: id!, companyId: companyId! };
    });
  // Each create sends its CVV encrypted under a fresh ephemeral key, as platform.js does.
  const cvvs = Array.from({ length: 2000 }, () => encryptEv('123', 'cvv', key));
  let next = 0;
  return { list, amount: AMOUNT, paymentMethod: 'DEBIT_CARD', cvv: () => cvvs[next++ % cvvs.length]! };
}
