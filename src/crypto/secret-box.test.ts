import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.js';

const key = randomBytes(32);
const box = createSecretBox(key);
const secret = `whsec_${randomBytes(32).toString('base64')}`;

describe('secret box (AES-256-GCM at rest)', () => {
  it('seals into enc:v1:<kid>:<iv>:<ct> that does not contain the secret, and opens back', () => {
    const sealed = box.seal(secret, 'row-1');
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{16}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed.split(':')[2]).toBe(box.kid);
    expect(sealed).not.toContain(secret.slice(6));
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed, 'row-1')).toBe(secret);
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal(secret, 'row-1')).not.toBe(box.seal(secret, 'row-1'));
  });

  it('refuses another context (a value copied to another row or column)', () => {
    const sealed = box.seal(secret, 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext, IV or kid', () => {
    const sealed = box.seal(secret, 'row-1');
    const [p, v, kid, iv, ct] = sealed.split(':');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(() => box.open([p, v, kid, iv, flip(ct!, 3)].join(':'), 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open([p, v, kid, iv, flip(ct!, ct!.length - 2)].join(':'), 'row-1')).toThrow(SecretBoxError); // the tag
    expect(() => box.open([p, v, kid, flip(iv!, 0), ct].join(':'), 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open([p, v, flip(kid!, 0), iv, ct].join(':'), 'row-1')).toThrow(/unknown key/);
    expect(() => box.open([p, 'v2', kid, iv, ct].join(':'), 'row-1')).toThrow(/unknown version/);
    expect(() => box.open(`${sealed}:x`, 'row-1')).toThrow(/malformed/);
  });

  it('never puts the value in an error', () => {
    const sealed = box.seal(secret, 'row-1');
    try {
      box.open(sealed, 'row-2');
      expect.unreachable();
    } catch (err) {
      expect(String((err as Error).message)).not.toContain(sealed.split(':')[4]);
    }
  });

  it('reads a legacy plain value as it is', () => {
    expect(box.isSealed(secret)).toBe(false);
    expect(box.open(secret, 'row-1')).toBe(secret);
  });

  it('another key does not open it; an older key kept for reading does', () => {
    const sealed = box.seal(secret, 'row-1');
    const next = randomBytes(32);
    expect(() => createSecretBox(next).open(sealed, 'row-1')).toThrow(/unknown key/);
    const rotated = createSecretBox(next, [key]);
    expect(rotated.open(sealed, 'row-1')).toBe(secret);
    expect(rotated.seal(secret, 'row-1').split(':')[2]).toBe(rotated.kid);
    expect(rotated.kid).not.toBe(box.kid);
  });

  it('wants 32-byte keys', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
