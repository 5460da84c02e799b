import { Agent, request } from 'undici';
import pg from 'pg';
import { expect } from 'vitest';
import { organizationBody } from '../../helpers/fixtures.js';
import { PLATFORM_KEY } from './server.js';

export interface Reply {
  status: number;
  body: any;
  /** How long the answer took (ms). */
  ms: number;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** The client gives up after this long (a hang is a failure the tests must see, not wait out). */
  timeoutMs?: number;
}

/** A plain-HTTP client of one server; TRUST_PROXY lets `x-forwarded-proto: https` stand for TLS. */
export class Api {
  constructor(
    public baseUrl: string,
    private readonly agent = new Agent({ connections: 32, keepAliveTimeout: 1000 }),
  ) {}

  /** Throws on a transport failure (refused, reset, timeout): the caller decides what that means. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const started = Date.now();
    const timeoutMs = options.timeoutMs ?? 10_000;
    const res = await request(`${this.baseUrl}${path}`, {
      method: method as 'GET',
      dispatcher: this.agent,
      headers: {
        'x-forwarded-proto': 'https',
        ...(options.key ? { 'x-api-key': options.key } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.body.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.statusCode, body, ms: Date.now() - started };
  }

  async ok(method: string, path: string, options: CallOptions = {}, expected = [200, 201]): Promise<any> {
    const reply = await this.call(method, path, options);
    if (!expected.includes(reply.status))
      throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** Staff API: a new organization; returns its id and API key. */
export async function createOrganization(api: Api): Promise<{ id: string; apiKey: string }> {
  const body = await api.ok(
    'POST',
    '/v1/platform/organizations',
    { key: PLATFORM_KEY, body: organizationBody() },
    [201],
  );
  return { id: body.id, apiKey: body.api_key };
}

/** Staff API: points the organization's webhooks at `url`; returns the signing secret. */
export async function setWebhookEndpoint(api: Api, organizationId: string, url: string): Promise<string> {
  const body = await api.ok(
    'PUT',
    `/v1/platform/organizations/${organizationId}/webhook-endpoint`,
    { key: PLATFORM_KEY, body: { url } },
    [200],
  );
  return body.signing_secret;
}

export async function openAccount(api: Api, key: string, provider = 'PROVIDER_A'): Promise<string> {
  return (await api.ok('POST', '/v1/banking/bank-accounts', { key, body: { provider } }, [201])).id;
}

export async function deposit(api: Api, accountId: string, amount: number): Promise<void> {
  await api.ok(
    'POST',
    `/v1/platform/sandbox/bank-accounts/${accountId}/deposits`,
    { key: PLATFORM_KEY, body: { amount } },
    [200],
  );
}

/** An error answer in the contract's envelope (platform-api.md Errors). */
export function expectEnvelope(reply: Reply, status?: number): void {
  if (status !== undefined) expect(reply.status).toBe(status);
  expect(reply.body?.error).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    status: reply.status,
    requestId: expect.any(String),
  });
}

/**
 * The books of `accountIds`, read straight from the ledger tables: the money on the accounts is what was
 * deposited, each balance equals its entries, every ledger transaction balances, each hold matches the open
 * transfers, and each transfer has exactly the ledger transactions its status implies.
 */
export async function expectBooksBalance(db: pg.Pool, accountIds: string[], deposited: number): Promise<void> {
  const q = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;
  const [{ total }] = await q(
    'select coalesce(sum(available + held + pending - debt), 0)::bigint as total from ledger_accounts where id = any($1)',
    [accountIds],
  );
  expect(Number(total)).toBe(deposited);
  const accounts = await q(
    `
    select a.id, a.available, a.held,
      coalesce((select sum(delta) from ledger_postings l where l.account_id = a.id::text and l.balance_type = 'AVAILABLE'), 0)::bigint as ledger_available,
      coalesce((select sum(delta) from ledger_postings l where l.account_id = a.id::text and l.balance_type = 'HELD'), 0)::bigint as ledger_held,
      coalesce((select sum(amount) from internal_transfers t where t.origin_bank_account_id = a.id and t.status in ('PENDING', 'PROCESSING')), 0)::bigint as open_holds
    from ledger_accounts a where a.id = any($1)`,
    [accountIds],
  );
  for (const a of accounts) {
    expect(Number(a.available)).toBeGreaterThanOrEqual(0);
    expect(Number(a.held)).toBeGreaterThanOrEqual(0);
    expect({ id: a.id, available: Number(a.ledger_available), held: Number(a.ledger_held) }).toEqual({
      id: a.id,
      available: Number(a.available),
      held: Number(a.held),
    });
    expect(Number(a.open_holds)).toBe(Number(a.held));
  }
  const unbalanced = await q(
    `
    select transaction_id from ledger_postings where transaction_id in (select transaction_id from ledger_postings where account_id = any($1::text[]))
    group by transaction_id having sum(case when direction = 'DEBIT' then amount else -amount end) <> 0`,
    [accountIds],
  );
  expect(unbalanced).toEqual([]);
  const wrongPostings = await q(
    `
    select t.id, t.status, array_agg(l.code order by l.code) filter (where l.code is not null) as codes
    from internal_transfers t left join ledger_transactions l on l.source_type = 'INTERNAL_TRANSFER' and l.source_id = t.id::text
    where t.origin_bank_account_id = any($1)
    group by t.id, t.status
    having not (
      (t.status in ('PENDING', 'PROCESSING') and coalesce(array_agg(l.code order by l.code), '{}') = array['INTERNAL_TRANSFER_HOLD'])
      or (t.status = 'COMPLETED' and array_agg(l.code order by l.code) = array['INTERNAL_TRANSFER_COMPLETED', 'INTERNAL_TRANSFER_HOLD'])
      or (t.status = 'FAILED' and array_agg(l.code order by l.code) = array['INTERNAL_TRANSFER_HOLD', 'INTERNAL_TRANSFER_RELEASED']))`,
    [accountIds],
  );
  expect(wrongPostings).toEqual([]);
}
