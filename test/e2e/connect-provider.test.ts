import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxServers } from '../helpers/sandbox-server.js';
import { until } from '../helpers/poll.js';
import { call, TEST_CARD, type Json } from './readme-steps.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/**
 * README "Connect a real provider", step by step as a new user runs it (issue 25 item 7): `npm start`'s server,
 * `platform double adyen` and `platform double pix` as processes, then each curl of the section. The only
 * differences are the ports (fixed in the README; here the doubles bind any free port and print it, the server's is
 * chosen free) and that the README's `sleep 2` is a wait for the same answer; the server is told its public address
 * (PUBLIC_BASE_URL) because it listens on a port chosen here, which the webhook URL it registers at the PSP must name.
 */
const BIN = join(process.cwd(), 'packages/cli/bin/platform.mjs');
const servers = sandboxServers();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  servers.stopAll();
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * `npx platform double …` in the background, on a port it binds itself (`--port` left out: any free port, printed), so
 * no other test's server can take a port chosen here before the double binds it. Resolves with the printed address;
 * a double that exits first fails at once with what it printed.
 */
async function double(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'double', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  await until(() => exited() || / double on /.test(out), `the double (${args[0]}) to start`, 60_000, 100);
  const address = / double on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!address) throw new Error(`the double (${args[0]}) exited (${child.exitCode ?? child.signalCode}):\n${out}`);
  return address;
}

/** The README's `sleep 2`: the same read again until it shows what the README prints. */
async function eventually(probe: () => Promise<Json>, done: (j: Json) => boolean, what: string): Promise<Json> {
  let last: Json = {};
  for (let i = 0; i < 150; i++) {
    last = await probe();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: ${JSON.stringify(last)}`);
}

/**
 * The server must know its public address before it starts, so its port is chosen here; another test's server can
 * bind that port first (EADDRINUSE), and then a new port is chosen. Resolves with the server's data directory.
 */
async function startServerOnFreePort(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dataDir = servers.dataDir();
    try {
      await servers.start(dataDir, { env: { PORT: String(port), PUBLIC_BASE_URL: `https://127.0.0.1:${port}` } });
      return dataDir;
    } catch (err) {
      if (attempt >= 3 || !/EADDRINUSE/.test(String(err))) throw err;
    }
  }
}

const day = (d: Date, plus: number) => new Date(d.getTime() + plus * 86_400_000).toISOString().slice(0, 10);

