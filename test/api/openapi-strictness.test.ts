import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_EXAMPLES } from '../../src/http/openapi-examples.js';
import { SERVICE_RULES } from '../../src/modules/openapi-service-rules.js';
import { installmentIssues } from '../../src/modules/payments/shared/transactions.rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { inlinedDocument } from '../helpers/openapi.js';

/**
 * Issue 27 (finding 6): the document's request schemas are as strict as the server. Amounts were `number` with
 * minimum -9007199254740991 where the server wants an integer of at least 1; a failed login's 401, health's 503
 * schema and internal file citations are checked here too.
 */
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
let t: TestApp;
let doc: Doc;
let inlined: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json<Doc>();
  inlined = inlinedDocument<Doc>(doc);
}, 60_000);
afterAll(async () => t?.close());

const operations = () =>
  Object.entries(inlined.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

/** Every property schema under `schema`, by dotted path. */
function properties(schema: any, prefix = ''): [string, any][] {
  if (!schema || typeof schema !== 'object') return [];
  const out: [string, any][] = [];
  for (const [name, child] of Object.entries<any>(schema.properties ?? {})) {
    out.push(
      [`${prefix}${name}`, child],
      ...properties(child, `${prefix}${name}.`),
      ...properties(child?.items, `${prefix}${name}[].`),
    );
  }
  for (const branch of schema.anyOf ?? []) out.push(...properties(branch, prefix));
  return out;
}

describe('request schemas are as strict as the server', () => {
  it('no request number is unbounded: every one is an integer or carries its real bounds', () => {
    const loose: string[] = [];
    for (const { path, method, op } of operations()) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const [name, p] of properties(schema)) {
        if (p.type === 'number' && (p.minimum === undefined || p.minimum === -Number.MAX_SAFE_INTEGER))
          loose.push(`${method} ${path} ${name}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it('a string normalised then checked against an enum shows the enum (body and query)', () => {
    const affiliation = operations().find((o) => o.op.operationId === 'merchants.affiliations.create')!.op;
    // providers.md Changes 8: any provider account name (the organization's access is checked by the service).
    expect(affiliation.requestBody.content['application/json'].schema.properties.provider).toMatchObject({
      type: 'string',
      maxLength: 32,
    });
    const upload = operations().find((o) => o.op.operationId === 'merchants.onboardingDocuments.create')!.op;
    expect(upload.requestBody.content['application/json'].schema.properties.content_type.enum).toEqual([
      'image/jpeg',
      'image/png',
      'application/pdf',
    ]);
    const requirements = operations().find(
      (o) => o.path.endsWith('/onboarding-requirements') && o.method === 'get',
    )!.op;
    expect(requirements.parameters.find((p: any) => p.name === 'provider').schema.enum).toEqual([
      'PROVIDER_A',
      'PROVIDER_B',
    ]);
  });

  it('a comma-separated list filter is an array of its enum, sent comma-separated, and the server reads it so (finding 8)', async () => {
    const list = operations().find((o) => o.op.operationId === 'transactions.list')!.op;
    const param = (name: string) => list.parameters.find((p: any) => p.name === name);
    expect(param('status')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: expect.arrayContaining(['APPROVED', 'WAITING_PAYMENT']) } },
    });
    expect(param('sort').schema.items.enum).toEqual(['created_at', '-created_at', 'amount', '-amount']);
    const org = await t.createOrganization();
    const get = (query: string) => t.request({ method: 'GET', url: `/core/v1/transactions?${query}`, key: org.apiKey });
    expect((await get('status=APPROVED,REFUSED&payment_method=PIX&sort=-amount,created_at')).statusCode).toBe(200);
    expect((await get('status=PAID')).statusCode).toBe(400);
  });

  it("the transaction creates state the service's rules (amount, installments, PIX expiry)", () => {
    for (const id of ['transactions.create', 'merchants.transactions.create']) {
      const { op } = operations().find((o) => o.op.operationId === id)!;
      const body = Object.fromEntries(properties(op.requestBody.content['application/json'].schema));
      for (const [dotted, rule] of Object.entries(SERVICE_RULES[id]!))
        expect(body[dotted], `${id} ${dotted}`).toMatchObject({
          type: rule.type,
          minimum: rule.minimum,
          maximum: rule.maximum,
        });
      expect(body.amount).toMatchObject({ type: 'integer', minimum: 1 });
    }
  });

  it('the server refuses just outside each bound the document states, and takes the bound itself', async () => {
    const org = await t.createOrganization();
    const rules = SERVICE_RULES['transactions.create']!;
    const create = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/core/v1/transactions',
        key: org.apiKey,
        payload: { payment_method: 'PIX', amount: 1990, ...payload },
      });
    const refusedFor = async (payload: Record<string, unknown>, field: string) => {
      const res = await create(payload);
      return res.statusCode === 400 && res.body.includes(`"${field}"`);
    };
    const amount = rules.amount!;
    expect(await refusedFor({ amount: amount.minimum - 1 }, 'amount')).toBe(true);
    expect(await refusedFor({ amount: amount.minimum + 0.5 }, 'amount')).toBe(true);
    expect(await refusedFor({ amount: amount.minimum }, 'amount')).toBe(false);
    const expiry = rules['pix.expires_in']!;
    expect(await refusedFor({ pix: { expires_in: expiry.minimum - 1 } }, 'pix.expires_in')).toBe(true);
    expect(await refusedFor({ pix: { expires_in: expiry.maximum + 1 } }, 'pix.expires_in')).toBe(true);
    expect(await refusedFor({ pix: { expires_in: expiry.minimum } }, 'pix.expires_in')).toBe(false);
    expect(await refusedFor({ pix: { expires_in: expiry.maximum } }, 'pix.expires_in')).toBe(false);
    // A fee policy's percentages (a refinement the schema alone did not show).
    const policy = CREATE_EXAMPLES['pricing.feePolicies.create'] as Record<string, unknown>;
    const percentage = SERVICE_RULES['pricing.feePolicies.create']!.spot_anticipation_percentage!;
    const fee = async (value: number) => {
      const res = await t.request({
        method: 'POST',
        url: '/core/v1/pricing/fee-policies',
        key: org.apiKey,
        payload: { ...policy, request_id: undefined, name: `p-${value}`, spot_anticipation_percentage: value },
      });
      return res.statusCode === 400 && res.body.includes('"spot_anticipation_percentage"');
    };
    expect(await fee(percentage.maximum + 1)).toBe(true);
    expect(await fee(percentage.minimum - 1)).toBe(true);
    expect(await fee(percentage.maximum)).toBe(false);
    // Installments beyond 1 need a card; the same rule the service applies, at the document's bounds.
    const installments = rules.installments!;
    expect(installmentIssues('CREDIT_CARD', installments.minimum)).toEqual([]);
    expect(installmentIssues('CREDIT_CARD', installments.maximum)).toEqual([]);
    expect(installmentIssues('CREDIT_CARD', installments.minimum - 1)).not.toEqual([]);
    expect(installmentIssues('CREDIT_CARD', installments.maximum + 1)).not.toEqual([]);
  });
});

describe('declared statuses and public wording', () => {
  it('a failed login or verification declares 401', () => {
    for (const path of ['/v1/auth/login', '/v1/auth/verify'])
      expect(Object.keys(doc.paths[path]!.post.responses), path).toContain('401');
  });

  it('every operation declares 503 (load guard, database restarting) and 429; a body naming another resource declares 404', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const status of ['429', '503']) if (!op.responses?.[status]) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    // A body id outside the caller's reach answers 404 (the tenancy sweep proves it): declared on these creates.
    for (const [path, method] of [
      ['/v1/banking/cashouts', 'post'],
      ['/v1/transactions', 'post'],
      ['/v1/anticipations', 'post'],
      ['/v1/banking/internal-transfers', 'post'],
      ['/v1/api-keys', 'post'],
    ] as const) {
      expect(Object.keys(doc.paths[path]![method].responses), `${method} ${path}`).toContain('404');
    }
  });

  it("health's 503 is the named Health schema, as its 200", () => {
    const responses = doc.paths['/health']!.get.responses;
    expect(responses['503'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
    expect(responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
  });

  it('no description cites an internal file', () => {
    const cited = [
      ...JSON.stringify(doc).matchAll(
        /"(?:description|summary|title)":"((?:[^"\\]|\\.)*?\b[a-z-]+\.md\b(?:[^"\\]|\\.)*)"/g,
      ),
    ].map((m) => m[1]);
    expect(cited).toEqual([]);
  });
});
