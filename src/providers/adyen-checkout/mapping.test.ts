import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyAnswer,
  classifyNetworkError,
  outcomeOfResultCode,
  refusalByCode,
  refusalByText,
  refusalOf,
  REFUSAL_REASONS,
} from './mapping.js';
import { mpiData, shopperName } from './requests.js';

describe('Adyen answer classes (R2.2)', () => {
  it.each([
    [401, {}, true, 'AUTH_FAILED'],
    [403, {}, false, 'AUTH_FAILED'],
    [429, {}, true, 'RATE_LIMITED'],
    [422, { errorType: 'validation', errorCode: '101' }, true, 'INVALID_CARD_NUMBER'],
    [422, { errorType: 'validation', errorCode: '101' }, false, 'REJECTED'],
    [422, { errorType: 'validation', errorCode: '130' }, true, 'REJECTED'],
    [400, { errorType: 'validation', errorCode: '101' }, true, 'REJECTED'],
    [500, {}, true, 'UNKNOWN'],
    [502, undefined, true, 'UNKNOWN'],
    [503, {}, false, 'UNKNOWN'],
    [200, undefined, true, 'UNKNOWN'],
    [200, { resultCode: 'Authorised' }, true, 'ANSWERED'],
    [201, { status: 'received' }, false, 'ANSWERED'],
  ] as const)('HTTP %i %j (authorization %s) is %s', (status, body, auth, expected) => {
    expect(classifyAnswer(status, body, auth)).toBe(expected);
  });

  it.each([
    ['ECONNREFUSED', 'NOT_SENT'],
    ['ENOTFOUND', 'NOT_SENT'],
    ['UND_ERR_CONNECT_TIMEOUT', 'NOT_SENT'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'NOT_SENT'],
    ['ECONNRESET', 'UNKNOWN'],
    ['UND_ERR_HEADERS_TIMEOUT', 'UNKNOWN'],
    ['UND_ERR_BODY_TIMEOUT', 'UNKNOWN'],
    ['UND_ERR_SOCKET', 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
  ] as const)('network error %s is %s', (code, expected) => {
    expect(classifyNetworkError(code)).toBe(expected);
  });

  it('never classifies a 5xx as anything but UNKNOWN (never a refusal)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 599 }),
        fc.anything(),
        fc.boolean(),
        (s, b, a) => classifyAnswer(s, b, a) === 'UNKNOWN',
      ),
    );
  });
});

describe('resultCode (R2.4)', () => {
  it.each([
    ['Authorised', 'authorized', null],
    ['PartiallyAuthorised', 'partially-authorized', null],
    ['Refused', 'refused', 'CARD_DECLINED'],
    ['Cancelled', 'refused', 'CARD_DECLINED'],
    ['Error', 'refused', 'PROCESSING_ERROR'],
    ['RedirectShopper', 'refused', 'AUTHENTICATION_REQUIRED'],
    ['IdentifyShopper', 'refused', 'AUTHENTICATION_REQUIRED'],
    ['ChallengeShopper', 'refused', 'AUTHENTICATION_REQUIRED'],
    ['PresentToShopper', 'refused', 'AUTHENTICATION_REQUIRED'],
    ['Received', 'processing', null],
    ['Pending', 'processing', null],
    ['AuthenticationFinished', 'processing', null],
    ['AuthenticationNotRequired', 'processing', null],
    ['Success', 'processing', null],
    ['SomethingNew', 'processing', null],
    [undefined, 'processing', null],
  ] as const)('%s -> %s %s', (code, kind, defaultCode) => {
    const outcome = outcomeOfResultCode(code);
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === 'refused') expect(outcome.defaultCode).toBe(defaultCode);
  });

  it('a refused answer takes R2.5 by refusalReasonCode, else the resultCode default', () => {
    expect(refusalOf({ kind: 'refused', defaultCode: 'CARD_DECLINED' }, '12', 'Not enough balance')).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Not enough balance',
      providerCode: '12',
      technical: false,
    });
    expect(refusalOf({ kind: 'refused', defaultCode: 'PROCESSING_ERROR' }, '9', 'Issuer Unavailable')).toMatchObject({
      code: 'ISSUER_UNAVAILABLE',
      technical: true,
      retryable: true,
    });
    expect(refusalOf({ kind: 'refused', defaultCode: 'CARD_DECLINED' }, '999', 'Something')).toMatchObject({
      code: 'CARD_DECLINED',
      providerCode: '999',
    });
    expect(refusalOf({ kind: 'refused', defaultCode: 'PROCESSING_ERROR' }, undefined, undefined)).toMatchObject({
      code: 'PROCESSING_ERROR',
      providerCode: null,
    });
    expect(refusalOf({ kind: 'refused', defaultCode: 'AUTHENTICATION_REQUIRED' }, '2', 'Refused')).toMatchObject({
      code: 'AUTHENTICATION_REQUIRED',
    });
  });
});

