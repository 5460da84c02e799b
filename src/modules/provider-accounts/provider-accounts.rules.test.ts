import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accessListProblem,
  accountStatusMachine,
  builtInPatchRefusal,
  changesWebhookTarget,
  checkProviderUrl,
  defaultBaseUrl,
  graceEnd,
  isAdyenV71Path,
  isPrivateAddress,
  liveRefused,
  mayUse,
  PROVIDER_NAME,
  webhookUrl,
  withinGrace,
} from './provider-accounts.rules.js';
import { capabilitiesOf } from './capabilities.rules.js';
import { credentialFieldsView, credentialsFingerprint } from './credentials.rules.js';
import { connectorCredentials, connectorSettings, isPixKey } from './connector-input.js';

describe('checkProviderUrl (R1.3)', () => {
  it.each([
    ['https://checkout-test.adyen.com/v71', 'sandbox', true],
    ['https://checkout-test.adyen.com/v71', 'production', true],
    ['http://127.0.0.1:8080/v71', 'sandbox', true],
    ['http://localhost/api', 'sandbox', true],
    ['http://[::1]:9000/api', 'sandbox', true],
    ['http://127.0.0.1:8080/v71', 'production', false],
    ['https://127.0.0.1/v71', 'production', false],
    ['https://10.1.2.3/v71', 'production', false],
    ['https://192.168.0.5/api', 'production', false],
    ['https://[fd00::1]/api', 'production', false],
    ['https://10.1.2.3/v71', 'sandbox', true],
    ['http://psp.example.com/api', 'sandbox', false],
    ['ftp://psp.example.com/api', 'sandbox', false],
    ['https://psp.example.com/api?x=1', 'sandbox', false],
    ['https://psp.example.com/api#frag', 'sandbox', false],
    ['https://user:pw@psp.example.com/api', 'sandbox', false],
    ['/relative/path', 'sandbox', false],
  ] as const)('%s in %s: %s', (url, env, ok) => {
    expect(checkProviderUrl(url, env).ok).toBe(ok);
  });

  it('private addresses: literals only, every private range', () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '[::1]',
      'fe80::1',
      'localhost',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(host), host).toBe(true);
    for (const host of ['8.8.8.8', '172.32.0.1', 'checkout-test.adyen.com', '2606:4700::1111'])
      expect(isPrivateAddress(host), host).toBe(false);
  });
});

describe('base URLs', () => {
  it.each([
    ['ADYEN_CHECKOUT', 'TEST', {}, 'https://checkout-test.adyen.com/v71'],
    [
      'ADYEN_CHECKOUT',
      'LIVE',
      { live_url_prefix: '1797a841fbb37ca7-AdyenDemo' },
      'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71',
    ],
    ['SANDBOX', 'TEST', {}, null],
    ['PIX_API_BCB', 'TEST', {}, null],
  ] as const)('%s %s defaults to %s', (connector, environment, settings, expected) => {
    expect(defaultBaseUrl(connector, environment, settings)).toBe(expected);
  });
  it('Adyen paths end in /v71', () => {
    expect(isAdyenV71Path('https://x.example.com/checkout/v71')).toBe(true);
    expect(isAdyenV71Path('https://x.example.com/v71/')).toBe(true);
    expect(isAdyenV71Path('https://x.example.com/v70')).toBe(false);
    expect(isAdyenV71Path('https://x.example.com/v711')).toBe(false);
  });
});

