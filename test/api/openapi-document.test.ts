import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/modules/event-payloads.js';
import { readFileSync } from 'node:fs';
import { MONEY_FLOW_DIAGRAM } from '../../src/http/money-flow.js';
import { operationIdFor } from '../../src/http/openapi-operations.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { inlinedDocument } from '../helpers/openapi.js';

/** product.md §15: the OpenAPI document's shape (redocly's recommended rules run in CI: `npm run openapi:lint`). */
type Doc = {
  info: { description: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any> };
  webhooks: Record<string, any>;
};
let t: TestApp;
let doc: Doc;
const ops: { method: string; path: string; op: Record<string, any> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json<Doc>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) ops.push({ method, path, op });
}, 60_000);
afterAll(async () => t?.close());

describe('operation ids', () => {
  it.each([
    ['post', '/v1/transactions', 'transactions.create'],
    ['get', '/v1/transactions', 'transactions.list'],
    ['get', '/v1/transactions/{id}', 'transactions.get'],
    ['post', '/v1/transactions/{id}/capture', 'transactions.capture'],
    ['post', '/v1/transactions/{id}/refunds', 'transactions.refunds.create'],
    ['post', '/v1/merchants/{merchantId}/cards', 'merchants.cards.create'],
    ['delete', '/v1/merchants/{merchantId}/cards/{id}', 'merchants.cards.delete'],
    ['patch', '/v1/merchants/{merchantId}', 'merchants.update'],
    ['put', '/v1/users/{id}/roles', 'users.roles.update'],
    ['post', '/v1/3ds-sessions', 'threeDsSessions.create'],
    ['get', '/v1/banking/bank-accounts/{id}/balance', 'banking.bankAccounts.balance.get'],
    ['post', '/v1/platform/sandbox/cashouts/{id}/status', 'platform.sandbox.cashouts.setStatus'],
    ['post', '/v1/auth/forgot-password', 'auth.forgotPassword'],
  ])('%s %s is %s', (method, path, id) => expect(operationIdFor(method, path)).toBe(id));

  it('every operation has a unique `<resource>.<action>` id, a summary and a description', () => {
    const ids = ops.map((o) => o.op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of ops) {
      expect(op.operationId).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/);
      expect(op.summary).toBeTruthy();
      expect(op.description).toBeTruthy();
    }
  });
});

describe('bodies and errors', () => {
  it('every request and 2xx JSON body is a named component schema', () => {
    for (const { op } of ops) {
      const bodies = [
        op.requestBody?.content?.['application/json'],
        ...Object.entries(op.responses)
          .filter(([s]) => s.startsWith('2'))
          .map(([, r]: [string, any]) => r.content?.['application/json']),
      ];
      for (const media of bodies.filter(Boolean))
        expect(media.schema.$ref).toMatch(/^#\/components\/schemas\/[A-Z][A-Za-z0-9]+$/);
    }
    for (const name of [
      'Transaction',
      'Refund',
      'Merchant',
      'Cashout',
      'Dispute',
      'Receivable',
      'Settlement',
      'Anticipation',
      'BankAccount',
      'Error',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
  });

  it('declares the error statuses each route can answer, with the envelope', () => {
    for (const { method, path, op } of ops) {
      const statuses = Object.keys(op.responses);
      const params = (op.parameters ?? []) as { in: string }[];
      expect(statuses, `${method} ${path}`).toContain('429');
      if (op.security?.length) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
      if (params.some((p) => p.in === 'path'))
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '404']));
      if (op.requestBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '413']));
      if (op.operationId.endsWith('.create')) expect(statuses, `${method} ${path}`).toContain('409');
      for (const s of statuses.filter((s) => /^[45]/.test(s) && s !== '429' && s !== '503')) {
        expect(op.responses[s].content['application/json'].schema.$ref, `${method} ${path} ${s}`).toBe(
          '#/components/schemas/Error',
        );
      }
    }
    const create = doc.paths['/v1/transactions'].post;
    expect(Object.keys(create.responses)).toContain('502');
  });

  it('bodiless actions declare no body; an optional body is not required', () => {
    expect(doc.paths['/v1/users/{id}/suspend'].post.requestBody).toBeUndefined();
    expect(doc.paths['/v1/disputes/{id}/accept'].post.requestBody).toBeUndefined();
    expect(doc.paths['/v1/merchants/{merchantId}/cards/{id}'].delete.requestBody).toBeUndefined();
    expect(doc.paths['/v1/transactions/{id}/capture'].post.requestBody.required).toBe(false);
  });

  it("a create's 201 carries the key it shows once, required", () => {
    expect(doc.components.schemas.CreatedMerchant.required).toContain('api_key');
    expect(doc.components.schemas.CreatedOrganization.required).toContain('api_key');
  });
});

describe('examples and webhooks', () => {
  it('every create has a request example that its schema accepts', () => {
    const inlined = inlinedDocument<Doc>(doc);
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // A create: its operationId says so, or it answers 201 (issue 27: three of those had no example).
    const creates = ops.filter(
      (o) => (o.op.operationId.endsWith('.create') || o.op.responses?.['201']) && o.op.requestBody,
    );
    expect(creates.length).toBeGreaterThan(20);
    for (const { method, path, op } of creates) {
      const media = inlined.paths[path]![method].requestBody.content['application/json'];
      expect(media.example, op.operationId).toBeDefined();
      const validate = ajv.compile(media.schema);
      expect(validate(media.example), `${op.operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('the webhooks section has one entry per event type, with its payload schema', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const refund = doc.webhooks['refund.created'].post.requestBody.content['application/json'].schema;
    expect(refund.required).toEqual(expect.arrayContaining(['id', 'type', 'payload']));
    expect(refund.properties.payload.properties).toHaveProperty('transaction_id');
  });
});

describe('the money flow', () => {
  it('is in the description, with the diagram of docs/money-flow.md (issue 14)', () => {
    expect(doc.info.description).toContain('## Money flow');
    expect(doc.info.description).toContain(`\`\`\`text\n${MONEY_FLOW_DIAGRAM}\n\`\`\``);
    for (const code of [
      'TRANSACTION_APPROVED',
      'RECEIVABLE_SETTLED',
      'ANTICIPATION_COMPLETED',
      'CASHOUT_HOLD',
      'DISPUTE_OPENED',
    ])
      expect(MONEY_FLOW_DIAGRAM).toContain(code);
    expect(readFileSync(new URL('../../docs/money-flow.md', import.meta.url), 'utf8')).toContain(
      `\`\`\`text\n${MONEY_FLOW_DIAGRAM}\n\`\`\``,
    );
  });
});