describe('refusal reasons (R2.5)', () => {
  it.each(REFUSAL_REASONS.map((r) => [r.code, r.text, r.ours] as const))(
    'code %s (%s) -> %s, by code and by text',
    (code, text, ours) => {
      expect(refusalByCode(code)?.ours).toBe(ours);
      expect(refusalByText(text)?.ours).toBe(ours);
      expect(refusalByText(`  ${text.toUpperCase()}  `)?.ours).toBe(ours);
      expect(refusalByText(`${text}: more words from the issuer`)?.ours).toBe(ours);
    },
  );

  it('knows every row of the contract and flags the technical ones', () => {
    expect(REFUSAL_REASONS).toHaveLength(44);
    expect(REFUSAL_REASONS.filter((r) => r.technical).map((r) => r.code)).toEqual(['0', '4', '9', '21']);
    expect(refusalByCode('46')).toMatchObject({ ours: 'CARD_DECLINED', neverFailOver: true });
    expect(refusalByCode('1')).toBeNull();
    expect(refusalByText('Cancelledness')).toBeNull();
    expect(refusalByText('Shopper Cancelled')?.code).toBe('16');
  });
});

describe('request pieces (R2.3)', () => {
  const proof = { version: '2.2.0', eci: '05', authenticationValue: 'AAAA', dsTransactionId: 'ds-1', transStatus: 'Y' };
  it.each([
    ['FRICTIONLESS', { cavv: 'AAAA', eci: '05', dsTransID: 'ds-1', threeDSVersion: '2.2.0', directoryResponse: 'Y' }],
    [
      'CHALLENGE',
      {
        cavv: 'AAAA',
        eci: '05',
        dsTransID: 'ds-1',
        threeDSVersion: '2.2.0',
        directoryResponse: 'C',
        authenticationResponse: 'Y',
      },
    ],
    ['EXTERNAL', { cavv: 'AAAA', eci: '05', dsTransID: 'ds-1', threeDSVersion: '2.2.0', directoryResponse: 'Y' }],
  ] as const)('mpiData for a %s result', (flow, expected) => {
    expect(mpiData(proof, flow, null)).toEqual(expected);
  });
  it('mpiData for a wallet token carries its cryptogram and ECI; nothing without either', () => {
    expect(mpiData(undefined, 'EXTERNAL', { cryptogram: 'CRY=', eci: '07' })).toEqual({
      tokenAuthenticationVerificationValue: 'CRY=',
      eci: '07',
    });
    expect(mpiData(undefined, 'EXTERNAL', null)).toBeNull();
  });
  it.each([
    ['Maria Silva Souza', { firstName: 'Maria', lastName: 'Silva Souza' }],
    ['Cher', { firstName: 'Cher', lastName: '' }],
    [`${'a'.repeat(90)} ${'b'.repeat(90)}`, { firstName: 'a'.repeat(80), lastName: 'b'.repeat(80) }],
  ])('shopperName(%s)', (name, expected) => {
    expect(shopperName(name)).toEqual(expected);
  });
});