describe('environment, access, status', () => {
  it.each([
    ['LIVE', 'ADYEN_CHECKOUT', 'sandbox', true],
    ['LIVE', 'ADYEN_CHECKOUT', 'production', false],
    ['LIVE', 'SANDBOX', 'production', true],
    ['TEST', 'SANDBOX', 'sandbox', false],
    ['TEST', 'PIX_API_BCB', 'production', false],
  ] as const)('%s %s in %s refused: %s', (environment, connector, env, refused) => {
    expect(liveRefused(environment, connector, env)).toBe(refused);
  });

  it('mayUse: ALL is everyone, SELECTED only the listed', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.array(fc.uuid(), { maxLength: 5 }), (org, ids) => {
        expect(mayUse({ organizationAccess: 'ALL', organizationIds: [] }, org)).toBe(true);
        expect(mayUse({ organizationAccess: 'SELECTED', organizationIds: ids }, org)).toBe(ids.includes(org));
      }),
    );
  });

  it.each([
    ['SELECTED', [], true],
    ['SELECTED', ['a'], false],
    ['ALL', [], false],
    ['ALL', ['a'], true],
  ] as const)('access list %s %j is a problem: %s', (access, ids, problem) => {
    expect(accessListProblem(access, ids) !== undefined).toBe(problem);
  });

  it('status moves one step each way; never to itself', () => {
    expect(accountStatusMachine.can('ACTIVE', 'DISABLED')).toBe(true);
    expect(accountStatusMachine.can('DISABLED', 'ACTIVE')).toBe(true);
    expect(accountStatusMachine.can('ACTIVE', 'ACTIVE')).toBe(false);
    expect(accountStatusMachine.can('DISABLED', 'DISABLED')).toBe(false);
  });

  it('built-ins: only the patchable fields pass', () => {
    expect(
      builtInPatchRefusal(['display_name', 'timeout_ms', 'circuit_breaker', 'organization_access', 'organization_ids']),
    ).toBeUndefined();
    expect(builtInPatchRefusal(['display_name', 'base_url'])).toBe('base_url');
    expect(builtInPatchRefusal(['settings'])).toBe('settings');
  });

  it('provider names', () => {
    for (const ok of ['ABC', 'ADYEN_BR', 'P2P_1', `A${'B'.repeat(31)}`]) expect(PROVIDER_NAME.test(ok), ok).toBe(true);
    for (const bad of ['AB', '1ABC', '_ABC', 'abc', 'A-BC', `A${'B'.repeat(32)}`])
      expect(PROVIDER_NAME.test(bad), bad).toBe(false);
  });
});

describe('grace', () => {
  it('the previous set verifies strictly before the end of its grace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 604_800 }), fc.integer({ min: 0, max: 2_000_000_000_000 }), (grace, t0) => {
        const now = new Date(t0);
        const end = graceEnd(now, grace);
        expect(end.getTime() - now.getTime()).toBe(grace * 1000);
        expect(withinGrace(end, new Date(end.getTime() - 1))).toBe(true);
        expect(withinGrace(end, end)).toBe(false);
        expect(withinGrace(null, now)).toBe(false);
      }),
    );
  });
});

describe('webhook URLs and targets', () => {
  it('PIX accounts carry their token; the others do not', () => {
    expect(webhookUrl('https://api.example.com/core', { id: 'id1', connector: 'PIX_API_BCB' }, 'tok')).toBe(
      'https://api.example.com/core/v1/provider-webhooks/id1/tok',
    );
    expect(webhookUrl('https://api.example.com/core', { id: 'id1', connector: 'ADYEN_CHECKOUT' }, null)).toBe(
      'https://api.example.com/core/v1/provider-webhooks/id1',
    );
    expect(webhookUrl('https://api.example.com/core', { id: 'id1', connector: 'SANDBOX' }, 'tok')).toBe(
      'https://api.example.com/core/v1/provider-webhooks/id1',
    );
  });
  it('base_url, token_url and default_chave changes re-register', () => {
    const before = { baseUrl: 'https://a', settings: { token_url: null, default_chave: null, scopes: ['a'] } };
    expect(changesWebhookTarget(before, { ...before })).toBe(false);
    expect(changesWebhookTarget(before, { ...before, settings: { ...before.settings, scopes: ['b'] } })).toBe(false);
    expect(changesWebhookTarget(before, { ...before, baseUrl: 'https://b' })).toBe(true);
    expect(
      changesWebhookTarget(before, { ...before, settings: { ...before.settings, default_chave: 'x@example.com' } }),
    ).toBe(true);
  });
});

