import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.js';
import { EVENT_TYPES, parseEventPayload } from '../../src/events/payloads.js';
import { EventConsumerRegistry } from '../../src/events/consumers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const ok = async (p: Promise<{ statusCode: number; json(): any; body: string }>, status = 201) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe('typed event payloads', () => {
  it('every event a flow records matches its type schema', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    await ok(t.request({ method: 'POST', url: `/core/v1/merchants/${merchant.id}/affiliations`, key: merchant.apiKey, payload: { provider: 'PROVIDER_A' } }));
    await ok(t.request({ method: 'PATCH', url: `/core/v1/platform/companies/${merchant.id}`, key: t.platformKey, payload: { status: 'ACTIVE' } }), 200);
    const a = await ok(t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: org.apiKey, payload: { provider: 'PROVIDER_A' } }));
    const b = await ok(t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: org.apiKey, payload: { provider: 'PROVIDER_A' } }));
    await ok(t.request({ method: 'POST', url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`, key: t.platformKey, payload: { amount: 500 } }), 200);
    for (const finalStatus of ['COMPLETED', 'FAILED']) {
      const tr = await ok(
        t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key: org.apiKey, payload: { request_id: `ev-${finalStatus}`, origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 100 } }),
      );
      const move = (status: string) => t.request({ method: 'POST', url: `/core/v1/platform/sandbox/internal-transfers/${tr.id}/status`, key: t.platformKey, payload: { status } });
      await ok(move('PROCESSING'), 200);
      await ok(move(finalStatus), 200);
    }

    const rows = await t.db.db.select().from(events).where(eq(events.organizationId, org.id));
    const types = new Set(rows.map((r) => r.type));
    for (const type of ['company.created', 'company.status-changed', 'affiliation.created', 'internal-transfer.created', 'internal-transfer.status-changed']) {
      expect(types, type).toContain(type);
    }
    for (const row of rows) {
      const parsed = parseEventPayload(row.type, row.payload);
      expect(parsed.success, `${row.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('knows every type the outbox can record', () => {
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['company.created', 'internal-transfer.status-changed', 'onboarding-document.status-changed']));
    expect(() => parseEventPayload('no.such-type', {})).toThrow();
  });

  it('the consumer registry hands each batch to every consumer, once per name', async () => {
    const registry = new EventConsumerRegistry();
    const seen: string[] = [];
    registry.register('a', async (_tx, rows) => void seen.push(`a:${rows.length}`));
    registry.register('a', async (_tx, rows) => void seen.push(`a2:${rows.length}`));
    registry.register('b', async (_tx, rows) => void seen.push(`b:${rows.length}`));
    await registry.dispatch(t.db.db, [{} as never, {} as never]);
    expect(seen).toEqual(['a2:2', 'b:2']);
    expect(registry.names()).toEqual(['a', 'b']);
  });
});
