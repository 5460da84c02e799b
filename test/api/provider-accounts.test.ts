import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { events, providerAccountCredentials, providerAccounts } from '../../src/db/schema/index.js';
import { credentialsFor } from '../../src/vault/provider-credentials.js';
import { settleBuiltInAccounts } from '../../src/modules/provider-accounts/provider-accounts.repo.js';
import {
  createAccount,
  patchAccount,
  type AccountDeps,
} from '../../src/modules/provider-accounts/provider-accounts.service.js';
import { DomainError } from '../../src/kernel/errors.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { loggerOptions } from '../../src/http/logger.js';
import { sandboxOnlyChecker, type CredentialsChecker } from '../../src/modules/provider-accounts/credentials-check.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { CLIENT_CERT, CLIENT_KEY, OTHER_CERT, OTHER_KEY } from '../helpers/provider-pems.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/**
 * providers.md R1: staff routes, the account resource, per-connector settings, write-only credentials (never in a
 * response, an issue or an event), rotation with grace, status and access, the organization's view.
 */
let t: TestApp;
const BASE = '/core/v1/platform/provider-accounts';
const API_KEY = `AQE-api-key-${randomBytes(12).toString('hex')}`;
const HMAC_KEY = acceptedHmacKey().toUpperCase();

// Every log line of this file's app: no credential may appear in any (checked last).
const logLines: string[] = [];

beforeAll(async () => {
  const logger = {
    ...(loggerOptions('debug') as object),
    stream: { write: (line: string) => void logLines.push(line) },
  };
  // The connectors' checks do not exist yet: a stand-in fails accounts named for it, the default answers the rest.
  const providerCredentialsChecker: CredentialsChecker = async (account) =>
    account.displayName === 'Fails check'
      ? { status: 'FAILED', error: 'AUTH_FAILED: 401 Unauthorized' }
      : sandboxOnlyChecker(account);
  t = await createTestApp({}, { providerCredentialsChecker }, { logger });
});
afterAll(async () => {
  await t?.close();
});

