import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { upload } from '../helpers/onboarding.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';

/**
 * Issue 27 (finding 7, item 6): the sandbox needed the staff key for what a developer does every day. Now an
 * organization's own key pays its PIX, settles its refunds, approves its documents and biometric captures and
 * moves its own test clock (`/v1/sandbox/…`); another tenant's ids answer 404, a merchant key 403 (organization
 * only), and the staff controls under `/v1/platform/sandbox` stay as they were (staff key only). Production has
 * none of them: 404, as every sandbox route.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const post = (url: string, key: string, payload?: object) =>
  t.request({ method: 'POST', url: `/core/v1${url}`, key, ...(payload ? { payload } : {}) });
const get = (url: string, key: string) => t.request({ method: 'GET', url: `/core/v1${url}`, key });

describe('the sandbox an organization drives with its own key', () => {
  it('pays its PIX and settles its refunds; another organization gets 404, a merchant key 403', async () => {
    const { org, merchant } = await payingMerchant(t);
    const other = await t.createOrganization();
    const pix = (await createTx(t, org.apiKey, { payment_method: 'PIX', amount: 60_000 }, merchant.id)).json();
    expect(pix.status).toBe('WAITING_PAYMENT');
    expect((await post(`/sandbox/transactions/${pix.id}/pix-payment`, other.apiKey, {})).statusCode).toBe(404);
    const byMerchant = await post(`/sandbox/transactions/${pix.id}/pix-payment`, merchant.apiKey, {});
    expect([byMerchant.statusCode, byMerchant.json().error.code]).toEqual([403, 'AUTHORIZATION_ERROR']);
    // The staff key stays on /v1/platform only.
    expect((await post(`/sandbox/transactions/${pix.id}/pix-payment`, t.platformKey, {})).statusCode).toBe(403);
    const paid = await post(`/sandbox/transactions/${pix.id}/pix-payment`, org.apiKey, {
      payer: { name: 'Ana', document_number: '52998224725' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual((await get(`/transactions/${pix.id}`, org.apiKey)).json());
    expect(paid.json()).toMatchObject({ status: 'APPROVED', pix: { payer: { name: 'Ana' } } });
    expect((await post(`/sandbox/transactions/${pix.id}/pix-payment`, org.apiKey)).statusCode).toBe(409);

    const card = (await createTx(t, org.apiKey, await cardPayment(t, '4000000000007726'), merchant.id)).json();
    const refund = (await post(`/transactions/${card.id}/refunds`, org.apiKey, { amount: 1_000 })).json();
    expect(refund.status).toBe('PENDING');
    expect((await post(`/sandbox/refunds/${refund.id}/settle`, other.apiKey, { status: 'SUCCEEDED' })).statusCode).toBe(
      404,
    );
    const settled = await post(`/sandbox/refunds/${refund.id}/settle`, org.apiKey, { status: 'SUCCEEDED' });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ id: refund.id, status: 'SUCCEEDED' });
    // The staff control is unchanged beside it.
    const second = (await post(`/transactions/${card.id}/refunds`, org.apiKey, { amount: 500 })).json();
    expect(
      (await post(`/platform/sandbox/refunds/${second.id}/settle`, t.platformKey, { status: 'FAILED' })).json(),
    ).toMatchObject({ status: 'FAILED' });
    expect(
      (await post(`/platform/sandbox/refunds/${second.id}/settle`, org.apiKey, { status: 'FAILED' })).statusCode,
    ).toBe(403);
  });

  it('approves its documents and biometric captures; the merchant becomes ACTIVE', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const other = await t.createOrganization();
    await post(`/merchants/${merchant.id}/affiliations`, org.apiKey, { provider: 'PROVIDER_A' });
    const subject = (await get(`/merchants/${merchant.id}`, org.apiKey)).json().document_number.replace(/\D/g, '');
    const documents = [];
    for (const type of ['CNH_DIGITAL', 'PROOF_OF_ADDRESS'])
      documents.push(await upload(t, org.apiKey, merchant.id, type, subject));
    for (const d of documents) {
      expect(
        (await post(`/sandbox/onboarding-documents/${d.id}/review`, other.apiKey, { decision: 'APPROVED' })).statusCode,
      ).toBe(404);
      const reviewed = await post(`/sandbox/onboarding-documents/${d.id}/review`, org.apiKey, { decision: 'APPROVED' });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      expect(reviewed.json()).toMatchObject({ id: d.id, status: 'APPROVED' });
    }
    const capture = (
      await post(`/merchants/${merchant.id}/biometric-verifications`, org.apiKey, { subject_document_number: subject })
    ).json();
    expect(
      (await post(`/sandbox/biometric-verifications/${capture.id}/review`, other.apiKey, { decision: 'APPROVED' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(`/sandbox/biometric-verifications/${capture.id}/review`, merchant.apiKey, { decision: 'APPROVED' }))
        .statusCode,
    ).toBe(403);
    const approved = await post(`/sandbox/biometric-verifications/${capture.id}/review`, org.apiKey, {
      decision: 'APPROVED',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: capture.id, status: 'APPROVED' });
    expect((await get(`/merchants/${merchant.id}`, org.apiKey)).json().status).toBe('ACTIVE');
    // A random id is the same 404 as another tenant's.
    expect(
      (await post(`/sandbox/biometric-verifications/${randomUUID()}/review`, org.apiKey, { decision: 'APPROVED' }))
        .statusCode,
    ).toBe(404);
  });

  it('moves its own test clock, and only its own', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const read = await get('/sandbox/clock', org.apiKey);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().offset_seconds).toBe(0);
    const moved = await post('/sandbox/clock/advance', org.apiKey, { seconds: 86_400 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().offset_seconds).toBe(86_400);
    expect((await get(`/platform/sandbox/organizations/${org.id}/clock`, t.platformKey)).json().offset_seconds).toBe(
      86_400,
    );
    expect((await get('/sandbox/clock', other.apiKey)).json().offset_seconds).toBe(0);
    expect((await post('/sandbox/clock/advance', org.apiKey, { seconds: -1 })).statusCode).toBe(409);
    const merchant = await t.createMerchant(org.apiKey);
    expect((await post('/sandbox/clock/advance', merchant.apiKey, { seconds: 60 })).statusCode).toBe(403);
    // Staff keep theirs.
    expect(
      (await post(`/platform/sandbox/organizations/${org.id}/clock/advance`, t.platformKey, { seconds: 60 })).json()
        .offset_seconds,
    ).toBe(86_460);
  });

  it('the document declares them under the sandbox tag with a permission each', async () => {
    const doc = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json();
    const ops = [
      '/v1/sandbox/transactions/{id}/pix-payment',
      '/v1/sandbox/refunds/{id}/settle',
      '/v1/sandbox/onboarding-documents/{id}/review',
      '/v1/sandbox/biometric-verifications/{id}/review',
      '/v1/sandbox/clock/advance',
    ];
    for (const path of ops) expect(doc.paths[path]?.post?.['x-permission'], path).toMatch(/^sandbox\./);
    expect(doc.paths['/v1/sandbox/clock'].get['x-permission']).toBe('sandbox.clock.read');
  });
});

describe('production has none of them', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: 'production' });
  });
  afterAll(async () => prod?.close());

  it('every self-service control answers 404 to the organization (as the staff controls do to staff)', async () => {
    const org = await prod.createOrganization();
    const id = '3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42';
    const calls: [string, string, object | undefined][] = [
      ['POST', `/core/v1/sandbox/transactions/${id}/pix-payment`, {}],
      ['POST', `/core/v1/sandbox/refunds/${id}/settle`, { status: 'SUCCEEDED' }],
      ['POST', `/core/v1/sandbox/onboarding-documents/${id}/review`, { decision: 'APPROVED' }],
      ['POST', `/core/v1/sandbox/biometric-verifications/${id}/review`, { decision: 'APPROVED' }],
      ['POST', '/core/v1/sandbox/clock/advance', { seconds: 60 }],
      ['GET', '/core/v1/sandbox/clock', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await prod.request({
        method,
        url,
        key: org.apiKey,
        ...(payload ? { payload } : {}),
      });
      expect([url, res.statusCode, res.json().error.code]).toEqual([url, 404, 'RESOURCE_NOT_FOUND']);
    }
    const staff = await prod.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/transactions/${id}/pix-payment`,
      key: prod.platformKey,
      payload: {},
    });
    expect(staff.statusCode).toBe(404);
  });
});