describe('capabilities (R1.8)', () => {
  it.each([
    [
      'SANDBOX',
      'PROVIDER_A',
      true,
      {
        payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'],
        banking: true,
        company_onboarding: true,
        pix_due_date: true,
        max_installments: 12,
      },
    ],
    ['SANDBOX', 'PROVIDER_B', true, { company_onboarding: true, three_ds_sessions: true }],
    [
      'SANDBOX',
      'INTERNAL',
      true,
      {
        payment_methods: [],
        card_brands: [],
        capture_modes: [],
        banking: true,
        max_installments: null,
        three_ds_sessions: false,
        refunds: { partial: false, multiple: false },
      },
    ],
    [
      'SANDBOX',
      'MY_SANDBOX',
      false,
      { payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'], banking: true, company_onboarding: false },
    ],
    // A staff account named like the built-in is not the built-in.
    [
      'SANDBOX',
      'INTERNAL',
      false,
      { payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'], company_onboarding: false },
    ],
    [
      'ADYEN_CHECKOUT',
      'ADYEN_BR',
      false,
      {
        payment_methods: ['CREDIT_CARD', 'DEBIT_CARD'],
        card_brands: ['VISA', 'MASTERCARD', 'AMEX', 'ELO', 'HIPERCARD', 'DINERS', 'DISCOVER', 'JCB'],
        capture_modes: ['AUTOMATIC', 'MANUAL'],
        partial_capture: true,
        external_three_ds: true,
        pix_due_date: false,
        banking: false,
        company_onboarding: false,
      },
    ],
    [
      'PIX_API_BCB',
      'PSP',
      false,
      {
        payment_methods: ['PIX'],
        card_brands: [],
        max_installments: null,
        capture_modes: ['AUTOMATIC'],
        partial_capture: false,
        refunds: { partial: true, multiple: true },
        three_ds_sessions: false,
        network_tokens: false,
        pix_due_date: true,
        banking: false,
      },
    ],
  ] as const)('%s %s (built-in %s)', (connector, provider, builtIn, expected) => {
    expect(capabilitiesOf({ connector, provider, builtIn })).toMatchObject(expected);
  });
  it('every account of a connector has the same capabilities, and callers cannot change the table', () => {
    const a = capabilitiesOf({ connector: 'ADYEN_CHECKOUT', provider: 'A1X', builtIn: false });
    a.payment_methods.push('PIX');
    expect(capabilitiesOf({ connector: 'ADYEN_CHECKOUT', provider: 'B2Y', builtIn: false }).payment_methods).toEqual([
      'CREDIT_CARD',
      'DEBIT_CARD',
    ]);
  });
});

describe('credentials view (R1.4)', () => {
  it('the fingerprint ignores key order and absent fields, and changes with any value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        expect(credentialsFingerprint({ api_key: a, hmac_key: b })).toBe(
          credentialsFingerprint({ hmac_key: b, api_key: a, basic_auth: undefined }),
        );
        expect(credentialsFingerprint({ api_key: a, hmac_key: b })).toMatch(/^sha256:[0-9a-f]{16}$/);
        if (a !== b)
          expect(credentialsFingerprint({ api_key: a, hmac_key: b })).not.toBe(
            credentialsFingerprint({ api_key: b, hmac_key: a }),
          );
      }),
    );
  });
  it('shows last 4 characters, never a whole value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 64 }), (secret) => {
        const view = JSON.stringify(
          credentialFieldsView({ api_key: secret, basic_auth: { username: secret, password: secret } }),
        );
        expect(view).not.toContain(JSON.stringify(secret));
      }),
    );
    expect(
      credentialFieldsView({
        api_key: 'abcdefgh',
        basic_auth: { username: 'user-name', password: 'pass1234' },
        client_private_key_pem: 'x',
      }),
    ).toEqual({
      api_key: { last4: 'efgh' },
      basic_auth: { username_last4: 'name', password_last4: '1234' },
      client_private_key_pem: { present: true },
    });
  });
});

