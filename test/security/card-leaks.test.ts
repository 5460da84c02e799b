import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/http/logger.js';
import { luhnValid } from '../../src/domain/pan.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encryptFor } from '../helpers/cards.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { BODIES, FACTORIES, type Company } from './tenant-fixtures.js';
import { inlinedDocument } from '../helpers/openapi.js';

/**
 * What this proves: a Luhn-valid card number (plain, spaced, dashed, beside another digit, and as a JSON number), a CVV, and `ev:` ciphertexts
 * of both, sent in every field of every card-carrying request (the field list is generated from each route's
 * documented body schema, plus `cvv`/`security_code` fields the schemas do not define), never appear in any
 * response, any log line written at trace level, any row of any table of the database (the one exception: the
 * number ciphertext in its own column, stored for the provider), any event, or any webhook delivered to a
 * receiver. A card-carrying request is one whose path has `/cards` or whose body schema has a `card`/`card_data`
 * object, so a route added later is covered. A CVV is three or four digits, indistinguishable from other short
 * numbers, so it is searched for as a quoted JSON value in error responses and logs, and as a stored or emitted
 * value under a cvv-like name (see docs/decisions/security.md).
 */
type Op = { method: string; path: string; spec: Record<string, any> };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/**
 * A random Luhn-valid number unique to this run (stored data of other runs cannot collide), with the BIN and
 * last digits of the stored-card fixture, so its real ciphertext is accepted as a card number and stored.
 */
function randomPan(): string {
  const middle = Array.from({ length: 5 }, () => randomInt(10)).join('');
  for (let d = 0; d < 10; d++) if (luhnValid(`411111${middle}${d}1111`)) return `411111${middle}${d}1111`;
  throw new Error('unreachable');
}
const PAN = randomPan();
const CVV = String(randomInt(1000, 10_000));
/** Real ev:v1 ciphertexts of both, made with the test app's key once it exists. */
let PAN_CIPHER = '';
let CVV_CIPHER = '';
const SPACED = PAN.replace(/(\d{4})(?=\d)/g, '$1 ');
const DASHED = PAN.replace(/(\d{4})(?=\d)/g, '$1-');
/** Plain, grouped, as a JSON number, with a digit beside it; a CVV; ciphertexts. */
let VALUES: unknown[] = [];
/** What must never be found: the digits of the number, and the distinctive ciphertext segment of each value. */
const PAN_NEEDLES = [PAN, SPACED, DASHED];
let CIPHER_NEEDLES: string[] = [];
const CVV_NEEDLES = [`"${CVV}"`, `:${CVV},`, `:${CVV}}`];

const logLines: string[] = [];
let t: TestApp;
let org: Company;
let merchant: Company;
let receiver: FakeReceiver;
let ownIds: Record<string, string>;

beforeAll(async () => {
  const logger = {
    ...(loggerOptions('trace') as object),
    stream: { write: (line: string) => void logLines.push(line) },
  };
  t = await createTestApp({ sandboxAutopilot: false }, {}, { logger });
  PAN_CIPHER = await encryptFor(t, PAN, 'pan');
  CVV_CIPHER = await encryptFor(t, CVV, 'cvv');
  VALUES = [PAN, SPACED, DASHED, `${PAN} 7`, Number(PAN), CVV, PAN_CIPHER, CVV_CIPHER];
  CIPHER_NEEDLES = [PAN_CIPHER.split(':')[6]!, CVV_CIPHER.split(':')[6]!];
  const made = await organizationWithReceiver(t);
  org = made.org;
  receiver = made.receiver;
  merchant = await t.createMerchant(org.apiKey);
  ownIds = {};
  for (const [key, factory] of Object.entries(FACTORIES)) {
    if (typeof factory === 'function') ownIds[key] = await factory({ t, org, merchant, ids: ownIds });
  }
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

function hasCardObject(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (
    schema.properties &&
    Object.entries(schema.properties).some(([k, v]) => /^card(_data)?$/.test(k) || hasCardObject(v))
  )
    return true;
  return !!schema.items && hasCardObject(schema.items);
}

/** Every leaf field of a body schema as a path, plus cvv-like fields in every object (which strict bodies refuse). */
function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const variant = schema.anyOf?.find((s) => s.properties || s.items) ?? schema;
  if (variant.properties) {
    const inner = Object.entries(variant.properties).flatMap(([k, v]) => fieldPaths(v, [...prefix, k]));
    return [...inner, [...prefix, 'cvv'], [...prefix, 'security_code']];
  }
  if (variant.items) return fieldPaths(variant.items, [...prefix, 0]);
  return [prefix];
}

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, any>;
  let cur = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) cur[key] = value;
    else {
      if (cur[key] === null || typeof cur[key] !== 'object') cur[key] = typeof path[i + 1] === 'number' ? [] : {};
      cur = cur[key];
    }
  });
  return copy;
}

