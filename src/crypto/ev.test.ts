import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encryptEv, EV_PURPOSES, newEphemeral, parseEv } from './ev.js';
import { newKeyFile } from '../vault/key-file.js';

const key = newKeyFile('sandbox', new Date('2026-01-01T00:00:00Z')).keys[0];
const ALPHABET = /^ev:[A-Za-z0-9+/=:_$-]{16,}$/;

describe('ev:v1 format', () => {
  it('has the P6 shape: header segments, base64url without padding, within product.md §8 alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom(...EV_PURPOSES), (value, purpose) => {
        const ev = encryptEv(value, purpose, key!);
        expect(ev).toMatch(ALPHABET);
        const parts = parseEv(ev)!;
        expect(parts).toBeDefined();
        expect(parts).toMatchObject({ kid: key!.kid, purpose });
        expect(parts.epk.length).toBe(65);
        expect(parts.iv.length).toBe(12);
        expect(parts.ct.length).toBe(Buffer.byteLength(value, 'utf8') + 16);
        expect(ev.startsWith(`${parts.header}:`)).toBe(true);
        expect(ev.endsWith(':$')).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('never repeats: fresh IV per value even with a reused ephemeral pair', () => {
    const eph = newEphemeral();
    const a = encryptEv('4111111111111111', 'pan', key!, eph);
    const b = encryptEv('4111111111111111', 'pan', key!, eph);
    expect(a).not.toBe(b);
    expect(a.split(':')[4]).toBe(b.split(':')[4]);
    expect(a.split(':')[5]).not.toBe(b.split(':')[5]);
  });

  it.each([['ev:v2:sbx_k:pan:x:y:z:$'], ['ev:v1:UPPER:pan:AAAA:AAAA:AAAA:$'], ['not ev at all']])(
    'refuses %s',
    (value) => expect(parseEv(value)).toBeUndefined(),
  );

  it('refuses wrong segment lengths, an unknown purpose, a missing terminator and padding', () => {
    const ev = encryptEv('4111111111111111', 'pan', key!);
    const seg = ev.split(':');
    const withSeg = (i: number, v: string) => seg.map((s, j) => (j === i ? v : s)).join(':');
    expect(parseEv(withSeg(3, 'xyz'))).toBeUndefined();
    expect(parseEv(withSeg(4, seg[4]!.slice(1)))).toBeUndefined();
    expect(parseEv(withSeg(5, `${seg[5]}A`))).toBeUndefined();
    expect(parseEv(withSeg(6, seg[6]!.slice(0, 10)))).toBeUndefined();
    expect(parseEv(withSeg(6, `${seg[6]}=`))).toBeUndefined();
    expect(parseEv(ev.slice(0, -2))).toBeUndefined();
    expect(parseEv(`${ev}x`)).toBeUndefined();
  });
});