describe('README: connect a real provider', () => {
  it('Adyen and a PIX PSP through their doubles: 3 installments, capture, refund, a due-date PIX paid late, a MED return; balanced after each step', async () => {
    const dataDir = await startServerOnFreePort();
    const sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
    const C = sandbox.core_url as string;
    const P = sandbox.pci_url as string;
    const KEY = sandbox.organization.api_key as string;
    const STAFF = sandbox.platform_admin_key as string;
    const staff = (method: 'GET' | 'POST', path: string, body?: unknown) => call(method, `${C}${path}`, STAFF, body);
    const balanced = async () => {
      const report = (await staff('GET', '/v1/platform/ledger/integrity')).json;
      expect([
        report.mismatches.length,
        report.providers.reduce((s: number, p: Json) => s + (p.difference as number), 0),
      ]).toEqual([0, 0]);
    };
    // "Take a payment in the sandbox" step 0: a webhook endpoint, so events are kept and listed.
    const hooks = createHttpServer((q, s) => q.resume().on('end', () => s.writeHead(204).end())).listen(0, '127.0.0.1');
    hooks.unref();
    await once(hooks, 'listening');
    expect(
      (
        await call('POST', `${C}/v1/webhooks/endpoints`, KEY, {
          url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks`,
          description: 'README',
        })
      ).status,
    ).toBe(201);

    // 1. The doubles.
    const HMAC = acceptedHmacKey();
    const ADYEN = await double(['adyen', '--hmac-key', HMAC]);
    const PSP_URL = await double(['pix']);

    // 2. The two accounts; the PIX one checks its credentials and registers its webhook by itself.
    const ady = await staff('POST', '/v1/platform/provider-accounts', {
      provider: 'ADYEN_DOUBLE',
      display_name: 'Adyen (double)',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: `${ADYEN}/v71`,
      settings: { default_merchant_account: 'PadariaECOM' },
      credentials: { api_key: 'test-api-key', hmac_key: HMAC },
    });
    expect(ady.status, JSON.stringify(ady.json)).toBe(201);
    const psp = await staff('POST', '/v1/platform/provider-accounts', {
      provider: 'PSP_DOUBLE',
      display_name: 'PSP (double)',
      connector: 'PIX_API_BCB',
      environment: 'TEST',
      base_url: PSP_URL,
      settings: { token_url: `${PSP_URL}/oauth/token`, default_chave: 'padaria@example.com' },
      credentials: { client_id: 'platform', client_secret: 's3cret' },
    });
    expect(psp.status, JSON.stringify(psp.json)).toBe(201);
    const PSP = psp.json.id as string;
    const ADY = ady.json.id as string;
    const account = await eventually(
      async () => (await staff('GET', `/v1/platform/provider-accounts/${PSP}`)).json,
      (a) => a.health.credentials_check.status === 'OK' && a.webhook.registration === 'REGISTERED',
      'the PIX account checked and registered',
    );
    expect([account.health.credentials_check.status, account.webhook.registration]).toEqual(['OK', 'REGISTERED']);

    // 3. A merchant affiliated to both, confirmed by staff.
    const merchant = await call('POST', `${C}/v1/merchants`, KEY, {
      name: 'Padaria 2',
      full_name: 'Padaria Pão Quente',
      document_number: '111.444.777-35',
      contact: { first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', phone: '+5511999998888' },
      address: {
        street: 'Av. Paulista',
        street_number: '1000',
        neighborhood: 'Bela Vista',
        zipcode: '01310100',
        country: '076',
        state: 'SP',
        city: 'São Paulo',
      },
    });
    expect(merchant.status, JSON.stringify(merchant.json)).toBe(201);
    const M2 = merchant.json.id as string;
    const a1 = await call('POST', `${C}/v1/merchants/${M2}/affiliations`, KEY, { provider: 'ADYEN_DOUBLE' });
    const a2 = await call('POST', `${C}/v1/merchants/${M2}/affiliations`, KEY, { provider: 'PSP_DOUBLE' });
    expect([a1.json.status, a2.json.status]).toEqual(['WAITING_CONFIRMATION', 'WAITING_CONFIRMATION']);
    const c1 = await staff('POST', `/v1/platform/affiliations/${a1.json.id}/confirm`, {
      merchant_reference: { merchant_account: 'PadariaECOM' },
    });
    const c2 = await staff('POST', `/v1/platform/affiliations/${a2.json.id}/confirm`, {
      merchant_reference: { chave: 'padaria@example.com' },
    });
    expect([c1.json.status, c2.json.status], JSON.stringify([c1.json, c2.json])).toEqual(['ACTIVE', 'ACTIVE']);

    // 4. 3 installments at Adyen, authorized only, then captured.
    const card = await call('POST', `${P}/v1/merchants/${M2}/transactions`, KEY, {
      payment_method: 'CREDIT_CARD',
      provider: 'ADYEN_DOUBLE',
      amount: 30000,
      installments: 3,
      capture: false,
      request_id: 'adyen-1',
      card_data: TEST_CARD,
    });
    expect(card.status, JSON.stringify(card.json)).toBe(201);
    expect([card.json.status, card.json.installments]).toEqual(['AUTHORIZED', 3]);
    const PSPREF = card.json.provider_reference as string;
    expect(PSPREF).toBeTruthy();
    const T = card.json.id as string;
    const captured = await call('POST', `${C}/v1/transactions/${T}/capture`, KEY, {});
    expect([captured.json.status, captured.json.captured_amount]).toEqual(['APPROVED', 30000]);
    await balanced();

    // 5. A refund, settled by Adyen's REFUND notification (signed and posted by the double).
    const refund = await call('POST', `${C}/v1/transactions/${T}/refunds`, KEY, {
      amount: 10000,
      request_id: 'adyen-refund-1',
    });
    expect(refund.json.status).toBe('PENDING');
    const R = refund.json.id as string;
    const WH = (await staff('GET', `/v1/platform/provider-accounts/${ADY}`)).json.webhook.url as string;
    const notified = await call('POST', `${ADYEN}/__double/notify`, null, {
      url: WH,
      items: [
        {
          pspReference: `RFND-${R}`,
          originalReference: PSPREF,
          merchantAccountCode: 'PadariaECOM',
          merchantReference: R,
          amount: { value: 10000, currency: 'BRL' },
          eventCode: 'REFUND',
          success: 'true',
        },
      ],
    });
    expect(notified.json.answer, JSON.stringify(notified.json)).toBe('[accepted]');
    await eventually(
      async () => (await call('GET', `${C}/v1/refunds/${R}`, KEY)).json,
      (r) => r.status === 'SUCCEEDED',
      'the refund settled by the notification',
    );
    await balanced();

    // 6. A due-date PIX paid 6 days late at the PSP, which calls the platform back.
    const DUE = day(new Date(), 5);
    const PAY = day(new Date(`${DUE}T12:00:00Z`), 6);
    const pix = await call('POST', `${C}/v1/merchants/${M2}/transactions`, KEY, {
      payment_method: 'PIX',
      provider: 'PSP_DOUBLE',
      amount: 100000,
      request_id: 'pix-due-1',
      customer: { name: 'Ana Souza', document_number: '111.444.777-35' },
      pix: {
        due_date: DUE,
        days_after_due: 10,
        fine: { mode: 'PERCENTAGE', value: 2 },
        interest: { mode: 'PERCENTAGE_PER_MONTH', value: 1 },
      },
    });
    expect(pix.status, JSON.stringify(pix.json)).toBe(201);
    const TXID = pix.json.pix.txid as string;
    const X = pix.json.id as string;
    const due = (await call('GET', `${C}/v1/transactions/${X}/pix-amount-due?date=${PAY}`, KEY)).json;
    expect([due.fine_amount, due.interest_amount, due.amount_due]).toEqual([2000, 200, 102200]);
    const paid = await call('POST', `${PSP_URL}/__double/cob/${TXID}/pay`, null, { horario: `${PAY}T15:00:00.000Z` });
    expect(paid.json.callback, JSON.stringify(paid.json)).toBe(200);
    const approved = await eventually(
      async () => (await call('GET', `${C}/v1/transactions/${X}`, KEY)).json,
      (x) => x.status === 'APPROVED',
      'the PIX approved by the callback',
    );
    expect([approved.status, approved.captured_amount, approved.pix.paid_amount]).toEqual(['APPROVED', 102200, 102200]);
    await balanced();

    // 7. A MED return by the same callback: a refund of origin MED.
    const E2E = approved.pix.end_to_end_id as string;
    const med = await call('POST', `${PSP_URL}/__double/med/${E2E}`, null, { valor: '300.00', natureza: 'MED_FRAUDE' });
    expect(med.json.callback).toBe(200);
    const refunds = await eventually(
      async () => (await call('GET', `${C}/v1/transactions/${X}/refunds`, KEY)).json,
      (l) => l.data.length === 1 && l.data[0].status === 'SUCCEEDED',
      'the MED refund',
    );
    expect(refunds.data.map((r: Json) => [r.origin, r.reason, r.amount, r.status])).toEqual([
      ['MED', 'FRAUDULENT', 30000, 'SUCCEEDED'],
    ]);
    const after = (await call('GET', `${C}/v1/transactions/${X}`, KEY)).json;
    expect([after.status, after.refunded_amount]).toEqual(['PARTIALLY_REFUNDED', 30000]);
    await balanced();

    // 8. The provider events and every event of the flow.
    const events = (await staff('GET', `/v1/platform/provider-events?provider_account_id=${PSP}`)).json;
    expect(events.data.map((e: Json) => [e.event_type, e.status, e.effect]).sort()).toEqual([
      ['DEVOLUCAO_DEVOLVIDO', 'PROCESSED', 'APPLIED'],
      ['PIX_RECEIVED', 'PROCESSED', 'APPLIED'],
    ]);
    const messages = await call('GET', `${C}/v1/webhooks/messages?limit=100`, KEY);
    const types = new Set(messages.json.data.map((m: Json) => m.type));
    for (const type of [
      'affiliation.status-changed',
      'transaction.created',
      'transaction.status-changed',
      'refund.created',
      'refund.status-changed',
    ])
      expect(types).toContain(type);
  }, 240_000);
});