const name = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex').toUpperCase()}`;
const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.request({
    method,
    url,
    key: t.platformKey,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const adyenBody = (overrides: Record<string, unknown> = {}) => ({
  provider: name('ady'),
  display_name: 'Adyen test',
  connector: 'ADYEN_CHECKOUT',
  environment: 'TEST',
  settings: { default_merchant_account: 'ExampleECOM' },
  credentials: { api_key: API_KEY, hmac_key: HMAC_KEY },
  ...overrides,
});

const pixBody = (overrides: Record<string, unknown> = {}) => ({
  provider: name('PIX'),
  display_name: 'PSP Pix',
  connector: 'PIX_API_BCB',
  environment: 'TEST',
  base_url: 'http://127.0.0.1:9999/api/v2',
  credentials: {
    client_id: 'client-1',
    client_secret: 'pix-client-secret-value',
    client_certificate_pem: CLIENT_CERT,
    client_private_key_pem: CLIENT_KEY,
  },
  ...overrides,
});

async function create(body: Record<string, unknown>) {
  const res = await staff('POST', BASE, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const issuesOf = (res: { json(): any }) =>
  res.json().error.details.issues as { field: string; type: string; value?: unknown }[];

function expectNoSecrets(text: string) {
  expect(text).not.toContain(API_KEY);
  expect(text).not.toContain(HMAC_KEY);
  expect(text).not.toContain(HMAC_KEY.toLowerCase());
}

const ACCOUNT_FIELDS = [
  'id',
  'provider',
  'display_name',
  'connector',
  'environment',
  'base_url',
  'settings',
  'credentials',
  'capabilities',
  'status',
  'disabled_reason',
  'built_in',
  'organization_access',
  'organization_ids',
  'timeout_ms',
  'circuit_breaker',
  'webhook',
  'health',
  'created_at',
  'updated_at',
];

describe('access', () => {
  it('staff routes answer 401 without a key and 403 with an organization key', async () => {
    const org = await t.createOrganization();
    expect((await t.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: BASE, key: org.apiKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('AUTHORIZATION_ERROR');
    expect((await t.request({ method: 'POST', url: BASE, key: org.apiKey, payload: adyenBody() })).statusCode).toBe(
      403,
    );
  });

  it('an unknown id is 404, a malformed one 400', async () => {
    expect((await staff('GET', `${BASE}/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const bad = await staff('GET', `${BASE}/not-a-uuid`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('built-in accounts', () => {
  it('PROVIDER_A, PROVIDER_B and INTERNAL exist, SANDBOX/TEST, open to all, with their capabilities', async () => {
    const res = await staff('GET', `${BASE}?built_in=true&limit=100`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as any[];
    expect(list.map((a) => a.provider)).toEqual(['INTERNAL', 'PROVIDER_A', 'PROVIDER_B']);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual([...ACCOUNT_FIELDS].sort());
      expect(a).toMatchObject({
        connector: 'SANDBOX',
        environment: 'TEST',
        built_in: true,
        organization_access: 'ALL',
        organization_ids: [],
        base_url: null,
        settings: {},
      });
      expect(a.status).toBe('ACTIVE');
      expect(a.webhook).toMatchObject({
        url: expect.stringMatching(new RegExp(`/core/v1/provider-webhooks/${a.id}$`)),
        registration: 'NOT_APPLICABLE',
        registered_keys: [],
      });
      expect(a.credentials.fields).toEqual({ webhook_secret: { last4: 'cret' } });
      expect(JSON.stringify(a)).not.toContain('sandbox-provider-webhook-secret');
    }
    const [internal, a] = list;
    expect(internal.capabilities).toMatchObject({
      payment_methods: [],
      banking: true,
      company_onboarding: false,
      max_installments: null,
    });
    expect(a.capabilities).toMatchObject({
      payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'],
      banking: true,
      company_onboarding: true,
      max_installments: 12,
      pix_due_date: true,
    });
  });

  it("the built-ins' seeded webhook_secret is sealed at rest after the start", async () => {
    const rows = await t.db.db.select().from(providerAccountCredentials);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.sealed.startsWith('enc:v1:')).toBe(true);
  });

  it('production starts the sandbox stand-ins DISABLED, once (a later enable stays); INTERNAL stays ACTIVE', async () => {
    const rollback = new Error('rollback');
    const seen = await t.db.db
      .transaction(async (tx) => {
        // As right after the migration: the built-ins wait for their environment's first status.
        await tx
          .update(providerAccounts)
          .set({ initialStatusPending: true })
          .where(inArray(providerAccounts.provider, ['PROVIDER_A', 'PROVIDER_B']));
        expect(await settleBuiltInAccounts(tx, 'production', new Date())).toBe(2);
        const first = await tx.select().from(providerAccounts).where(eq(providerAccounts.builtIn, true));
        await tx.update(providerAccounts).set({ status: 'ACTIVE' }).where(eq(providerAccounts.provider, 'PROVIDER_A'));
        expect(await settleBuiltInAccounts(tx, 'production', new Date())).toBe(0);
        const [again] = await tx.select().from(providerAccounts).where(eq(providerAccounts.provider, 'PROVIDER_A'));
        throw Object.assign(rollback, { seen: { first, again } });
      })
      .catch((err: unknown) => (err === rollback ? (err as any).seen : Promise.reject(err as Error)));
    const status = Object.fromEntries((seen.first as any[]).map((r) => [r.provider, r.status]));
    expect(status).toEqual({ PROVIDER_A: 'DISABLED', PROVIDER_B: 'DISABLED', INTERNAL: 'ACTIVE' });
    expect(seen.again.status).toBe('ACTIVE');
    // Nothing of it stayed.
    const after = await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.provider, 'PROVIDER_A'));
    expect(after[0]!.status).toBe('ACTIVE');
  });

  it('a built-in takes only display_name, access, timeout and circuit_breaker on patch (BUILT_IN_ACCOUNT otherwise)', async () => {
    const list = (await staff('GET', `${BASE}?provider=provider_b`)).json().data;
    const b = list[0];
    const refused = await staff('PATCH', `${BASE}/${b.id}`, { settings: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toMatchObject({ reason: 'BUILT_IN_ACCOUNT' });
    const ok = await staff('PATCH', `${BASE}/${b.id}`, { timeout_ms: b.timeout_ms });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().timeout_ms).toBe(b.timeout_ms);
  });
});

describe('create', () => {
  it('an ADYEN_CHECKOUT account: every field, defaults, last 4 and fingerprint only; secrets nowhere', async () => {
    const body = adyenBody({ provider: name('adyen').toLowerCase() });
    const res = await staff('POST', BASE, body);
    expect(res.statusCode, res.body).toBe(201);
    expectNoSecrets(res.body);
    const a = res.json();
    expect(Object.keys(a).sort()).toEqual([...ACCOUNT_FIELDS].sort());
    expect(a.provider).toBe(String(body.provider).toUpperCase());
    expect(a).toMatchObject({
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: 'https://checkout-test.adyen.com/v71',
      status: 'ACTIVE',
      disabled_reason: null,
      built_in: false,
      settings: { live_url_prefix: null, default_merchant_account: 'ExampleECOM', payment_facilitator: false },
      organization_access: 'ALL',
      organization_ids: [],
      timeout_ms: 10000,
      circuit_breaker: { failure_threshold: 5, cooldown_seconds: 30 },
      webhook: { registration: 'MANUAL', registered_keys: [], last_error: null },
    });
    const canonical = JSON.stringify({ api_key: API_KEY, hmac_key: HMAC_KEY });
    expect(a.credentials).toMatchObject({
      version: 1,
      previous_valid_until: null,
      fingerprint: `sha256:${createHash('sha256').update(canonical).digest('hex').slice(0, 16)}`,
      fields: { api_key: { last4: API_KEY.slice(-4) }, hmac_key: { last4: HMAC_KEY.slice(-4) } },
    });
    expect(a.capabilities).toMatchObject({
      payment_methods: ['CREDIT_CARD', 'DEBIT_CARD'],
      banking: false,
      pix_due_date: false,
      three_ds_sessions: true,
    });
    expect(a.health).toMatchObject({
      circuit_state: 'CLOSED',
      consecutive_failures: 0,
      latency_ms_p50: null,
      credentials_check: { status: 'NOT_CHECKED' },
    });

    const stored = await t.db.db
      .select()
      .from(providerAccountCredentials)
      .where(eq(providerAccountCredentials.accountId, a.id));
    expect(stored).toHaveLength(1);
    expectNoSecrets(JSON.stringify(stored));
    const got = await staff('GET', `${BASE}/${a.id}`);
    expect(got.json()).toEqual(a);
    expectNoSecrets(got.body);
  });

  it('replays a request_id with the same body (200), refuses a reused name (409 on provider, built-ins included)', async () => {
    const body = adyenBody({ request_id: `pa-${randomBytes(4).toString('hex')}` });
    const first = await staff('POST', BASE, body);
    expect(first.statusCode).toBe(201);
    const again = await staff('POST', BASE, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const dup = await staff('POST', BASE, adyenBody({ provider: String(body.provider).toLowerCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toMatchObject({ field: 'provider', value: String(body.provider).toUpperCase() });
    const builtIn = await staff('POST', BASE, {
      provider: 'provider_a',
      display_name: 'x',
      connector: 'SANDBOX',
      environment: 'TEST',
    });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().error.details).toMatchObject({ field: 'provider', value: 'PROVIDER_A' });
  });

  it('a SANDBOX account without credentials has credentials null; its check is OK', async () => {
    const a = await create({
      provider: name('SBX'),
      display_name: 'Extra sandbox',
      connector: 'sandbox',
      environment: 'test',
    });
    expect(a.credentials).toBeNull();
    expect(a.base_url).toBeNull();
    expect(a.capabilities.company_onboarding).toBe(false);
    expect(a.capabilities.payment_methods).toEqual(['CREDIT_CARD', 'DEBIT_CARD', 'PIX']);
    expect(a.health.credentials_check.status).toBe('OK');
    const checked = await staff('POST', `${BASE}/${a.id}/check`);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().health.credentials_check.status).toBe('OK');
  });

  it('a PIX_API_BCB account: certificate described, private key present, a 43-character path token in its webhook URL', async () => {
    const a = await create(pixBody({ settings: { default_chave: 'pix@example.com' } }));
    expect(a.settings).toEqual({
      token_url: null,
      scopes: [
        'cob.write',
        'cob.read',
        'cobv.write',
        'cobv.read',
        'pix.write',
        'pix.read',
        'webhook.write',
        'webhook.read',
      ],
      default_chave: 'pix@example.com',
      register_webhooks: true,
    });
    expect(a.credentials.fields.client_id).toEqual({ last4: 'nt-1' });
    expect(a.credentials.fields.client_private_key_pem).toEqual({ present: true });
    expect(a.credentials.fields.client_certificate_pem).toMatchObject({
      subject: expect.stringContaining('CN=psp-client.example'),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(a.webhook.url).toMatch(new RegExp(`/v1/provider-webhooks/${a.id}/[A-Za-z0-9_-]{43}$`));
    expect(a.webhook.registration).toBe('PENDING');
    expect(a.capabilities).toMatchObject({
      payment_methods: ['PIX'],
      capture_modes: ['AUTOMATIC'],
      pix_due_date: true,
      banking: false,
    });
    expect(JSON.stringify(a)).not.toContain('pix-client-secret-value');
    expect(JSON.stringify(a)).not.toContain('PRIVATE KEY');
    const reg = await staff('POST', `${BASE}/${a.id}/webhook-registration`);
    expect(reg.statusCode).toBe(200);
    expect(reg.json().webhook.registration).toBe('PENDING');
  });

  it.each([
    ['a name off the pattern', { provider: '1ab' }, 'provider', 'INVALID_FORMAT'],
    ['an unknown connector', { connector: 'STRIPE' }, 'connector', 'INVALID_ENUM'],
    ['an unknown field', { colour: 'red' }, 'colour', 'UNKNOWN_FIELD'],
    ['an unknown setting', { settings: { foo: 1 } }, 'settings.foo', 'UNKNOWN_FIELD'],
    [
      'live_url_prefix with TEST',
      { settings: { live_url_prefix: 'abc' } },
      'settings.live_url_prefix',
      'INVALID_FORMAT',
    ],
    ['no credentials', { credentials: undefined }, 'credentials', 'REQUIRED'],
    [
      'an hmac_key that is not hex',
      { credentials: { api_key: API_KEY, hmac_key: `${HMAC_KEY.slice(0, -2)}ZZ` } },
      'credentials.hmac_key',
      'INVALID_FORMAT',
    ],
    [
      'an unknown credential',
      { credentials: { api_key: API_KEY, hmac_key: HMAC_KEY, password: 'hunter2hunter2' } },
      'credentials.password',
      'UNKNOWN_FIELD',
    ],
    [
      'a base_url not ending in /v71',
      { base_url: 'https://checkout-test.adyen.com/v70' },
      'base_url',
      'INVALID_FORMAT',
    ],
    [
      'a base_url over http to a public host',
      { base_url: 'http://checkout.example.com/v71' },
      'base_url',
      'INVALID_FORMAT',
    ],
    ['a base_url with a query', { base_url: 'https://checkout.example.com/v71?x=1' }, 'base_url', 'INVALID_FORMAT'],
    ['SELECTED without organizations', { organization_access: 'SELECTED' }, 'organization_ids', 'INVALID_FORMAT'],
    ['ALL with organizations', { organization_ids: [crypto.randomUUID()] }, 'organization_ids', 'INVALID_FORMAT'],
    ['a timeout out of range', { timeout_ms: 999 }, 'timeout_ms', 'TOO_SMALL'],
  ])('%s is a 400 VALIDATION_ERROR on its field, never echoing a credential', async (_, overrides, field, type) => {
    const res = await staff('POST', BASE, adyenBody(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(issuesOf(res)).toEqual(expect.arrayContaining([expect.objectContaining({ field, type })]));
    expectNoSecrets(res.body);
    expect(res.body).not.toContain('hunter2');
    for (const issue of issuesOf(res)) if (issue.field.startsWith('credentials')) expect(issue.value).toBeUndefined();
  });

  it('LIVE is refused in the sandbox and for SANDBOX accounts (400 BAD_REQUEST, invalidField environment)', async () => {
    for (const body of [
      adyenBody({ environment: 'LIVE', settings: { live_url_prefix: 'abc' } }),
      { provider: name('SBX'), display_name: 'x', connector: 'SANDBOX', environment: 'LIVE' },
    ]) {
      const res = await staff('POST', BASE, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'environment' } });
    }
  });

  it('SANDBOX refuses a base_url; PIX needs one; a private key must match its certificate', async () => {
    const sbx = await staff('POST', BASE, {
      provider: name('SBX'),
      display_name: 'x',
      connector: 'SANDBOX',
      environment: 'TEST',
      base_url: 'https://example.com',
    });
    expect(issuesOf(sbx)).toEqual([expect.objectContaining({ field: 'base_url', type: 'INVALID_FORMAT' })]);
    const noUrl = await staff('POST', BASE, pixBody({ base_url: undefined }));
    expect(issuesOf(noUrl)).toEqual([expect.objectContaining({ field: 'base_url', type: 'REQUIRED' })]);
    const mismatch = await staff(
      'POST',
      BASE,
      pixBody({
        credentials: {
          client_id: 'c',
          client_secret: 's',
          client_certificate_pem: CLIENT_CERT,
          client_private_key_pem: OTHER_KEY,
        },
      }),
    );
    expect(issuesOf(mismatch)).toEqual([
      expect.objectContaining({ field: 'credentials.client_private_key_pem', type: 'INVALID_FORMAT' }),
    ]);
    expect(mismatch.body).not.toContain('PRIVATE KEY');
    const keyAlone = await staff(
      'POST',
      BASE,
      pixBody({ credentials: { client_id: 'c', client_secret: 's', client_private_key_pem: CLIENT_KEY } }),
    );
    expect(issuesOf(keyAlone)).toEqual([
      expect.objectContaining({ field: 'credentials.client_private_key_pem', type: 'INVALID_FORMAT' }),
    ]);
    const garbage = await staff(
      'POST',
      BASE,
      pixBody({
        credentials: {
          client_id: 'c',
          client_secret: 's',
          client_certificate_pem: 'not a pem',
          client_private_key_pem: CLIENT_KEY,
        },
      }),
    );
    expect(issuesOf(garbage)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'credentials.client_certificate_pem', type: 'INVALID_FORMAT' }),
      ]),
    );
  });

  it('an organization id that does not exist is 404', async () => {
    const res = await staff(
      'POST',
      BASE,
      adyenBody({ organization_access: 'SELECTED', organization_ids: [crypto.randomUUID()] }),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('patch', () => {
  it('changes what it is given; immutable fields are UNKNOWN_FIELD; an empty body is 400', async () => {
    const a = await create(adyenBody());
    const res = await staff('PATCH', `${BASE}/${a.id}`, {
      display_name: 'Renamed',
      base_url: 'https://checkout-test.adyen.com/v71/',
      settings: { payment_facilitator: true },
      circuit_breaker: { cooldown_seconds: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: 'Renamed',
      base_url: 'https://checkout-test.adyen.com/v71',
      settings: { payment_facilitator: true, default_merchant_account: null },
      circuit_breaker: { failure_threshold: 5, cooldown_seconds: 60 },
    });
    expect(res.json().credentials).toEqual(a.credentials);
    for (const field of ['provider', 'connector', 'environment', 'credentials']) {
      const refused = await staff('PATCH', `${BASE}/${a.id}`, {
        [field]: field === 'credentials' ? { api_key: API_KEY } : 'X',
      });
      expect(refused.statusCode).toBe(400);
      expect(issuesOf(refused)).toEqual([expect.objectContaining({ field, type: 'UNKNOWN_FIELD' })]);
      expectNoSecrets(refused.body);
    }
    expect((await staff('PATCH', `${BASE}/${a.id}`, {})).statusCode).toBe(400);
    const badSetting = await staff('PATCH', `${BASE}/${a.id}`, { settings: { scopes: ['x'] } });
    expect(issuesOf(badSetting)).toEqual([
      expect.objectContaining({ field: 'settings.scopes', type: 'UNKNOWN_FIELD' }),
    ]);
  });
});

describe('status and access', () => {
  it('disable and enable move once each way, 409 when already there, events only to organizations that may use it', async () => {
    const allowed = await t.createOrganization();
    const other = await t.createOrganization();
    const a = await create(adyenBody({ organization_access: 'SELECTED', organization_ids: [allowed.id] }));
    const disabled = await staff('POST', `${BASE}/${a.id}/disable`, { reason: 'maintenance' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'DISABLED', disabled_reason: 'maintenance' });
    const again = await staff('POST', `${BASE}/${a.id}/disable`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toMatchObject({ field: 'status', value: 'DISABLED' });
    const enabled = await staff('POST', `${BASE}/${a.id}/enable`);
    expect(enabled.json()).toMatchObject({ status: 'ACTIVE', disabled_reason: null });
    expect((await staff('POST', `${BASE}/${a.id}/enable`)).json().error.details).toMatchObject({
      field: 'status',
      value: 'ACTIVE',
    });
    expect((await staff('POST', `${BASE}/${a.id}/disable`, { reason: '' })).statusCode).toBe(400);

    const recorded = await t.db.db
      .select()
      .from(events)
      .where(
        and(eq(events.type, 'provider-account.status-changed'), inArray(events.organizationId, [allowed.id, other.id])),
      )
      .orderBy(events.occurredAt);
    expect(recorded.map((e) => (e.payload as any).new_status)).toEqual(['DISABLED', 'ACTIVE']);
    for (const e of recorded) {
      expect(e.organizationId).toBe(allowed.id);
      expect(e.companyId).toBe(allowed.id);
      expect(parseEventPayload(e.type, e.payload).success).toBe(true);
      expectNoSecrets(JSON.stringify(e));
    }
    expect(recorded[0]!.payload as any).toMatchObject({
      provider_account_id: a.id,
      provider: a.provider,
      old_status: 'ACTIVE',
      reason: 'maintenance',
    });
  });

  it("the organization's view lists only the accounts it may use, with the fields of R1.6", async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const mine = await create(adyenBody({ organization_access: 'SELECTED', organization_ids: [org.id] }));
    const theirs = await create(adyenBody({ organization_access: 'SELECTED', organization_ids: [other.id] }));
    for (const key of [org.apiKey, merchant.apiKey]) {
      const res = await t.request({ method: 'GET', url: '/core/v1/provider-accounts?limit=100', key });
      expect(res.statusCode).toBe(200);
      const names = (res.json().data as any[]).map((a) => a.provider);
      expect(names).toContain(mine.provider);
      expect(names).toContain('PROVIDER_A');
      expect(names).not.toContain(theirs.provider);
      expect(names).toEqual([...names].sort());
      const seen = (res.json().data as any[]).find((a) => a.provider === mine.provider);
      expect(seen).toEqual({
        id: mine.id,
        provider: mine.provider,
        display_name: mine.display_name,
        connector: 'ADYEN_CHECKOUT',
        environment: 'TEST',
        status: 'ACTIVE',
        capabilities: mine.capabilities,
        circuit_state: 'CLOSED',
      });
      expectNoSecrets(res.body);
    }
    const filtered = await t.request({
      method: 'GET',
      url: '/core/v1/provider-accounts?connector=SANDBOX&limit=100',
      key: org.apiKey,
    });
    expect((filtered.json().data as any[]).every((a) => a.connector === 'SANDBOX')).toBe(true);
    expect((await t.request({ method: 'GET', url: '/core/v1/provider-accounts' })).statusCode).toBe(401);
    // Access widened to ALL: the other organization now sees it too.
    await staff('PATCH', `${BASE}/${mine.id}`, { organization_access: 'ALL' });
    const wide = await t.request({ method: 'GET', url: `/core/v1/provider-accounts?limit=100`, key: other.apiKey });
    expect((wide.json().data as any[]).map((a) => a.provider)).toContain(mine.provider);
  });

  it('the staff list filters by connector, status, environment and provider, sorted by provider by default', async () => {
    // SELECTED: a status change of an account open to ALL would send an event to every organization of a shared database.
    const org = await t.createOrganization();
    const a = await create(adyenBody({ organization_access: 'SELECTED', organization_ids: [org.id] }));
    await staff('POST', `${BASE}/${a.id}/disable`);
    const res = await staff('GET', `${BASE}?connector=ADYEN_CHECKOUT&status=DISABLED&environment=TEST&limit=100`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as any[];
    expect(list.map((x) => x.id)).toContain(a.id);
    expect(list.every((x) => x.connector === 'ADYEN_CHECKOUT' && x.status === 'DISABLED')).toBe(true);
    expectNoSecrets(res.body);
    const byName = await staff('GET', `${BASE}?provider=${a.provider.toLowerCase()}`);
    expect(byName.json().data.map((x: any) => x.id)).toEqual([a.id]);
    expect((await staff('GET', `${BASE}?connector=STRIPE`)).statusCode).toBe(400);
  });
});

describe('credentials rotation', () => {
  it('the new set is current at once; the previous one verifies during its grace; nothing secret comes back', async () => {
    const a = await create(adyenBody());
    const newKey = `AQE-rotated-${randomBytes(10).toString('hex')}`;
    const newHmac = acceptedHmacKey();
    const before = t.deps.clock.now();
    const res = await staff('POST', `${BASE}/${a.id}/credentials`, {
      credentials: {
        api_key: newKey,
        hmac_key: newHmac,
        basic_auth: { username: 'adyen-user', password: 'basic-pass-1234' },
      },
      grace_seconds: 3600,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(newKey);
    expect(res.body).not.toContain(newHmac);
    expect(res.body).not.toContain('basic-pass-1234');
    expectNoSecrets(res.body);
    const r = res.json();
    expect(r.credentials.version).toBe(2);
    expect(r.credentials.fingerprint).not.toBe(a.credentials.fingerprint);
    expect(r.credentials.fields.basic_auth).toEqual({ username_last4: 'user', password_last4: '1234' });
    const until = Date.parse(r.credentials.previous_valid_until);
    expect(until - before.getTime()).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(until - before.getTime()).toBeLessThanOrEqual(3600_000 + 60_000);

    const now = t.deps.clock.now();
    const sets = await credentialsFor(t.db.db, t.deps.providerCredentials, a.id, now);
    expect(sets.current?.values).toEqual({
      api_key: newKey,
      hmac_key: newHmac,
      basic_auth: { username: 'adyen-user', password: 'basic-pass-1234' },
    });
    expect(sets.previous?.values).toEqual({ api_key: API_KEY, hmac_key: HMAC_KEY });
    const afterGrace = await credentialsFor(t.db.db, t.deps.providerCredentials, a.id, new Date(until + 1));
    expect(afterGrace.previous).toBeNull();
    expect(afterGrace.current?.version).toBe(2);

    // grace 0: the previous set stops verifying at once.
    const third = await staff('POST', `${BASE}/${a.id}/credentials`, {
      credentials: { api_key: API_KEY, hmac_key: HMAC_KEY },
      grace_seconds: 0,
    });
    expect(third.json().credentials.version).toBe(3);
    expect((await credentialsFor(t.db.db, t.deps.providerCredentials, a.id, t.deps.clock.now())).previous).toBeNull();

    const stored = JSON.stringify(
      await t.db.db.select().from(providerAccountCredentials).where(eq(providerAccountCredentials.accountId, a.id)),
    );
    expect(stored).not.toContain(newKey);
    expect(stored).not.toContain('basic-pass-1234');
    expectNoSecrets(stored);
  });

  it('an incomplete or invalid set is 400 without echoing it; a PIX rotation gets a new path token', async () => {
    const a = await create(adyenBody());
    const res = await staff('POST', `${BASE}/${a.id}/credentials`, { credentials: { api_key: API_KEY } });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual([expect.objectContaining({ field: 'credentials.hmac_key', type: 'REQUIRED' })]);
    expectNoSecrets(res.body);
    const tooLong = await staff('POST', `${BASE}/${a.id}/credentials`, {
      credentials: { api_key: API_KEY, hmac_key: HMAC_KEY },
      grace_seconds: 604_801,
    });
    expect(issuesOf(tooLong)).toEqual([expect.objectContaining({ field: 'grace_seconds', type: 'TOO_LARGE' })]);
    expectNoSecrets(tooLong.body);

    const pix = await create(pixBody());
    const rotated = await staff('POST', `${BASE}/${pix.id}/credentials`, {
      credentials: { client_id: 'client-2', client_secret: 'second-secret' },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().webhook.url).not.toBe(pix.webhook.url);
    const sets = await credentialsFor(t.db.db, t.deps.providerCredentials, pix.id, t.deps.clock.now());
    expect(pix.webhook.url.endsWith(`/${sets.previous?.webhookToken}`)).toBe(true);
    expect(rotated.json().webhook.url.endsWith(`/${sets.current?.webhookToken}`)).toBe(true);
  });
});

describe('credentials check', () => {
  it('runs in the background after create and on POST …/check; its result never changes status', async () => {
    const a = await create(adyenBody({ display_name: 'Fails check' }));
    expect(a.health.credentials_check).toEqual({ status: 'NOT_CHECKED', checked_at: null, error: null });
    let seen = a;
    for (let i = 0; i < 100 && seen.health.credentials_check.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await staff('GET', `${BASE}/${a.id}`)).json();
    }
    expect(seen.health.credentials_check).toMatchObject({
      status: 'FAILED',
      checked_at: expect.any(String),
      error: 'AUTH_FAILED: 401 Unauthorized',
    });
    expect(seen.status).toBe('ACTIVE');
    const checked = await staff('POST', `${BASE}/${a.id}/check`);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().health.credentials_check.status).toBe('FAILED');
    const other = await create(adyenBody());
    expect((await staff('POST', `${BASE}/${other.id}/check`)).json().health.credentials_check).toMatchObject({
      status: 'NOT_CHECKED',
      checked_at: expect.any(String),
      error: null,
    });
  });
});

describe('circuit and webhook registration', () => {
  it('staff force the circuit open (a new cool-down) and closed; health-changed goes to the organizations', async () => {
    const org = await t.createOrganization();
    const a = await create(
      adyenBody({
        organization_access: 'SELECTED',
        organization_ids: [org.id],
        circuit_breaker: { cooldown_seconds: 120 },
      }),
    );
    const open = await staff('POST', `${BASE}/${a.id}/circuit`, { state: 'open' });
    expect(open.statusCode).toBe(200);
    expect(open.json().health).toMatchObject({
      circuit_state: 'OPEN',
      next_probe_at: expect.any(String),
      opened_at: expect.any(String),
    });
    const closed = await staff('POST', `${BASE}/${a.id}/circuit`, { state: 'CLOSED' });
    expect(closed.json().health).toMatchObject({ circuit_state: 'CLOSED', next_probe_at: null });
    expect((await staff('POST', `${BASE}/${a.id}/circuit`, { state: 'HALF_OPEN' })).statusCode).toBe(400);
    const recorded = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'provider-account.health-changed'), eq(events.organizationId, org.id)))
      .orderBy(events.occurredAt);
    expect(recorded.map((e) => [(e.payload as any).old_state, (e.payload as any).new_state])).toEqual([
      ['CLOSED', 'OPEN'],
      ['OPEN', 'CLOSED'],
    ]);
    for (const e of recorded) expect(parseEventPayload(e.type, e.payload).success).toBe(true);
  });

  it('webhook registration is NOT_APPLICABLE for other connectors', async () => {
    const a = await create(adyenBody());
    const res = await staff('POST', `${BASE}/${a.id}/webhook-registration`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toMatchObject({ reason: 'NOT_APPLICABLE' });
  });
});

describe('in production (the service, as a production app runs it)', () => {
  const prod = (): AccountDeps => ({
    db: t.db.db,
    clock: t.deps.clock,
    sealer: t.deps.providerCredentials,
    env: 'production',
    checker: sandboxOnlyChecker,
  });
  // What the route's schema hands the service: the name uppercased.
  const input = (body: Record<string, unknown>) =>
    ({ ...body, provider: String(body.provider).toUpperCase() }) as never;
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  };

  it("LIVE ADYEN_CHECKOUT gets Adyen's live address from live_url_prefix, which a settings patch follows", async () => {
    const { row } = await createAccount(
      prod(),
      input(adyenBody({ environment: 'LIVE', settings: { live_url_prefix: 'abc123-Shop' } })),
    );
    expect(row.baseUrl).toBe('https://abc123-Shop-checkout-live.adyenpayments.com/checkout/v71');
    const patched = await patchAccount(prod(), row.id, { settings: { live_url_prefix: 'other-Shop' } });
    expect(patched.baseUrl).toBe('https://other-Shop-checkout-live.adyenpayments.com/checkout/v71');
    const missing = await refusal(createAccount(prod(), input(adyenBody({ environment: 'LIVE' }))));
    expect(missing.details?.issues).toEqual([
      expect.objectContaining({ field: 'settings.live_url_prefix', type: 'REQUIRED' }),
    ]);
  });

  it('refuses private and loopback addresses and plain http; LIVE PIX needs the mTLS certificate and the callback CA', async () => {
    for (const base_url of [
      'https://10.0.0.5/api/v2',
      'https://127.0.0.1/api/v2',
      'http://127.0.0.1:9999/api/v2',
      'https://localhost/api/v2',
    ]) {
      const err = await refusal(createAccount(prod(), input(pixBody({ base_url }))));
      expect(err.details?.issues, base_url).toEqual([
        expect.objectContaining({ field: 'base_url', type: 'INVALID_FORMAT' }),
      ]);
    }
    const live = await refusal(
      createAccount(
        prod(),
        input(
          pixBody({
            environment: 'LIVE',
            base_url: 'https://pix.psp.example.com/api/v2',
            credentials: { client_id: 'c', client_secret: 's' },
          }),
        ),
      ),
    );
    expect((live.details?.issues as any[]).map((i) => i.field)).toEqual([
      'credentials.client_certificate_pem',
      'credentials.webhook_client_ca_pem',
    ]);
    const { row } = await createAccount(
      prod(),
      input(
        pixBody({
          environment: 'LIVE',
          base_url: 'https://pix.psp.example.com/api/v2',
          credentials: {
            client_id: 'c',
            client_secret: 's',
            client_certificate_pem: CLIENT_CERT,
            client_private_key_pem: CLIENT_KEY,
            webhook_client_ca_pem: `${OTHER_CERT}\n${CLIENT_CERT}`,
          },
        }),
      ),
    );
    const view = (await staff('GET', `${BASE}/${row.id}`)).json();
    expect(view.environment).toBe('LIVE');
    expect(view.credentials.fields.webhook_client_ca_pem.subject).toContain('CN=other.example');
    expect(JSON.stringify(view)).not.toContain('BEGIN');
  });
});

describe('logs', () => {
  it('no log line carries a credential', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const all = logLines.join('\n');
    expectNoSecrets(all);
    for (const secret of [
      'pix-client-secret-value',
      'basic-pass-1234',
      'second-secret',
      'hunter2hunter2',
      'sandbox-provider-webhook-secret',
      'PRIVATE KEY',
    ])
      expect(all).not.toContain(secret);
  });
});
