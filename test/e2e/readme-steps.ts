import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import type { sandboxServers } from '../helpers/sandbox-server.js';

/**
 * The README's sandbox walkthroughs as a new user runs them, shared by the end-to-end tests: the server
 * (`npm start`'s entry) over HTTPS, each call one of the README's curls.
 */
export const insecure = new Agent({ connect: { rejectUnauthorized: false } });
export type Json = Record<string, any>;

/**
 * One request. A 429 (the rate pools: a script calls faster than a person types) or a 503 "overloaded" (the
 * load guard, answered before any handler runs, on a busy test machine) waits and retries, as a client should.
 */
export async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  key: string | null,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  for (let attempt = 0; ; attempt++) {
    const res = await request(url, {
      method,
      dispatcher: insecure,
      headers: { ...(key && { 'x-api-key': key }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (
      (res.statusCode === 429 || (res.statusCode === 503 && res.headers['retry-after'] !== undefined)) &&
      attempt < 10
    ) {
      await res.body.dump();
      await new Promise((r) =>
        setTimeout(r, Math.max(1, Number(res.headers['x-ratelimit-reset'] ?? res.headers['retry-after']) || 1) * 1000),
      );
      continue;
    }
    return { status: res.statusCode, json: (await res.body.json()) as Json };
  }
}

export interface Sandbox {
  CORE: string;
  PCI: string;
  KEY: string;
  STAFF: string;
  ORG: string;
}

/** `npm start` on a fresh DATA_DIR (and `databaseUrl` when given), and what `data/sandbox.json` says. */
export async function startSandbox(servers: ReturnType<typeof sandboxServers>, databaseUrl?: string): Promise<Sandbox> {
  const dataDir = servers.dataDir();
  await servers.start(dataDir, databaseUrl ? { databaseUrl } : {});
  const sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
  return {
    CORE: sandbox.core_url,
    PCI: sandbox.pci_url,
    KEY: sandbox.organization.api_key,
    STAFF: sandbox.platform_admin_key,
    ORG: sandbox.organization.id,
  };
}

export const TEST_CARD = {
  number: '4111111111111111',
  cvv: '123',
  expiry_month: '12',
  expiry_year: '2030',
  holder_name: 'ANA SOUZA',
};

/**
 * README "Quick start" (the merchant) and "Take a payment in the sandbox", step by step (issue 13): leaves the
 * merchant ACTIVE with a card payment of 1990, a PIX of 60000, a card of 3000 refunded by 1000 and a 3DS card
 * payment of 1990. Returns the merchant's id.
 */
export async function takeAPayment({ CORE, PCI, KEY }: Sandbox): Promise<string> {
  // 0. A webhook endpoint (events are kept as messages only while one exists) at a receiver of its own on a port
  // the system picks, answering 204, as the README starts one (test/e2e/readme-webhook-step.test.ts runs its lines).
  const hooks = createServer((q, s) => q.resume().on('end', () => s.writeHead(204).end())).listen(0, '127.0.0.1');
  hooks.unref();
  await once(hooks, 'listening');
  const endpoint = await call('POST', `${CORE}/v1/webhooks/endpoints`, KEY, {
    url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks`,
    description: 'README',
  });
  expect(endpoint.status).toBe(201);

  // 1. A merchant, payment-ready: affiliation, its three requirements met, the biometric capture approved.
  const merchant = await call('POST', `${CORE}/v1/merchants`, KEY, {
    name: 'Padaria',
    full_name: 'Padaria Pão Bom',
    document_number: '529.982.247-25',
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
  expect(merchant.status).toBe(201);
  const M = merchant.json.id as string;
  const affiliation = await call('POST', `${CORE}/v1/merchants/${M}/affiliations`, KEY, { provider: 'PROVIDER_A' });
  expect(affiliation.json.status).toBe('WAITING_DOCUMENTS');
  const requirements = await call('GET', `${CORE}/v1/merchants/${M}/onboarding-requirements?provider=PROVIDER_A`, KEY);
  expect(requirements.json.data.map((r: Json) => r.type).sort()).toEqual([
    'BIOMETRIC_VERIFICATION',
    'IDENTITY_DOCUMENT',
    'PROOF_OF_ADDRESS',
  ]);
  for (const type of ['CNH_DIGITAL', 'PROOF_OF_ADDRESS']) {
    const doc = await call('POST', `${CORE}/v1/merchants/${M}/onboarding-documents`, KEY, {
      file_type: type,
      subject_document_number: '52998224725',
      content_type: 'application/pdf',
      content_base64: 'JVBERi0xLjQKJSVFT0YK',
      request_id: `doc-${type}`,
    });
    expect(doc.status).toBe(201);
  }
  const biometric = await call('POST', `${CORE}/v1/merchants/${M}/biometric-verifications`, KEY, {
    subject_document_number: '52998224725',
  });
  expect(biometric.status).toBe(201);
  const review = await call('POST', `${CORE}/v1/sandbox/biometric-verifications/${biometric.json.id}/review`, KEY, {
    decision: 'APPROVED',
  });
  expect(review.json.status).toBe('APPROVED');
  expect((await call('GET', `${CORE}/v1/merchants/${M}/affiliations`, KEY)).json.data[0].status).toBe('ACTIVE');
  expect((await call('GET', `${CORE}/v1/merchants/${M}`, KEY)).json.status).toBe('ACTIVE');

  // 2. A card payment through the PCI host, plaintext test card.
  const card = TEST_CARD;
  const paid = await call('POST', `${PCI}/v1/merchants/${M}/transactions`, KEY, {
    payment_method: 'CREDIT_CARD',
    amount: 1990,
    request_id: 'card-1',
    card_data: card,
  });
  expect(paid.status).toBe(201);
  expect(paid.json).toMatchObject({ status: 'APPROVED', card_data: { brand: 'VISA', last_digits: '1111' } });

  // 3. A PIX, paid through the sandbox control.
  const pix = await call('POST', `${CORE}/v1/merchants/${M}/transactions`, KEY, {
    payment_method: 'PIX',
    amount: 60000,
    request_id: 'pix-1',
  });
  expect(pix.json.status).toBe('WAITING_PAYMENT');
  expect(pix.json.pix.br_code).toMatch(/^000201/);
  const pixPaid = await call('POST', `${CORE}/v1/sandbox/transactions/${pix.json.id}/pix-payment`, KEY, {});
  expect(pixPaid.json.status).toBe('APPROVED');

  // 4. A refund: PENDING, then settled by the control (4000000000007726 keeps refunds PENDING until then).
  const held = await call('POST', `${PCI}/v1/merchants/${M}/transactions`, KEY, {
    payment_method: 'CREDIT_CARD',
    amount: 3000,
    request_id: 'card-2',
    card_data: { ...card, number: '4000000000007726' },
  });
  expect(held.json.status).toBe('APPROVED');
  const refund = await call('POST', `${CORE}/v1/transactions/${held.json.id}/refunds`, KEY, {
    amount: 1000,
    request_id: 'refund-1',
  });
  expect(refund.status).toBe(201);
  expect(refund.json.status).toBe('PENDING');
  const settled = await call('POST', `${CORE}/v1/sandbox/refunds/${refund.json.id}/settle`, KEY, {
    status: 'SUCCEEDED',
  });
  expect(settled.json.status).toBe('SUCCEEDED');
  expect((await call('GET', `${CORE}/v1/transactions/${held.json.id}`, KEY)).json).toMatchObject({
    status: 'PARTIALLY_REFUNDED',
    refunded_amount: 1000,
  });

  // 5. A 3DS challenge: the session through the PCI host, its page opened and the code 1234 sent as the form does.
  const session = await call('POST', `${PCI}/v1/merchants/${M}/3ds-sessions`, KEY, {
    amount: 1990,
    card: { number: '4000000000002503', expiry_month: '12', expiry_year: '2030', holder_name: 'ANA SOUZA' },
  });
  expect(session.json.status).toBe('ACTION_REQUIRED');
  const challengeUrl = new URL(session.json.next_action.challenge_url as string);
  expect(challengeUrl.origin).toBe(new URL(CORE).origin);
  const page = await request(challengeUrl, { dispatcher: insecure });
  expect(page.statusCode).toBe(200);
  const html = await page.body.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe(challengeUrl.pathname);
  const submitted = await request(new URL(action!, challengeUrl), {
    method: 'POST',
    dispatcher: insecure,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: challengeUrl.searchParams.get('t')!, code: '1234', action: 'submit' }).toString(),
  });
  expect(submitted.statusCode).toBeLessThan(400);
  await submitted.body.dump();
  const done = await call('GET', `${CORE}/v1/3ds-sessions/${session.json.id}`, KEY);
  expect(done.json.status).toBe('SUCCEEDED');
  const withSession = await call('POST', `${CORE}/v1/merchants/${M}/transactions`, KEY, {
    payment_method: 'CREDIT_CARD',
    amount: 1990,
    request_id: 'card-3ds',
    three_ds: { session_id: session.json.id },
  });
  expect(withSession.json.status).toBe('APPROVED');

  // 6. Everything is in the events.
  const messages = await call('GET', `${CORE}/v1/webhooks/messages?limit=100`, KEY);
  expect(messages.status).toBe(200);
  const types = new Set(messages.json.data.map((m: Json) => m.type));
  for (const type of [
    'transaction.created',
    'transaction.status-changed',
    'refund.created',
    'refund.status-changed',
    'three-ds-session.status-changed',
  ]) {
    expect(types).toContain(type);
  }
  return M;
}
