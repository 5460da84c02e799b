import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signDashboardToken, verifyDashboardClaims, verifyDashboardToken } from './dashboard-token.js';

const secret = 'test-secret-0123456789abcdef0123456789';
const org = '6f1c1f0e-3a57-4d43-9f1e-5b8f9a3b2c10';

describe('dashboard token', () => {
  it('verifies its own token before expiry and names the organization', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { token, expiresAt } = signDashboardToken(secret, org, now);
    expect(expiresAt.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(verifyDashboardClaims(secret, token, now)).toEqual({ organizationId: org, expiresAt, requestLogs: false });
    expect(verifyDashboardToken(secret, token, new Date('2026-01-01T00:59:59Z'))).toBe(org);
  });

  it.each([
    ['expired', (t: string) => t, new Date('2026-01-01T01:00:00Z')],
    ['another secret', (t: string) => t, undefined, 'other-secret'],
    [
      'tampered payload',
      (t: string) => Buffer.from(JSON.stringify({ o: 'x', e: 9e9 })).toString('base64url') + '.' + t.split('.')[1],
    ],
    ['tampered signature', (t: string) => t.slice(0, -2) + (t.endsWith('AA') ? 'BB' : 'AA')],
    ['no signature', (t: string) => t.split('.')[0]],
    ['extra part', (t: string) => `${t}.x`],
    ['empty', () => ''],
  ] as const)('refuses a token: %s', (_name, mutate, at?: Date, otherSecret?: string) => {
    const { token } = signDashboardToken(secret, org, new Date('2026-01-01T00:00:00Z'));
    expect(
      verifyDashboardToken(otherSecret ?? secret, mutate(token), at ?? new Date('2026-01-01T00:30:00Z')),
    ).toBeNull();
  });

  it('property: any single-character change is refused', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { token } = signDashboardToken(secret, org, now);
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(...'ABCxyz019-_.'), (i, ch) => {
        fc.pre(token[i] !== ch);
        const changed = token.slice(0, i) + ch + token.slice(i + 1);
        return verifyDashboardToken(secret, changed, now) === null;
      }),
    );
  });
});

describe('the request-logs scope of a dashboard link (issue 27, item 7)', () => {
  it('is carried only when signed in, and survives verification', () => {
    const secret = 'k'.repeat(43);
    const now = new Date('2030-01-01T00:00:00Z');
    const org = '5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    expect(verifyDashboardClaims(secret, signDashboardToken(secret, org, now).token, now)?.requestLogs).toBe(false);
    expect(
      verifyDashboardClaims(secret, signDashboardToken(secret, org, now, undefined, { requestLogs: true }).token, now)
        ?.requestLogs,
    ).toBe(true);
  });
});
