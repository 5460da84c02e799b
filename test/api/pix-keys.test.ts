import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pixKeys } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { randomCnpj, randomCpf } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const unique = () => `k${Date.now()}${Math.floor(Math.random() * 1e9)}`;
async function merchantWithAccount(overrides: Record<string, unknown> = {}) {
  const org = await t.createOrganization();
  const m = await t.createMerchant(org.apiKey, overrides);
  const account = (
    await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A', company_id: m.id },
    })
  ).json();
  return { org, m, account };
}
const register = (key: string, merchantId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/merchants/${merchantId}/pix-keys`, key, payload });

describe('PIX keys', () => {
  it('registers each key type with a masked directory snapshot, lists, reads and soft-deletes', async () => {
    const { org, m, account } = await merchantWithAccount();
    const cpf = m.body.document_number as string;
    const byType: Record<string, unknown> = {
      CPF: cpf,
      EMAIL: `${unique()}@Example.com`,
      PHONE: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      EVP: undefined,
    };
    const created: Record<string, any> = {};
    for (const [key_type, key] of Object.entries(byType)) {
      const res = await register(m.apiKey, m.id, {
        key_type,
        ...(key === undefined ? {} : { key }),
        bank_account_id: account.id,
      });
      expect(res.statusCode, `${key_type} ${res.body}`).toBe(201);
      created[key_type] = res.json();
    }
    expect(created.CPF).toMatchObject({
      company_id: m.id,
      bank_account_id: account.id,
      key_type: 'CPF',
      key: cpf,
      primary: true,
      status: 'ACTIVE',
      deleted_at: null,
    });
    expect(created.EMAIL.key).toBe((byType.EMAIL as string).toLowerCase());
    expect(created.EMAIL.primary).toBe(false);
    expect(created.EVP.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const dict = created.CPF.dict_key_information;
    expect(dict).toMatchObject({
      bank: expect.any(String),
      branch: account.branch,
      owner_document: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      is_owned_by_company: true,
    });
    expect(dict.account).toMatch(/^\*+\d{4}$/);
    expect(dict.account).not.toBe(account.account_number);

    const list = (
      await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys`, key: org.apiKey })
    ).json();
    expect(list.pagination.total).toBe(4);
    const one = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/pix-keys/${created.EMAIL.id}`,
      key: m.apiKey,
    });
    expect(one.json()).toEqual(created.EMAIL);

    const del = await t.request({
      method: 'DELETE',
      url: `/core/v1/merchants/${m.id}/pix-keys/${created.EMAIL.id}`,
      key: org.apiKey,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({
      id: created.EMAIL.id,
      status: 'DELETED',
      deleted_at: expect.any(String),
      dict_key_information: created.EMAIL.dict_key_information,
    });
    const again = await t.request({
      method: 'DELETE',
      url: `/core/v1/merchants/${m.id}/pix-keys/${created.EMAIL.id}`,
      key: org.apiKey,
    });
    expect(again.json()).toEqual(del.json());
    expect(
      (
        await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys?status=ACTIVE`, key: org.apiKey })
      ).json().pagination.total,
    ).toBe(3);
    expect(
      (
        await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys?key_type=evp`, key: org.apiKey })
      ).json().pagination.total,
    ).toBe(1);

    // A deleted key may be registered again.
    expect(
      (await register(m.apiKey, m.id, { key_type: 'EMAIL', key: byType.EMAIL, bank_account_id: account.id }))
        .statusCode,
    ).toBe(201);
  });

  it('reads an invalid stored snapshot as null', async () => {
    const { m, account } = await merchantWithAccount();
    const k = (await register(m.apiKey, m.id, { key_type: 'EVP', bank_account_id: account.id })).json();
    await t.db.db
      .update(pixKeys)
      .set({ dictKeyInformation: { bank: 1, garbage: true } })
      .where(eq(pixKeys.id, k.id));
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys/${k.id}`, key: m.apiKey })).json()
        .dict_key_information,
    ).toBeNull();
    await t.db.db.update(pixKeys).set({ dictKeyInformation: null }).where(eq(pixKeys.id, k.id));
    expect(
      (await t.request({ method: 'DELETE', url: `/core/v1/merchants/${m.id}/pix-keys/${k.id}`, key: m.apiKey })).json()
        .dict_key_information,
    ).toBeNull();
  });

  it('refuses malformed keys with VALIDATION_ERROR, foreign documents with BAD_REQUEST', async () => {
    const { m, account } = await merchantWithAccount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ key_type: 'CPF', key: '12345678900' }, 'key', 'INVALID_FORMAT'],
      [{ key_type: 'CNPJ', key: '11222333000100' }, 'key', 'INVALID_FORMAT'],
      [{ key_type: 'EMAIL', key: 'nope' }, 'key', 'INVALID_FORMAT'],
      [{ key_type: 'PHONE', key: '11999998888' }, 'key', 'INVALID_FORMAT'],
      [{ key_type: 'EVP', key: '6f1c8e52-3a7d-4b8e-9f0a-1c2d3e4f5a6b' }, 'key', 'INVALID_FORMAT'],
      [{ key_type: 'EMAIL' }, 'key', 'REQUIRED'],
      [{ key_type: 'IBAN', key: 'x' }, 'key_type', 'INVALID_ENUM'],
      [{ key_type: 'EVP', bank_account_id: 'nope' }, 'bank_account_id', 'INVALID_FORMAT'],
    ];
    for (const [body, field, type] of cases) {
      const res = await register(m.apiKey, m.id, { bank_account_id: account.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details.issues[0], JSON.stringify(body)).toMatchObject({ field, type });
    }
    const foreignCpf = await register(m.apiKey, m.id, {
      key_type: 'CPF',
      key: randomCpf(),
      bank_account_id: account.id,
    });
    expect(foreignCpf.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'key' } });
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys`, key: m.apiKey })).json().pagination
        .total,
    ).toBe(0);
  });

  it('keeps active keys unique nationally, and replays request_id', async () => {
    const a = await merchantWithAccount();
    const b = await merchantWithAccount();
    const email = `${unique()}@example.com`;
    const first = await register(a.m.apiKey, a.m.id, {
      key_type: 'EMAIL',
      key: email,
      bank_account_id: a.account.id,
      request_id: 'pk-1',
    });
    expect(first.statusCode).toBe(201);
    const replay = await register(a.m.apiKey, a.m.id, {
      key_type: 'EMAIL',
      key: email,
      bank_account_id: a.account.id,
      request_id: 'pk-1',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);
    const dup = await register(b.m.apiKey, b.m.id, {
      key_type: 'EMAIL',
      key: email.toUpperCase(),
      bank_account_id: b.account.id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual({ field: 'key', value: email });
    const racing = await Promise.all(
      [0, 1].map(() =>
        register(b.m.apiKey, b.m.id, { key_type: 'EMAIL', key: `race-${email}`, bank_account_id: b.account.id }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('enforces the per-account limits: 5 for CPF companies, 20 for CNPJ', async () => {
    const cpfCo = await merchantWithAccount();
    for (let i = 0; i < 5; i++)
      expect(
        (await register(cpfCo.m.apiKey, cpfCo.m.id, { key_type: 'EVP', bank_account_id: cpfCo.account.id })).statusCode,
      ).toBe(201);
    const sixth = await register(cpfCo.m.apiKey, cpfCo.m.id, { key_type: 'EVP', bank_account_id: cpfCo.account.id });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.details).toEqual({ field: 'bank_account_id', value: cpfCo.account.id });

    const cnpjCo = await merchantWithAccount({ document_number: randomCnpj(), document_tax_type: 'PJ' });
    const results = await Promise.all(
      Array.from({ length: 22 }, () =>
        register(cnpjCo.m.apiKey, cnpjCo.m.id, { key_type: 'EVP', bank_account_id: cnpjCo.account.id }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201).length).toBe(20);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(2);
    expect(
      (
        await register(cnpjCo.m.apiKey, cnpjCo.m.id, {
          key_type: 'CNPJ',
          key: cnpjCo.m.body.document_number,
          bank_account_id: cnpjCo.account.id,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('stays within reach', async () => {
    const { org, m, account } = await merchantWithAccount();
    const sibling = await t.createMerchant(org.apiKey);
    const k = (await register(m.apiKey, m.id, { key_type: 'EVP', bank_account_id: account.id })).json();
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys/${k.id}`, key: sibling.apiKey }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/core/v1/merchants/${sibling.id}/pix-keys/${k.id}`, key: org.apiKey }))
        .statusCode,
    ).toBe(404);
    expect((await register(org.apiKey, sibling.id, { key_type: 'EVP', bank_account_id: account.id })).statusCode).toBe(
      404,
    );
    const stranger = await t.createOrganization();
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/pix-keys`, key: stranger.apiKey })).statusCode,
    ).toBe(404);
    const bad = await t.request({
      method: 'DELETE',
      url: `/core/v1/merchants/${m.id}/pix-keys/not-a-uuid`,
      key: org.apiKey,
    });
    expect(bad.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'id' } });
  });
});
