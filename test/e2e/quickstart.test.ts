import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { sandboxServers } from '../helpers/sandbox-server.js';

const servers = sandboxServers();

/**
 * README "Take a payment in the sandbox", step by step, against the real server (`npm start`'s entry) over
 * HTTPS: what a new user does from a fresh clone (issue 13). Each call is the README's curl.
 */
// A failed assertion must not leave a server running.
afterAll(() => servers.stopAll());


const insecure = new Agent({ connect: { rejectUnauthorized: false } });
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: 'GET' | 'POST', url: string, key: string | null, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await request(url, {
    method,
    dispatcher: insecure,
    headers: { ...(key && { 'x-api-key': key }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Json };
}

describe('README: take a payment in the sandbox', () => {
  it('onboards a merchant, takes card, PIX and 3DS payments, refunds, and lists the events', async () => {
    const dataDir = servers.dataDir();
    await servers.start(dataDir);
    const sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
    const CORE: string = sandbox.core_url;
    const PCI: string = sandbox.pci_url;
    const KEY: string = sandbox.organization.api_key;
    const STAFF: string = sandbox.platform_admin_key;

    // 0. A webhook endpoint (events are kept as messages only while one exists); nothing needs to listen there.
    const endpoint = await request(`${CORE}/v1/platform/organizations/${sandbox.organization.id}/webhook-endpoint`, {
      method: 'PUT', dispatcher: insecure, headers: { 'x-api-key': STAFF, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:3000/webhooks' }),
    });
    expect(endpoint.statusCode).toBe(200);
    await endpoint.body.dump();

    // 1. A merchant, payment-ready: affiliation, its three requirements met, the biometric capture approved.
    const merchant = await call('POST', `${CORE}/v1/merchants`, KEY, {
      name: 'Padaria', full_name: 'Padaria Pão Bom', document_number: '529.982.247-25',
      contact: { first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', phone: '+5511999998888' },
      address: { street: 'Av. Paulista', street_number: '1000', neighborhood: 'Bela Vista', zipcode: '01310100', country: '076', state: 'SP', city: 'São Paulo' },
    });
    expect(merchant.status).toBe(201);
    const M = merchant.json.id as string;
    const affiliation = await call('POST', `${CORE}/v1/merchants/${M}/affiliations`, KEY, { provider: 'PROVIDER_A' });
    expect(affiliation.json.status).toBe('WAITING_DOCUMENTS');
    const requirements = await call('GET', `${CORE}/v1/merchants/${M}/onboarding-requirements?provider=PROVIDER_A`, KEY);
    expect(requirements.json.data.map((r: Json) => r.type).sort()).toEqual(['BIOMETRIC_VERIFICATION', 'IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS']);
    for (const type of ['CNH_DIGITAL', 'PROOF_OF_ADDRESS']) {
      const doc = await call('POST', `${CORE}/v1/merchants/${M}/onboarding-documents`, KEY, {
        file_type: type, subject_document_number: '52998224725', content_type: 'application/pdf', content_base64: 'JVBERi0xLjQKJSVFT0YK', request_id: `doc-${type}`,
      });
      expect(doc.status).toBe(201);
    }
    const biometric = await call('POST', `${CORE}/v1/merchants/${M}/biometric-verifications`, KEY, { subject_document_number: '52998224725' });
    expect(biometric.status).toBe(201);
    const review = await call('POST', `${CORE}/v1/platform/sandbox/biometric-verifications/${biometric.json.id}/review`, STAFF, { decision: 'APPROVED' });
    expect(review.json.status).toBe('APPROVED');
    expect((await call('GET', `${CORE}/v1/merchants/${M}/affiliations`, KEY)).json.data[0].status).toBe('ACTIVE');
    expect((await call('GET', `${CORE}/v1/merchants/${M}`, KEY)).json.status).toBe('ACTIVE');

    // 2. A card payment through the PCI host, plaintext test card.
    const card = { number: '4111111111111111', cvv: '123', expiry_month: '12', expiry_year: '2030', holder_name: 'ANA SOUZA' };
    const paid = await call('POST', `${PCI}/v1/merchants/${M}/transactions`, KEY, { payment_method: 'CREDIT_CARD', amount: 1990, request_id: 'card-1', card_data: card });
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ status: 'APPROVED', card_data: { brand: 'VISA', last_digits: '1111' } });

    // 3. A PIX, paid through the sandbox control.
    const pix = await call('POST', `${CORE}/v1/merchants/${M}/transactions`, KEY, { payment_method: 'PIX', amount: 60000, request_id: 'pix-1' });
    expect(pix.json.status).toBe('WAITING_PAYMENT');
    expect(pix.json.pix.br_code).toMatch(/^000201/);
    const pixPaid = await call('POST', `${CORE}/v1/platform/sandbox/transactions/${pix.json.id}/pix-payment`, STAFF, {});
    expect(pixPaid.json.status).toBe('APPROVED');

    // 4. A refund: PENDING, then settled by the control (4000000000007726 keeps refunds PENDING until then).
    const held = await call('POST', `${PCI}/v1/merchants/${M}/transactions`, KEY, { payment_method: 'CREDIT_CARD', amount: 3000, request_id: 'card-2', card_data: { ...card, number: '4000000000007726' } });
    expect(held.json.status).toBe('APPROVED');
    const refund = await call('POST', `${CORE}/v1/transactions/${held.json.id}/refunds`, KEY, { amount: 1000, request_id: 'refund-1' });
    expect(refund.status).toBe(201);
    expect(refund.json.status).toBe('PENDING');
    const settled = await call('POST', `${CORE}/v1/platform/sandbox/refunds/${refund.json.id}/settle`, STAFF, { status: 'SUCCEEDED' });
    expect(settled.json.status).toBe('SUCCEEDED');
    expect((await call('GET', `${CORE}/v1/transactions/${held.json.id}`, KEY)).json).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: 1000 });

    // 5. A 3DS challenge: the session through the PCI host, its page opened and the code 1234 sent as the form does.
    const session = await call('POST', `${PCI}/v1/merchants/${M}/3ds-sessions`, KEY, { amount: 1990, card: { number: '4000000000002503', expiry_month: '12', expiry_year: '2030', holder_name: 'ANA SOUZA' } });
    expect(session.json.status).toBe('ACTION_REQUIRED');
    const challengeUrl = new URL(session.json.next_action.challenge_url as string);
    expect(challengeUrl.origin).toBe(new URL(CORE).origin);
    const page = await request(challengeUrl, { dispatcher: insecure });
    expect(page.statusCode).toBe(200);
    const html = await page.body.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(challengeUrl.pathname);
    const submitted = await request(new URL(action!, challengeUrl), {
      method: 'POST', dispatcher: insecure,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: challengeUrl.searchParams.get('t')!, code: '1234', action: 'submit' }).toString(),
    });
    expect(submitted.statusCode).toBeLessThan(400);
    await submitted.body.dump();
    const done = await call('GET', `${CORE}/v1/3ds-sessions/${session.json.id}`, KEY);
    expect(done.json.status).toBe('SUCCEEDED');
    const withSession = await call('POST', `${CORE}/v1/merchants/${M}/transactions`, KEY, { payment_method: 'CREDIT_CARD', amount: 1990, request_id: 'card-3ds', three_ds: { session_id: session.json.id } });
    expect(withSession.json.status).toBe('APPROVED');

    // 6. Everything is in the events.
    const messages = await call('GET', `${CORE}/v1/webhooks/messages?limit=100`, KEY);
    expect(messages.status).toBe(200);
    const types = new Set(messages.json.data.map((m: Json) => m.type));
    for (const type of ['transaction.created', 'transaction.status-changed', 'refund.created', 'refund.status-changed', 'three-ds-session.status-changed']) {
      expect(types).toContain(type);
    }
  }, 90_000);
});
