import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  challengeKey,
  newTokenId,
  signChallengeToken,
  tokenUse,
  verifyChallengeToken,
  type TokenCheck,
} from './challenge-token.js';

const key = challengeKey('secret-one');
const otherKey = challengeKey('secret-two');
const sessionId = '6f1c2b9e-4a8d-4c3e-9b71-0d2f5e6a7b8c';
const otherSession = '0b7e1d2c-3f4a-4b5c-8d9e-a1b2c3d4e5f6';
const now = new Date('2026-03-15T12:00:00Z');
const expiresAt = new Date(now.getTime() + 600_000);
const sign = (over: Partial<{ sessionId: string; jti: string; expiresAt: Date }> = {}, k = key) =>
  signChallengeToken(k, { sessionId, jti: 'jti-1', expiresAt, now, ...over });

describe('the challenge page token (P7: signed, one-time)', () => {
  it('verifies for its session until expires_at, then EXPIRED', async () => {
    const token = await sign();
    expect(await verifyChallengeToken(key, token, sessionId, now)).toEqual({ ok: true, jti: 'jti-1' });
    expect(await verifyChallengeToken(key, token, sessionId, new Date(expiresAt.getTime() - 1000))).toEqual({
      ok: true,
      jti: 'jti-1',
    });
    expect(await verifyChallengeToken(key, token, sessionId, expiresAt)).toEqual({ ok: false, reason: 'EXPIRED' });
  });

  it.each([
    ['another session in the path', async () => verifyChallengeToken(key, await sign(), otherSession, now)],
    ['another key', async () => verifyChallengeToken(key, await sign({}, otherKey), sessionId, now)],
    ['not a string', async () => verifyChallengeToken(key, 42, sessionId, now)],
    ['empty', async () => verifyChallengeToken(key, '', sessionId, now)],
    ['too long', async () => verifyChallengeToken(key, 'a'.repeat(2000), sessionId, now)],
    [
      'alg none',
      async () => {
        const [, payload] = (await sign()).split('.');
        return verifyChallengeToken(
          key,
          `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
          sessionId,
          now,
        );
      },
    ],
    [
      'a payload swapped under the same signature',
      async () => {
        const [head, payload, sig] = (await sign()).split('.');
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
        return verifyChallengeToken(
          key,
          `${head}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url')}.${sig}`,
          sessionId,
          now,
        );
      },
    ],
  ])('%s is INVALID', async (_name, check) => expect(await check()).toEqual({ ok: false, reason: 'INVALID' }));

  it('any single character changed in a token makes it INVALID (property)', async () => {
    const token = await sign();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: token.length - 1 }),
        fc.constantFrom(...'ABCxyz019-_.'),
        async (i, ch) => {
          if (token[i] === ch) return;
          const tampered = token.slice(0, i) + ch + token.slice(i + 1);
          const got = await verifyChallengeToken(key, tampered, sessionId, now);
          // base64url's last character may carry padding bits only: the decoded bytes (and so the token) are unchanged.
          if (got.ok)
            expect(Buffer.from(tampered.split('.')[2] ?? '', 'base64url')).toEqual(
              Buffer.from(token.split('.')[2], 'base64url'),
            );
          else expect(got.reason).toBe('INVALID');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('token ids are random and URL-safe', () => {
    const ids = new Set(Array.from({ length: 200 }, newTokenId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('tokenUse: the verified token against the session row', () => {
  const ok: TokenCheck = { ok: true, jti: 'jti-1' };
  const row = (over: Partial<{ challengeTokenId: string | null; status: string; expiresAt: Date }> = {}) => ({
    challengeTokenId: 'jti-1',
    status: 'ACTION_REQUIRED',
    expiresAt,
    ...over,
  });
  it.each([
    [ok, row(), now, 'OK'],
    [ok, row({ challengeTokenId: 'jti-2' }), now, 'INVALID'], // a token the session does not hold
    [ok, row({ challengeTokenId: null }), now, 'INVALID'],
    [ok, undefined, now, 'INVALID'],
    [ok, row({ status: 'SUCCEEDED' }), now, 'USED'],
    [ok, row({ status: 'FAILED' }), now, 'USED'],
    [ok, row({ status: 'EXPIRED' }), now, 'EXPIRED'],
    [ok, row(), expiresAt, 'EXPIRED'], // past expires_at before the job ran
    [{ ok: false, reason: 'INVALID' }, row(), now, 'INVALID'],
    [{ ok: false, reason: 'EXPIRED' }, row(), now, 'EXPIRED'],
  ] as const)('%o on %o at %s -> %s', (check, session, at, expected) =>
    expect(tokenUse(check, session, at)).toBe(expected),
  );

  it('only an ACTION_REQUIRED session holding the jti, before expires_at, is usable (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ACTION_REQUIRED', 'SUCCEEDED', 'FAILED', 'EXPIRED'),
        fc.constantFrom('jti-1', 'jti-2'),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (status, held, offset) => {
          const at = new Date(expiresAt.getTime() + offset);
          const usable = tokenUse(ok, row({ status, challengeTokenId: held }), at) === 'OK';
          expect(usable).toBe(status === 'ACTION_REQUIRED' && held === 'jti-1' && offset < 0);
        },
      ),
    );
  });
});