describe('connector settings and credentials (R1.3)', () => {
  it.each([
    ['SANDBOX', 'TEST', {}, {}, []],
    ['SANDBOX', 'TEST', { a: 1 }, {}, ['settings.a']],
    [
      'ADYEN_CHECKOUT',
      'TEST',
      {},
      { live_url_prefix: null, default_merchant_account: null, payment_facilitator: false },
      [],
    ],
    ['ADYEN_CHECKOUT', 'LIVE', {}, undefined, ['settings.live_url_prefix']],
    [
      'ADYEN_CHECKOUT',
      'LIVE',
      { live_url_prefix: 'abc-1' },
      { live_url_prefix: 'abc-1', default_merchant_account: null, payment_facilitator: false },
      [],
    ],
    ['ADYEN_CHECKOUT', 'LIVE', { live_url_prefix: 'a b' }, undefined, ['settings.live_url_prefix']],
    ['PIX_API_BCB', 'TEST', { default_chave: 'not a key' }, undefined, ['settings.default_chave']],
    ['PIX_API_BCB', 'TEST', { token_url: 'http://psp.example.com/token' }, undefined, ['settings.token_url']],
    [
      'PIX_API_BCB',
      'TEST',
      { token_url: 'https://psp.example.com/oauth/token', register_webhooks: false },
      { token_url: 'https://psp.example.com/oauth/token', register_webhooks: false, default_chave: null },
      [],
    ],
  ] as const)('%s %s %j', (connector, environment, input, expected, fields) => {
    const out = connectorSettings(connector, environment, input, 'sandbox');
    expect(out.issues.map((i) => i.field)).toEqual(fields);
    if (expected) expect(out.settings).toMatchObject(expected);
  });

  it.each([
    ['ADYEN_CHECKOUT', 'TEST', { api_key: 'k', hmac_key: 'ab'.repeat(16) }, []],
    ['ADYEN_CHECKOUT', 'TEST', { api_key: 'k', hmac_key: 'abc'.repeat(11) }, ['credentials.hmac_key']],
    ['ADYEN_CHECKOUT', 'TEST', { api_key: 'k', hmac_key: 'ab'.repeat(15) }, ['credentials.hmac_key']],
    [
      'ADYEN_CHECKOUT',
      'TEST',
      { api_key: 'k', hmac_key: 'ab'.repeat(16), basic_auth: { username: 'u' } },
      ['credentials.basic_auth.password'],
    ],
    ['PIX_API_BCB', 'TEST', { client_id: 'c', client_secret: 's' }, []],
    [
      'PIX_API_BCB',
      'LIVE',
      { client_id: 'c', client_secret: 's' },
      ['credentials.client_certificate_pem', 'credentials.webhook_client_ca_pem'],
    ],
    ['SANDBOX', 'TEST', { webhook_secret: 'short' }, ['credentials.webhook_secret']],
    ['SANDBOX', 'TEST', {}, []],
  ] as const)('%s %s credentials %j', (connector, environment, input, fields) => {
    expect(connectorCredentials(connector, environment, input).issues.map((i) => i.field)).toEqual(fields);
  });

  it('PIX keys of every type', () => {
    for (const ok of [
      'pix@example.com',
      '+5511999998888',
      '529.982.247-25'.replace(/\D/g, ''),
      '11222333000181',
      '3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42',
    ])
      expect(isPixKey(ok), ok).toBe(true);
    for (const bad of ['nope', '12345678900', '+15551234567', 'PIX@EXAMPLE.COM'])
      expect(isPixKey(bad), bad).toBe(false);
  });
});
