import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from '../../../kernel/idempotency.js';
import {
  challengeResult,
  chooseProvider,
  returnTarget,
  returnUrlProblem,
  withoutEncryptedValues,
} from './three-ds.session.rules.js';

describe('return_url (P7)', () => {
  it.each([
    ['https://shop.example/back', false, null],
    ['https://shop.example:8443/back?x=1#y', false, null],
    ['http://localhost:3000/back', true, null],
    ['http://localhost:3000/back', false, 'problem'],
    ['http://127.0.0.1/back', true, null],
    ['http://localhost/back', true, null],
    ['http://shop.example/back', true, 'problem'],
    ['http://localhost.evil.example/back', true, 'problem'],
    ['https://user:pass@shop.example/', false, 'problem'],
    ['javascript:alert(1)', true, 'problem'],
    ['ftp://localhost/x', true, 'problem'],
    ['/relative', true, 'problem'],
  ])('%s (sandbox %s)', (url, sandbox, expected) => {
    const problem = returnUrlProblem(url, sandbox);
    expect(problem === null ? null : 'problem').toBe(expected);
  });

  it("the browser goes back with the session id and status added, the merchant's query kept", () => {
    expect(returnTarget('https://shop.example/done?order=7', 'sid', 'FAILED')).toBe(
      'https://shop.example/done?order=7&three_ds_session_id=sid&status=FAILED',
    );
  });
});

describe('the request_id fingerprint ignores ev: values (P3, P7)', () => {
  it('two encryptions of one body compare equal; any other difference does not', () => {
    const a = { amount: 10, card: { number: 'ev:v1:k:pan:AAA:BBB:CCC:$', bin: '411111' } };
    const b = { amount: 10, card: { number: 'ev:v1:k:pan:XXX:YYY:ZZZ:$', bin: '411111' } };
    expect(canonicalJson(withoutEncryptedValues(a))).toBe(canonicalJson(withoutEncryptedValues(b)));
    expect(canonicalJson(withoutEncryptedValues({ ...a, amount: 11 }))).not.toBe(
      canonicalJson(withoutEncryptedValues(b)),
    );
    expect(canonicalJson(withoutEncryptedValues({ ...a, card: { ...a.card, bin: '400000' } }))).not.toBe(
      canonicalJson(withoutEncryptedValues(b)),
    );
  });

  it('is the identity on values without ev: strings (property)', () => {
    const noEv = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"ev:'));
    fc.assert(fc.property(noEv, (v) => canonicalJson(withoutEncryptedValues(v)) === canonicalJson(v)));
  });
});

describe('provider choice (P1)', () => {
  const at = (s: string) => new Date(`2026-01-0${s}T00:00:00Z`);
  const offers = (p: string) => p !== 'INTERNAL';
  const affs = [
    { provider: 'PROVIDER_B', status: 'ACTIVE', createdAt: at('3') },
    { provider: 'INTERNAL', status: 'ACTIVE', createdAt: at('1') },
    { provider: 'PROVIDER_A', status: 'ACTIVE', createdAt: at('2') },
  ];
  it.each([
    [undefined, affs, { ok: true, provider: 'PROVIDER_A' }], // the oldest ACTIVE one that does 3DS
    ['PROVIDER_B', affs, { ok: true, provider: 'PROVIDER_B' }],
    ['INTERNAL', affs, { ok: false, value: 'INTERNAL' }],
    [
      'PROVIDER_A',
      [{ provider: 'PROVIDER_A', status: 'WAITING_DOCUMENTS', createdAt: at('1') }],
      { ok: false, value: 'PROVIDER_A' },
    ],
    [undefined, [{ provider: 'PROVIDER_A', status: 'REFUSED', createdAt: at('1') }], { ok: false, value: null }],
    [undefined, [], { ok: false, value: null }],
  ] as const)('named %s', (named, list, expected) => expect(chooseProvider(named, list, offers)).toEqual(expected));
});

describe('a completed challenge', () => {
  it.each([
    [
      { status: 'SUCCEEDED' } as const,
      'VISA',
      { status: 'SUCCEEDED', trans_status: 'Y', eci: '05', liability_shift: true, failure_reason: null },
    ],
    [{ status: 'SUCCEEDED' } as const, 'MASTERCARD', { status: 'SUCCEEDED', eci: '02' }],
    [
      { status: 'FAILED', failure_reason: 'AUTHENTICATION_FAILED' } as const,
      'ELO',
      {
        status: 'FAILED',
        trans_status: 'N',
        eci: '07',
        liability_shift: false,
        failure_reason: 'AUTHENTICATION_FAILED',
      },
    ],
    [
      { status: 'FAILED', failure_reason: 'CHALLENGE_CANCELLED' } as const,
      'MASTERCARD',
      { status: 'FAILED', eci: '00', failure_reason: 'CHALLENGE_CANCELLED' },
    ],
  ] as const)('%o with %s', (outcome, brand, expected) =>
    expect(challengeResult(outcome, brand)).toMatchObject(expected),
  );
});
