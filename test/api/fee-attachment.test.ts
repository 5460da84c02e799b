import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantBody } from '../helpers/fixtures.js';
import { inlinedDocument } from '../helpers/openapi.js';

/** money.md M1: attaching fee policies to merchants (`fee_policy_id`) and organizations (`default_fee_policy_id`). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const policyBody = () => ({
  name: `p-${randomUUID().slice(0, 8)}`,
  cashout_price: 0,
  automatic_anticipation_percentage: 1,
  spot_anticipation_percentage: 1,
  rules: [{ conditions: [], price: { percentage: 2 } }],
});
async function policy(orgKey: string, active = true): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/pricing/fee-policies',
    key: orgKey,
    payload: policyBody(),
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  if (!active)
    expect(
      (await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${id}`, key: orgKey })).statusCode,
    ).toBe(200);
  return id;
}
const patchMerchant = (key: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/core/v1/merchants/${id}`, key, payload });
const patchMe = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: '/core/v1/companies/me', key, payload });
const getMe = (key: string) => t.request({ method: 'GET', url: '/core/v1/companies/me', key });

describe('fee_policy_id on merchants', () => {
  it('is null by default and shown in every merchant response', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    expect(m.body.fee_policy_id).toBeNull();
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey })).json().fee_policy_id,
    ).toBeNull();
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey })).json().data[0],
    ).toHaveProperty('fee_policy_id', null);
    const me = (await getMe(m.apiKey)).json();
    expect(me.fee_policy_id).toBeNull();
    expect(me).not.toHaveProperty('default_fee_policy_id');
  });

  it('attaches on create and on PATCH, detaches with null, and keeps the rest of the merchant', async () => {
    const org = await t.createOrganization();
    const [p1, p2] = [await policy(org.apiKey), await policy(org.apiKey)];
    const m = await t.createMerchant(org.apiKey, { fee_policy_id: p1 });
    expect(m.body.fee_policy_id).toBe(p1);

    const moved = await patchMerchant(org.apiKey, m.id, { fee_policy_id: p2.toUpperCase() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ fee_policy_id: p2, name: m.body.name });
    const renamed = await patchMerchant(org.apiKey, m.id, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ fee_policy_id: p2, name: 'Renamed' });
    const detached = await patchMerchant(org.apiKey, m.id, { fee_policy_id: null });
    expect(detached.json().fee_policy_id).toBeNull();
    const listed = (await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey })).json().data;
    expect(listed.find((x: { id: string }) => x.id === m.id).fee_policy_id).toBeNull();
  });

  it("refuses another organization's policy (404), an unknown one (404), an inactive one (409) and a malformed id (400)", async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const foreign = await policy(other.apiKey);
    const inactive = await policy(org.apiKey, false);
    const m = await t.createMerchant(org.apiKey);

    for (const id of [foreign, randomUUID()]) {
      const created = await t.request({
        method: 'POST',
        url: '/core/v1/merchants',
        key: org.apiKey,
        payload: merchantBody({ fee_policy_id: id }),
      });
      expect(created.statusCode).toBe(404);
      expect(created.json().error.code).toBe('RESOURCE_NOT_FOUND');
      const patched = await patchMerchant(org.apiKey, m.id, { fee_policy_id: id });
      expect(patched.statusCode).toBe(404);
    }
    const conflictDetails = { field: 'fee_policy_id', value: inactive, reason: 'FEE_POLICY_INACTIVE' };
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: merchantBody({ fee_policy_id: inactive }),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: conflictDetails });
    const patched = await patchMerchant(org.apiKey, m.id, { fee_policy_id: inactive });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error.details).toEqual(conflictDetails);

    const malformed = await patchMerchant(org.apiKey, m.id, { fee_policy_id: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details.issues[0]).toMatchObject({ field: 'fee_policy_id', type: 'INVALID_FORMAT' });
    // Nothing was created by the refused creates, and the merchant is unchanged.
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey })).json().pagination.total,
    ).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey })).json().fee_policy_id,
    ).toBeNull();
  });

  it('keeps a policy deactivated after attachment, and re-sending it is no new attachment', async () => {
    const org = await t.createOrganization();
    const p = await policy(org.apiKey);
    const m = await t.createMerchant(org.apiKey, { fee_policy_id: p });
    await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${p}`, key: org.apiKey });
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey })).json().fee_policy_id,
    ).toBe(p);
    const echoed = await patchMerchant(org.apiKey, m.id, { fee_policy_id: p, name: 'Same policy' });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toMatchObject({ fee_policy_id: p, name: 'Same policy' });
    // Once detached, the inactive policy cannot come back.
    await patchMerchant(org.apiKey, m.id, { fee_policy_id: null });
    expect((await patchMerchant(org.apiKey, m.id, { fee_policy_id: p })).statusCode).toBe(409);
  });

  it('a merchant key reaches no policy: any id answers 404, a detach 403, its current value and other fields pass', async () => {
    const org = await t.createOrganization();
    const [p1, p2] = [await policy(org.apiKey), await policy(org.apiKey)];
    const m = await t.createMerchant(org.apiKey, { fee_policy_id: p1 });
    const attach = await patchMerchant(m.apiKey, m.id, { fee_policy_id: p2 });
    expect(attach.statusCode).toBe(404);
    expect(attach.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const detach = await patchMerchant(m.apiKey, m.id, { fee_policy_id: null });
    expect(detach.statusCode).toBe(403);
    expect(detach.json().error.code).toBe('AUTHORIZATION_ERROR');
    const same = await patchMerchant(m.apiKey, m.id, { fee_policy_id: p1, name: 'Self-renamed' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ fee_policy_id: p1, name: 'Self-renamed' });
    expect((await getMe(m.apiKey)).json().fee_policy_id).toBe(p1);
  });
});

describe('default_fee_policy_id on the organization (PATCH /v1/companies/me)', () => {
  it('sets, shows and clears the default; the platform view shows it too', async () => {
    const org = await t.createOrganization();
    const p = await policy(org.apiKey);
    expect((await getMe(org.apiKey)).json()).toMatchObject({
      id: org.id,
      default_fee_policy_id: null,
      fee_policy_id: null,
      kyc_enabled: false,
    });

    const set = await patchMe(org.apiKey, { default_fee_policy_id: p });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: org.id, default_fee_policy_id: p });
    expect((await getMe(org.apiKey)).json().default_fee_policy_id).toBe(p);
    const staff = await t.request({
      method: 'GET',
      url: `/core/v1/platform/organizations/${org.id}`,
      key: t.platformKey,
    });
    expect(staff.json().default_fee_policy_id).toBe(p);

    const cleared = await patchMe(org.apiKey, { default_fee_policy_id: null });
    expect(cleared.json().default_fee_policy_id).toBeNull();
  });

  it('edits the organization as a merchant PATCH would, but never its document number', async () => {
    const org = await t.createOrganization();
    const res = await patchMe(org.apiKey, { name: 'Org renamed', website_url: 'https://org.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Org renamed', website_url: 'https://org.example.com' });
    const doc = await patchMe(org.apiKey, { document_number: org.body.document_number });
    expect(doc.statusCode).toBe(400);
    expect(doc.json().error.details.issues[0]).toMatchObject({ field: 'document_number', type: 'UNKNOWN_FIELD' });
    const setting = await patchMe(org.apiKey, { kyc_enabled: true });
    expect(setting.json().error.details.issues[0]).toMatchObject({ field: 'kyc_enabled', type: 'UNKNOWN_FIELD' });
  });

  it('answers 403 to a merchant key, 404 for a foreign policy, 409 for an inactive one', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const p = await policy(org.apiKey);
    const forbidden = await patchMe(m.apiKey, { default_fee_policy_id: p });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('AUTHORIZATION_ERROR');
    expect((await patchMe(m.apiKey, { name: 'x' })).statusCode).toBe(403);

    expect((await patchMe(org.apiKey, { default_fee_policy_id: await policy(other.apiKey) })).statusCode).toBe(404);
    const inactive = await policy(org.apiKey, false);
    const res = await patchMe(org.apiKey, { default_fee_policy_id: inactive });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({
      field: 'default_fee_policy_id',
      value: inactive,
      reason: 'FEE_POLICY_INACTIVE',
    });
    expect((await getMe(org.apiKey)).json().default_fee_policy_id).toBeNull();
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = inlinedDocument<{ paths: Record<string, Record<string, any>> }>(t.app.swagger());
    expect(doc.paths['/v1/companies/me']).toHaveProperty('patch');
    const merchant = doc.paths['/v1/merchants/{merchantId}']!.get.responses['200'].content['application/json'].schema;
    expect(merchant.properties).toHaveProperty('fee_policy_id');
    expect(merchant.required).toContain('fee_policy_id');
  });
});
