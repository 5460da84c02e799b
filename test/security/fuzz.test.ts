import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../../src/http/logger.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { fromSchema, PLANTED_NEEDLES } from './schema-arbitrary.js';
import { inlinedDocument } from '../helpers/openapi.js';
import { textOf } from '../../src/kernel/text.js';

/**
 * What this proves: for every operation of the OpenAPI document (so a new route is fuzzed without anyone
 * writing a test), random valid-looking and invalid bodies, queries and path ids never produce a 500, every
 * error is the contract's envelope with a matching status and request id, every success passed its documented
 * response schema (the serializer refuses anything else with a 500), and a planted card number never comes back
 * in an error nor from a card-carrying operation.
 * The audit's input classes (product.md §14, issue 11) are planted too: NUL and unpaired surrogates in values,
 * keys and query values, JSON nested past 32 levels, card numbers in free text (plain, spaced, dashed, inside a
 * request_id, as a JSON number), oversized metadata, bad %-encodings and overlong ids in paths. Afterwards no
 * planted card number is in any response, log line, table row or webhook delivered to the organization's receiver.
 */
type Operation = { method: string; path: string; spec: Record<string, any> };

let t: TestApp;
let keys: { org: string; merchant: string; platform: string };
let ids: string[];
let operations: Operation[];

const logLines: string[] = [];
let receiver: FakeReceiver;
let organizationId: string;

beforeAll(async () => {
  const logger = {
    ...(loggerOptions('info') as object),
    stream: { write: (line: string) => void logLines.push(line) },
  };
  t = await createTestApp({ sandboxAutopilot: false }, {}, { logger });
  const made = await organizationWithReceiver(t);
  receiver = made.receiver;
  const org = made.org;
  organizationId = org.id;
  const merchant = await t.createMerchant(org.apiKey);
  keys = { org: org.apiKey, merchant: merchant.apiKey, platform: t.platformKey };
  ids = [org.id, merchant.id];
  const doc = inlinedDocument<{ paths: Record<string, Record<string, Record<string, any>>> }>(t.app.swagger());
  operations = Object.entries(doc.paths)
    .flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
      // An event stream never ends, so inject cannot read it: test/api/event-stream.test.ts covers it over a socket.
    )
    .filter((op) => !op.spec.responses?.['200']?.content?.['text/event-stream']);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

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
  const pathValue = fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 10 }).map(encodeURIComponent),
    // A card number percent-encoded in the path must not come back decoded in error.path (issue 24).
    fc.constantFrom(
      '%ZZ',
      '%00',
      'a'.repeat(150),
      'x%ED%A0%80',
      '4111%201111%201111%201111',
      '4111%2D1111%2D1111%2D1111',
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fromSchema(p.schema).map((v) => (typeof v === 'object' ? JSON.stringify(v) : textOf(v))),
      ]),
    ),
    { requiredKeys: [] },
  );
  const bodySchema = op.spec.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? fromSchema(bodySchema) : fc.constant(undefined);
  return fc
    .record({ path: fc.tuple(...pathParams.map(() => pathValue)), query, body, useMerchantKey: fc.boolean() })
    .map((r) => {
      let url = `/core${op.path}`;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, r.path[i]!)));
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
            method: op.method,
            url: req.url,
            key,
            ...(req.body === undefined
              ? {}
              : { payload: JSON.stringify(req.body), headers: { 'content-type': 'application/json' } }),
          });
          const context = `${op.method} ${req.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          // Errors never echo a card number; nor does any answer of a card-carrying operation. A number the
          // client chose to store in a plain-text field elsewhere (a name) is data it gets back, not an echo.
          // §14: free text refuses card numbers, so no answer of any operation carries one.
          for (const needle of PLANTED_NEEDLES) expect(res.body, context).not.toContain(needle);
          if (res.statusCode >= 400 && res.statusCode !== 429) expectEnvelope(res, context);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
      );
      await hostilePass(op);
    }
    await noPlantedCardAnywhere();
  }, 300_000);
});

function expectEnvelope(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, context: string) {
  const error = res.json().error;
  expect(error, context).toMatchObject({ status: res.statusCode, requestId: res.headers['x-request-id'] });
  expect(typeof error.code, context).toBe('string');
}

/** Fixed hostile requests per operation: deep JSON, a NUL in every query parameter, an overlong and a bad path. */
async function hostilePass(op: Operation) {
  const key = keyFor(op);
  const params = (op.spec.parameters ?? []) as { in: string; name: string }[];
  const base = `/core${op.path}`.replace(/\{[^}]+\}/g, ids[0]!);
  const query = params
    .filter((p) => p.in === 'query')
    .map((p) => `${p.name}=%00`)
    .join('&');
  const cases: { url: string; payload?: string }[] = [
    { url: base, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    { url: base, payload: `{"a":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}` },
    ...(query ? [{ url: `${base}?${query}` }] : []),
    ...(base.includes(ids[0]!)
      ? [
          { url: base.replace(ids[0]!, '%ZZ') },
          { url: base.replace(ids[0]!, 'a'.repeat(9000)) },
          { url: base.replace(ids[0]!, 'a'.repeat(20_000)) },
        ]
      : []),
  ];
  for (const c of cases) {
    const res = await t.request({
      method: op.method,
      url: c.url,
      key,
      ...(c.payload === undefined ? {} : { payload: c.payload, headers: { 'content-type': 'application/json' } }),
    });
    const context = `${op.method} ${c.url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, context).toBeLessThan(500);
    if (res.statusCode >= 400 && res.statusCode !== 429) expectEnvelope(res, context);
  }
}

/** After the fuzz: no planted number in any log line, table row, or webhook delivered to the receiver. */
async function noPlantedCardAnywhere() {
  const failures: string[] = [];
  const logs = logLines.join('\n');
  for (const n of PLANTED_NEEDLES) if (logs.includes(n)) failures.push(`a log line carries ${n}`);
  const rowsOf = async (q: ReturnType<typeof sql>) =>
    ((await t.db.db.execute<Record<string, string>>(q)) as { rows: Record<string, string>[] }).rows;
  const tables = await rowsOf(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  for (const { table_name } of tables) {
    for (const row of await rowsOf(sql`select * from ${sql.identifier(String(table_name))}`)) {
      const text = JSON.stringify(row);
      for (const n of PLANTED_NEEDLES) if (text.includes(n)) failures.push(`table ${table_name} holds ${n}`);
    }
  }
  const worker = createDeliveryWorker({
    db: t.db,
    secretBox: t.deps.webhookSecretBox,
    config: { env: 'sandbox', webhookRetrySchedule: [] },
    organizationIds: [organizationId],
    timeoutMs: 5000,
  });
  await worker.drain();
  for (const w of receiver.received)
    for (const n of PLANTED_NEEDLES) if (w.body.includes(n)) failures.push(`webhook ${w.id} carries ${n}`);
  expect([...new Set(failures)]).toEqual([]);
}
