import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxServers } from '../../../test/helpers/sandbox-server.js';
import { createClient, PlatformError, unwrap, verifyWebhook, type WebhookEvent } from '../src/index.js';
import { startReceiver } from './receiver.js';
import { adminQuery } from '../../../test/helpers/pg-admin.js';

/**
 * The shipped client against the real sandbox (`npm start`'s entry under a temporary DATA_DIR, on PGlite, or on a
 * database of its own next to DATABASE_URL when the suite runs on PostgreSQL: its job runner and delivery worker
 * must not serve the other test files' organizations): every API call of the flow goes through it, typed by the
 * generated schema, and every delivery is verified with `verifyWebhook`. A type error here is one an integrator
 * would hit.
 */
const servers = sandboxServers();
const closers: (() => Promise<void>)[] = [];
const databaseUrl = process.env.DATABASE_URL || undefined;
const dbName = `e2e_client_${randomBytes(4).toString('hex')}`;
const admin = (sql: string) => adminQuery(databaseUrl, sql);
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  servers.stopAll();
  if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`);
});

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') console.error(`the sandbox server's errors:\n${servers.errorLines()}`);
});

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let dataDir: string;
let sandbox: {
  core_url: string;
  pci_url: string;
  platform_admin_key: string;
  organization: { id: string; api_key: string };
};
beforeAll(async () => {
  dataDir = servers.dataDir();
  if (databaseUrl) await admin(`create database ${dbName}`);
  await servers.start(
    dataDir,
    databaseUrl ? { databaseUrl: Object.assign(new URL(databaseUrl), { pathname: `/${dbName}` }).toString() } : {},
  );
  sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
}, 150_000);

