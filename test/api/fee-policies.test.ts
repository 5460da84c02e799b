import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const policy = (overrides: Record<string, unknown> = {}) => ({
  name: 'standard_2026',
  description: 'Default pricing',
  cashout_price: 350,
  automatic_anticipation_percentage: 1.99,
  spot_anticipation_percentage: 2.4999,
  rules: [
    { conditions: [], price: { percentage: 3.5 }, priority: 100 },
    {
      conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }],
      price: { percentage: 2.99, flat: 30 },
      priority: 10,
    },
    {
      conditions: [
        { field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' },
        { field: 'transaction.installments', operator: 'GREATER_THAN', value: 6 },
      ],
      price: { percentage: 4.5 },
      priority: 1,
    },
    {
      conditions: [{ field: 'transaction.payment_method', operator: 'IN', value: ['PIX'] }],
      price: { percentage: 0.99, minimum_price: 50 },
      priority: 5,
    },
  ],
  ...overrides,
});
const create = (key: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/pricing/fee-policies', key, payload: body });
const issuesOf = (res: { json(): any }) => res.json().error.details.issues as { field: string; type: string }[];

describe('fee policies', () => {
  it('creates, reads, lists, replaces and deactivates', async () => {
    const org = await t.createOrganization();
    const res = await create(org.apiKey, policy());
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'standard_2026',
      is_active: true,
      cashout_price: 350,
      automatic_anticipation_percentage: 1.99,
      spot_anticipation_percentage: 2.4999,
      organization_id: org.id,
    });
    expect(p.rules).toHaveLength(4);
    expect(p.rules[0]).toMatchObject({ conditions: [], price: { percentage: 3.5 }, priority: 100 });
    expect(p.rules[0].id).toMatch(/^[0-9a-f-]{36}$/);

    expect(
      (await t.request({ method: 'GET', url: `/core/v1/pricing/fee-policies/${p.id}`, key: org.apiKey })).json(),
    ).toEqual(p);
    const list = (await t.request({ method: 'GET', url: '/core/v1/pricing/fee-policies', key: org.apiKey })).json();
    expect(list.pagination.total).toBe(1);

    const put = await t.request({
      method: 'PUT',
      url: `/core/v1/pricing/fee-policies/${p.id}`,
      key: org.apiKey,
      payload: policy({ name: 'renamed', rules: [{ conditions: [], price: { flat: 99 } }] }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: p.id, name: 'renamed', rules: [{ price: { flat: 99 }, priority: 0 }] });

    const del = await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${p.id}`, key: org.apiKey });
    expect(del.statusCode).toBe(200);
    expect(del.json().is_active).toBe(false);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/pricing/fee-policies?is_active=false', key: org.apiKey })).json()
        .pagination.total,
    ).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/pricing/fee-policies?is_active=true', key: org.apiKey })).json()
        .pagination.total,
    ).toBe(0);
  });

  it('quotes several transactions by rule choice and formula', async () => {
    const org = await t.createOrganization();
    const p = (await create(org.apiKey, policy())).json();
    const quote = async (transaction: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: `/core/v1/pricing/fee-policies/${p.id}/quote`,
        key: org.apiKey,
        payload: { transaction },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const [anyRule, credit, creditLong, pix] = p.rules.map((r: { id: string }) => r.id);
    expect(await quote({ amount: 10_000, payment_method: 'CREDIT_CARD', installments: 1 })).toEqual({
      fee_policy_id: p.id,
      rule_id: credit,
      fee_amount: 329,
      net_amount: 9_671,
    });
    expect(
      await quote({ amount: 10_000, payment_method: 'credit_card', installments: 12, card_data: { brand: 'VISA' } }),
    ).toEqual({ fee_policy_id: p.id, rule_id: creditLong, fee_amount: 450, net_amount: 9_550 });
    expect(await quote({ amount: 1_000, payment_method: 'PIX' })).toMatchObject({
      rule_id: pix,
      fee_amount: 50,
      net_amount: 950,
    });
    expect(await quote({ amount: 20, payment_method: 'PIX' })).toMatchObject({
      rule_id: pix,
      fee_amount: 20,
      net_amount: 0,
    });
    expect(await quote({ amount: 10_001, payment_method: 'BOLETO' })).toMatchObject({
      rule_id: anyRule,
      fee_amount: 350,
      net_amount: 9_651,
    });

    const narrow = (
      await create(
        org.apiKey,
        policy({
          name: 'narrow',
          rules: [
            {
              conditions: [{ field: 'transaction.amount', operator: 'GREATER_THAN_OR_EQUAL', value: 5_000 }],
              price: { percentage: 1 },
              priority: 0,
            },
          ],
        }),
      )
    ).json();
    const none = await t.request({
      method: 'POST',
      url: `/core/v1/pricing/fee-policies/${narrow.id}/quote`,
      key: org.apiKey,
      payload: { transaction: { amount: 100 } },
    });
    expect(none.json()).toEqual({ fee_policy_id: narrow.id, rule_id: null, fee_amount: 0, net_amount: 100 });
    const badQuote = await t.request({
      method: 'POST',
      url: `/core/v1/pricing/fee-policies/${narrow.id}/quote`,
      key: org.apiKey,
      payload: { transaction: { amount: 10.5 } },
    });
    expect(issuesOf(badQuote)[0]).toMatchObject({ field: 'transaction.amount', type: 'INVALID_TYPE' });
  });

  it('validates every field with the right issue', async () => {
    const org = await t.createOrganization();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'has space' }, 'name', 'INVALID_FORMAT'],
      [{ name: '' }, 'name', 'TOO_SMALL'],
      [{ name: 'x'.repeat(101) }, 'name', 'TOO_LARGE'],
      [{ description: 'd'.repeat(501) }, 'description', 'TOO_LARGE'],
      [{ cashout_price: -1 }, 'cashout_price', 'TOO_SMALL'],
      [{ cashout_price: 1.5 }, 'cashout_price', 'INVALID_TYPE'],
      [{ automatic_anticipation_percentage: 1.00001 }, 'automatic_anticipation_percentage', 'INVALID_FORMAT'],
      [{ spot_anticipation_percentage: 100.5 }, 'spot_anticipation_percentage', 'TOO_LARGE'],
      [{ spot_anticipation_percentage: '1.5' }, 'spot_anticipation_percentage', 'INVALID_TYPE'],
      [{ rules: [] }, 'rules', 'TOO_SMALL'],
      [{ rules: Array.from({ length: 101 }, () => ({ conditions: [], price: { flat: 1 } })) }, 'rules', 'TOO_LARGE'],
      [{ rules: [{ conditions: [], price: { percentage: 1.00001 } }] }, 'rules.0.price.percentage', 'INVALID_FORMAT'],
      [{ rules: [{ conditions: [], price: {} }] }, 'rules.0.price', 'REQUIRED'],
      [{ rules: [{ conditions: [], price: { flat: 1 }, priority: -1 }] }, 'rules.0.priority', 'TOO_SMALL'],
      [
        {
          rules: [{ conditions: [{ field: 'transaction.color', operator: 'EQUALS', value: 'x' }], price: { flat: 1 } }],
        },
        'rules.0.conditions.0.field',
        'INVALID_ENUM',
      ],
      [
        { rules: [{ conditions: [{ field: 'transaction.amount', operator: 'LIKE', value: 1 }], price: { flat: 1 } }] },
        'rules.0.conditions.0.operator',
        'INVALID_ENUM',
      ],
      [
        { rules: [{ conditions: [{ field: 'transaction.amount', operator: 'IN', value: 1 }], price: { flat: 1 } }] },
        'rules.0.conditions.0.value',
        'INVALID_TYPE',
      ],
      [
        {
          rules: [
            {
              conditions: [{ field: 'transaction.payment_method', operator: 'LESS_THAN', value: 'PIX' }],
              price: { flat: 1 },
            },
          ],
        },
        'rules.0.conditions.0.value',
        'INVALID_TYPE',
      ],
      [{ id: 'x' }, 'id', 'UNKNOWN_FIELD'],
    ];
    for (const [override, field, type] of cases) {
      const res = await create(org.apiKey, policy(override));
      expect(res.statusCode, `${field} ${type}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(res), `${field} ${type}`).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, type })]),
      );
    }
    expect(
      (
        await create(
          org.apiKey,
          policy({
            automatic_anticipation_percentage: 1.0001,
            spot_anticipation_percentage: 100,
            rules: [{ conditions: [], price: { percentage: 0.0001 } }],
          }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/pricing/fee-policies', key: org.apiKey })).json().pagination
        .total,
    ).toBe(1);
  });

  it('keeps names unique per organization, honours request_id, and stays within the organization', async () => {
    const org = await t.createOrganization();
    const first = await create(org.apiKey, policy({ request_id: 'fp-1' }));
    expect((await create(org.apiKey, policy({ request_id: 'fp-1' }))).json().id).toBe(first.json().id);
    const dup = await create(org.apiKey, policy());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual({ field: 'name', value: 'standard_2026' });
    const other = (await create(org.apiKey, policy({ name: 'other' }))).json();
    const rename = await t.request({
      method: 'PUT',
      url: `/core/v1/pricing/fee-policies/${other.id}`,
      key: org.apiKey,
      payload: policy(),
    });
    expect(rename.statusCode).toBe(409);

    const stranger = await t.createOrganization();
    expect((await create(stranger.apiKey, policy())).statusCode).toBe(201);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/pricing/fee-policies/${other.id}`, key: stranger.apiKey }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${other.id}`, key: stranger.apiKey }))
        .statusCode,
    ).toBe(404);
    const m = await t.createMerchant(org.apiKey);
    expect((await create(m.apiKey, policy({ name: 'm' }))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/core/v1/pricing/fee-policies', key: m.apiKey })).statusCode).toBe(
      403,
    );
  });
});