function find(text: string, needles: string[]) {
  return needles.filter((n) => text.includes(n));
}

describe('card data never leaks', () => {
  it('a card number, CVV and their ciphertexts in every field of every card-carrying request go nowhere', async () => {
    const doc = inlinedDocument<{ paths: Record<string, Record<string, Record<string, any>>> }>(t.app.swagger());
    const ops: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, spec]) => ({ method: method.toUpperCase(), path, spec })),
    );
    const cardOps = ops.filter((op) => {
      const schema = op.spec.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      // Bodiless actions (DELETE, activate...) document an empty body: nothing to plant a value in.
      return (
        !!schema?.properties &&
        Object.keys(schema.properties).length > 0 &&
        (op.path.includes('/cards') || hasCardObject(schema))
      );
    });
    expect(cardOps.map((o) => `${o.method} ${o.path}`)).toContain('POST /v1/merchants/{merchantId}/cards');

    const responses: string[] = [];
    const failures: string[] = [];
    let sent = 0;
    for (const op of cardOps) {
      const build = BODIES[`${op.method} ${op.path}`];
      expect(build, `${op.method} ${op.path} needs an entry in BODIES (tenant-fixtures.ts)`).toBeDefined();
      const segments = op.path.split('/');
      const url = `/core${segments.map((seg, i) => (seg.startsWith('{') ? ownIds[`${segments[i - 1]}/${seg}`] : seg)).join('/')}`;
      const key = op.path.startsWith('/v1/pricing') ? org.apiKey : merchant.apiKey;
      // Control: the base body is accepted, so refusals below come from the planted values.
      const control = await t.request({ method: op.method, url, key, payload: build!(ownIds) });
      expect(control.statusCode, `${op.method} ${url}: ${control.body}`).toBeLessThan(300);
      const schema = op.spec.requestBody.content['application/json'].schema as JsonSchema;
      for (const path of fieldPaths(schema)) {
        for (const value of VALUES) {
          const logsBefore = logLines.length;
          const res = await t.request({
            method: op.method,
            url,
            key,
            payload: setAt(build!(ownIds), path, value) as Record<string, unknown>,
          });
          sent++;
          const context = `${op.method} ${op.path} ${path.join('.')}=${String(value).slice(0, 8)}… -> ${res.statusCode}`;
          responses.push(res.body);
          if (res.statusCode >= 500) failures.push(`${context} ${res.body.slice(0, 200)}`);
          const requestLogs = logLines.slice(logsBefore).join('\n');
          // A CVV-shaped value accepted as a field's own data (last_digits "1234") is data; refused, it is never echoed
          // from a card object or a cvv-like field.
          const cvvScope =
            res.statusCode >= 400 &&
            path.some((p) => typeof p === 'string' && /^(card|card_data|cvv|cvc|security_code)$/.test(p));
          for (const n of find(res.body, [...PAN_NEEDLES, ...CIPHER_NEEDLES, ...(cvvScope ? CVV_NEEDLES : [])]))
            failures.push(`${context}: response carries ${n}`);
          if (/"(cvv|cvc|security_code)"\s*:/.test(res.body) && res.statusCode < 400)
            failures.push(`${context}: response has a cvv-like field`);
          for (const n of find(requestLogs, [...PAN_NEEDLES, ...CIPHER_NEEDLES, ...CVV_NEEDLES]))
            failures.push(`${context}: a log line carries ${n}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(50);

    // Reads of what was stored, and the organization's messages, are responses too.
    for (const url of [`/core/v1/merchants/${merchant.id}/cards?limit=100`, '/core/v1/webhooks/messages?limit=100']) {
      const res = await t.request({ method: 'GET', url, key: url.includes('webhooks') ? org.apiKey : merchant.apiKey });
      expect(res.statusCode).toBe(200);
      for (const n of find(res.body, [...PAN_NEEDLES, ...CIPHER_NEEDLES])) failures.push(`GET ${url} carries ${n}`);
    }

    // Every event goes out to the receiver; no delivery carries any of it.
    const worker = createDeliveryWorker({
      db: t.db,
      secretBox: t.deps.webhookSecretBox,
      config: { env: 'sandbox', webhookRetrySchedule: [] },
      organizationIds: [org.id],
      timeoutMs: 5000,
    });
    await worker.drain();
    expect(receiver.delivered().length).toBeGreaterThan(0);
    for (const w of receiver.received) {
      // A CVV-shaped value accepted as a field's own data (a description "1234" in transaction.created) is data:
      // as for stored rows, a CVV is looked for under a cvv-like name (just below), not as any 3-4 digit string.
      for (const n of find(w.body, [...PAN_NEEDLES, ...CIPHER_NEEDLES])) failures.push(`webhook ${w.id} carries ${n}`);
      if (/"(cvv|cvc|security_code)"/i.test(w.body)) failures.push(`webhook ${w.id} has a cvv-like field`);
    }

    // Every table of the schema, every row: the number ciphertext only in its own column, nothing else anywhere.
    const rowsOf = async (q: ReturnType<typeof sql>) =>
      ((await t.db.db.execute<Record<string, string>>(q)) as { rows: Record<string, string>[] }).rows;
    const tables = await rowsOf(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    const columns = await rowsOf(
      sql`select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
    );
    for (const c of columns)
      if (/cvv|cvc|security_code/i.test(String(c.column_name)))
        failures.push(`column ${c.table_name}.${c.column_name} looks like a CVV store`);
    let cipherStored = 0;
    for (const { table_name } of tables) {
      for (const row of await rowsOf(sql`select * from ${sql.identifier(String(table_name))}`)) {
        for (const [column, value] of Object.entries(row)) {
          const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
          const hits = find(text, [...PAN_NEEDLES, ...CIPHER_NEEDLES]);
          if (hits.length === 0) continue;
          // Any ciphertext sent as the number is stored as the number (the platform cannot tell what it encrypts).
          const numberColumn =
            (table_name === 'stored_cards' && column === 'number_ciphertext') ||
            (table_name === 'three_ds_sessions' && column === 'card_number_ciphertext');
          if (numberColumn && (text === PAN_CIPHER || text === CVV_CIPHER)) {
            cipherStored++;
            continue;
          }
          failures.push(`table ${table_name}.${column} holds ${hits.join(', ')}`);
        }
        if (/"(cvv|cvc|security_code)"/i.test(JSON.stringify(row)))
          failures.push(`table ${table_name} has a cvv-like key`);
      }
    }
    // The control: the ciphertext sent in `number` was stored (the dump would have found it).
    expect(cipherStored).toBeGreaterThan(0);
    expect(logLines.length).toBeGreaterThan(sent);
    expect([...new Set(failures)]).toEqual([]);
  }, 300_000);
});