describe('the TypeScript client drives the sandbox', () => {
  it('merchant, affiliation, card payment through the PCI host, PIX, refund, cashout, webhooks verified', async () => {
    // The sandbox's self-signed certificate, trusted for these calls only (NODE_EXTRA_CA_CERTS does it for a process).
    const dispatcher = new Agent({ connect: { ca: readFileSync(join(dataDir, 'tls', 'localhost.crt')) } });
    // More retries than the default: a busy test machine trips the sandbox's load guard (503) for seconds.
    closers.push(() => dispatcher.close());
    const api = createClient({
      baseUrl: sandbox.core_url,
      pciBaseUrl: sandbox.pci_url,
      apiKey: sandbox.organization.api_key,
      requestInitExt: { dispatcher },
      retries: 6,
    });
    const staff = createClient({
      baseUrl: sandbox.core_url,
      apiKey: sandbox.platform_admin_key,
      requestInitExt: { dispatcher },
      retries: 6,
    });

    // Webhooks: a receiver on 127.0.0.1, the organization's endpoint pointed at it; every delivery verified.
    let secret = '';
    const events: WebhookEvent[] = [];
    const rejected: unknown[] = [];
    const receiver = await startReceiver(({ headers, rawBody }) => {
      try {
        events.push(verifyWebhook(secret, headers, rawBody));
        return 204;
      } catch (err) {
        rejected.push(err);
        return 400;
      }
    });
    closers.push(receiver.close);
    const endpoint = await unwrap(
      staff.PUT('/v1/platform/organizations/{id}/webhook-endpoint', {
        params: { path: { id: sandbox.organization.id } },
        body: { url: receiver.url },
      }),
    );
    secret = endpoint.signing_secret;

    // 1. A merchant; its key is shown once (a replay of the same request_id answers the merchant without it).
    const merchant = await unwrap(
      api.POST('/v1/merchants', {
        body: {
          name: 'Padaria',
          full_name: 'Padaria Pão Bom',
          document_number: '529.982.247-25',
          request_id: 'client-merchant-1',
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
        },
      }),
    );
    expect(merchant.api_key).toMatch(/\S{20,}/);
    const M = merchant.id;
    const merchantApi = createClient({
      baseUrl: sandbox.core_url,
      apiKey: merchant.api_key ?? '',
      requestInitExt: { dispatcher },
      retries: 6,
    });
    expect((await unwrap(merchantApi.GET('/v1/companies/me'))).id).toBe(M);

    // An error answer is a PlatformError with the envelope's code.
    const missing = await unwrap(
      api.GET('/v1/merchants/{merchantId}', {
        params: { path: { merchantId: '00000000-0000-4000-8000-000000000000' } },
      }),
    ).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PlatformError);
    expect(missing).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' });

    // 2. Payment-ready: the PROVIDER_A affiliation, its requirements met, the biometric capture approved by staff.
    const merchantPath = { params: { path: { merchantId: M } } };
    const affiliation = await unwrap(
      api.POST('/v1/merchants/{merchantId}/affiliations', { ...merchantPath, body: { provider: 'PROVIDER_A' } }),
    );
    expect(affiliation.status).toBe('WAITING_DOCUMENTS');
    const requirements = await unwrap(
      api.GET('/v1/merchants/{merchantId}/onboarding-requirements', {
        params: { path: { merchantId: M }, query: { provider: 'PROVIDER_A' } },
      }),
    );
    expect(requirements.data.map((r) => r.type).sort()).toEqual([
      'BIOMETRIC_VERIFICATION',
      'IDENTITY_DOCUMENT',
      'PROOF_OF_ADDRESS',
    ]);
    for (const file_type of ['CNH_DIGITAL', 'PROOF_OF_ADDRESS'] as const) {
      await unwrap(
        api.POST('/v1/merchants/{merchantId}/onboarding-documents', {
          ...merchantPath,
          body: {
            file_type,
            subject_document_number: '52998224725',
            content_type: 'application/pdf',
            content_base64: 'JVBERi0xLjQKJSVFT0YK',
            request_id: `doc-${file_type}`,
          },
        }),
      );
    }
    const biometric = await unwrap(
      api.POST('/v1/merchants/{merchantId}/biometric-verifications', {
        ...merchantPath,
        body: { subject_document_number: '52998224725' },
      }),
    );
    await unwrap(
      staff.POST('/v1/platform/sandbox/biometric-verifications/{id}/review', {
        params: { path: { id: biometric.id } },
        body: { decision: 'APPROVED' },
      }),
    );
    expect(
      (
        await unwrap(
          api.GET('/v1/merchants/{merchantId}/affiliations/{affiliationId}', {
            params: { path: { merchantId: M, affiliationId: affiliation.id } },
          }),
        )
      ).status,
    ).toBe('ACTIVE');
    expect((await unwrap(api.GET('/v1/merchants/{merchantId}', merchantPath))).status).toBe('ACTIVE');

    // 3. A card payment through the PCI host: plaintext card data in, encrypted there before the core sees it.
    const card = {
      number: '4111111111111111',
      cvv: '123',
      expiry_month: '12',
      expiry_year: '2030',
      holder_name: 'ANA SOUZA',
    };
    const paid = await unwrap(
      api.pci.POST('/v1/merchants/{merchantId}/transactions', {
        ...merchantPath,
        body: { payment_method: 'CREDIT_CARD', amount: 1990, request_id: 'card-1', card_data: card },
      }),
    );
    expect(paid).toMatchObject({ status: 'APPROVED', card_data: { brand: 'VISA', last_digits: '1111' } });

    // 4. A PIX, paid through the sandbox control (above 50000 the autopilot leaves it to the control).
    const pix = await unwrap(
      api.POST('/v1/merchants/{merchantId}/transactions', {
        ...merchantPath,
        body: { payment_method: 'PIX', amount: 60000, request_id: 'pix-1' },
      }),
    );
    expect(pix.status).toBe('WAITING_PAYMENT');
    // The union by payment_method (and a PIX's status): the charged PIX has its `pix`, typed non-null.
    if (pix.payment_method !== 'PIX' || pix.status !== 'WAITING_PAYMENT')
      throw new Error('expected a PIX waiting for payment');
    expect(pix.pix.br_code).toMatch(/^000201/);
    const pixPaid = await unwrap(
      staff.POST('/v1/platform/sandbox/transactions/{id}/pix-payment', { params: { path: { id: pix.id } } }),
    );
    expect(pixPaid.status).toBe('APPROVED');

    // 5. A refund, kept PENDING by the 4000000000007726 card until the settle control.
    const held = await unwrap(
      api.pci.POST('/v1/merchants/{merchantId}/transactions', {
        ...merchantPath,
        body: {
          payment_method: 'CREDIT_CARD',
          amount: 3000,
          request_id: 'card-2',
          card_data: { ...card, number: '4000000000007726' },
        },
      }),
    );
    const refund = await unwrap(
      api.POST('/v1/transactions/{id}/refunds', {
        params: { path: { id: held.id } },
        body: { amount: 1000, request_id: 'refund-1' },
      }),
    );
    expect(refund.status).toBe('PENDING');
    await unwrap(
      staff.POST('/v1/platform/sandbox/refunds/{id}/settle', {
        params: { path: { id: refund.id } },
        body: { status: 'SUCCEEDED' },
      }),
    );
    expect(await unwrap(api.GET('/v1/transactions/{id}', { params: { path: { id: held.id } } }))).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 1000,
    });

    // 6. A cashout of the PIX money (PIX settles at once): the account opened with the affiliation, the
    //    merchant's own CPF as settlement key; the autopilot completes it about 2 s later.
    const accounts = await unwrap(
      api.GET('/v1/banking/bank-accounts', { params: { query: { company_id: M, provider: 'PROVIDER_A' } } }),
    );
    const account = accounts.data[0];
    expect(account!.balance.available).toBeGreaterThan(10_000);
    await unwrap(
      api.PUT('/v1/merchants/{merchantId}/affiliations/{affiliationId}/settlement-account', {
        params: { path: { merchantId: M, affiliationId: affiliation.id } },
        body: { pix_key_type: 'CPF', pix_key: '52998224725' },
      }),
    );
    const cashout = await unwrap(
      api.POST('/v1/banking/cashouts', {
        body: { request_id: 'cashout-1', bank_account_id: account!.id, amount: 10_000 },
      }),
    );
    expect(cashout).toMatchObject({ status: 'PENDING', amount: 10_000, rail: 'PIX' });
    const completed = await until('the cashout to complete', async () => {
      const now = await unwrap(api.GET('/v1/banking/cashouts/{id}', { params: { path: { id: cashout.id } } }));
      return now.status === 'PENDING' ? undefined : now;
    });
    expect(completed.status).toBe('COMPLETED');

    // 7. The webhooks: each delivery verified and typed; `type` narrows the payload.
    const cashoutDone = await until('cashout.status-changed', () =>
      events.find(
        (e) =>
          e.type === 'cashout.status-changed' &&
          e.payload.cashout_id === cashout.id &&
          e.payload.new_status === 'COMPLETED',
      ),
    );
    expect(cashoutDone.company_id).toBe(M);
    const refundDone = await until('refund.status-changed', () =>
      events.find((e) => e.type === 'refund.status-changed' && e.payload.new_status === 'SUCCEEDED'),
    );
    expect(refundDone.type === 'refund.status-changed' && refundDone.payload.refund_id).toBe(refund.id);
    const approved = events.filter(
      (e) => e.type === 'transaction.status-changed' && e.payload.new_status === 'APPROVED',
    );
    expect(approved.length).toBeGreaterThanOrEqual(1);
    await until('the payments and affiliation events', () => {
      const types = new Set(events.map((e) => e.type));
      return (
        ['transaction.created', 'refund.created', 'cashout.created', 'affiliation.status-changed'].every((t) =>
          types.has(t as WebhookEvent['type']),
        ) || undefined
      );
    });
    expect(rejected).toEqual([]);
  }, 120_000);

  it("README's example runs as written (tsx, the sandbox certificate trusted by NODE_EXTRA_CA_CERTS)", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'packages/client/examples/quickstart.ts'],
      {
        env: { ...process.env, DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: join(dataDir, 'tls', 'localhost.crt') },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/^merchant key: \S+…$/m);
    expect(stdout).toMatch(/ PENDING_ACTIVATION PROVIDER_A WAITING_DOCUMENTS$/m);
    expect(stdout).toMatch(/^409 \S+/m);
  }, 90_000);
});
