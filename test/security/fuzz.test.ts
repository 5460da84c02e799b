import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fromSchema, PLANTED_CARD } from './schema-arbitrary.js';

/**
 * What this proves: for every operation of the OpenAPI document (so a new route is fuzzed without anyone
 * writing a test), random valid-looking and invalid bodies, queries and path ids never produce a 500, every
 * error is the contract's envelope with a matching status and request id, every success passed its documented
 * response schema (the serializer refuses anything else with a 500), and a planted card number never comes back
 * in an error nor from a card-carrying operation.
 */
type Operation = { method: string; path: string; spec: Record<string, any> };

let t: TestApp;
let keys: { org: string; merchant: string; platform: string };
let ids: string[];
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  const merchant = await t.createMerchant(org.apiKey);
  keys = { org: org.apiKey, merchant: merchant.apiKey, platform: t.platformKey };
  ids = [org.id, merchant.id];
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, any>>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
  );
});
afterAll(async () => t?.close());

function carriesCards(op: Operation): boolean {
  const body = JSON.stringify(op.spec.requestBody ?? {});
  return op.path.includes('/cards') || body.includes('"card"') || body.includes('"card_data"');
}

function keyFor(op: Operation): string | undefined {
  const schemes = (op.spec.security ?? []).flatMap((s: Record<string, unknown>) => Object.keys(s));
  if (schemes.includes('platformKey')) return keys.platform;
  if (schemes.includes('apiKey')) return keys.org;
  return undefined;
}

function requestArbitrary(op: Operation) {
  const params = (op.spec.parameters ?? []) as { in: string; name: string; schema?: any }[];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ minLength: 1, maxLength: 10 }).map(encodeURIComponent));
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, fromSchema(p.schema).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))])),
    { requiredKeys: [] },
  );
  const bodySchema = op.spec.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? fromSchema(bodySchema) : fc.constant(undefined);
  return fc.record({ path: fc.tuple(...pathParams.map(() => pathValue)), query, body, useMerchantKey: fc.boolean() }).map((r) => {
    let url = `/core${op.path}`;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, r.path[i] as string)));
    const qs = new URLSearchParams(r.query as Record<string, string>).toString();
    return { url: qs ? `${url}?${qs}` : url, body: r.body, useMerchantKey: r.useMerchantKey };
  });
}

describe('OpenAPI-driven fuzzing', () => {
  it('every documented operation survives random input with the envelope and no leaks', async () => {
    expect(operations.length).toBeGreaterThan(5);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (req) => {
          let key = keyFor(op);
          if (key === keys.org && req.useMerchantKey) key = keys.merchant;
          const res = await t.request({
            method: op.method as 'GET',
            url: req.url,
            key,
            ...(req.body === undefined ? {} : { payload: JSON.stringify(req.body), headers: { 'content-type': 'application/json' } }),
          });
          const context = `${op.method} ${req.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          // Errors never echo a card number; nor does any answer of a card-carrying operation. A number the
          // client chose to store in a plain-text field elsewhere (a name) is data it gets back, not an echo.
          if (res.statusCode >= 400 || carriesCards(op)) expect(res.body, context).not.toContain(PLANTED_CARD);
          if (res.statusCode >= 400 && res.statusCode !== 429) {
            const error = res.json().error;
            expect(error, context).toMatchObject({ status: res.statusCode, requestId: res.headers['x-request-id'] });
            expect(typeof error.code, context).toBe('string');
          }
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
      );
    }
  }, 300_000);
});
