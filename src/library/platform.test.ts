import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildLibraryAssets } from '../modules/library/library.assets.js';
import { brandFromBin } from '../domain/card-brands.js';
import { luhnValid } from '../domain/pan.js';
import { newKeyFile } from '../vault/key-file.js';

/**
 * The library's own tests, in Node's WebCrypto (the browser tests run it in chromium): its output decrypts with
 * an independent reading of P6 written here with node:crypto, and its rules agree with the API's.
 */
const source = buildLibraryAssets('sandbox').files.get('platform.js')!.body;
const key = newKeyFile('sandbox', new Date()).keys[0];
const doc = {
  environment: 'sandbox',
  current_kid: key.kid,
  keys: [{ kid: key.kid, kty: 'EC', crv: 'P-256', x: key.x, y: key.y }],
};

function load() {
  const sandbox: Record<string, unknown> = {
    crypto: globalThis.crypto,
    TextEncoder,
    URL,
    btoa,
    setTimeout,
    location: { href: 'https://shop.example/', origin: 'https://shop.example' },
    fetch: async () => ({ ok: true, json: async () => doc }),
  };
  sandbox.window = sandbox;
  runInNewContext(source, sandbox);
  return sandbox.Platform as any;
}

function decrypt(value: string): { purpose: string; plain: string } {
  const [, , kid, purpose, epk, iv, ct] = value.split(':');
  const me = createECDH('prime256v1');
  me.setPrivateKey(Buffer.from(key.d, 'base64url'));
  const epkBytes = Buffer.from(epk, 'base64url');
  const k = Buffer.from(hkdfSync('sha256', me.computeSecret(epkBytes), epkBytes, `ev:v1:${kid}:${purpose}`, 32));
  const bytes = Buffer.from(ct, 'base64url');
  const d = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
  d.setAAD(Buffer.from(`ev:v1:${kid}:${purpose}:${epk}`));
  d.setAuthTag(bytes.subarray(bytes.length - 16));
  return {
    purpose,
    plain: Buffer.concat([d.update(bytes.subarray(0, bytes.length - 16)), d.final()]).toString('utf8'),
  };
}

describe('platform.js', () => {
  it('encrypt() produces ev:v1 values that decrypt per P6', async () => {
    const pf = await load().init({ apiBase: 'https://api.example/core' });
    expect(pf.kid).toBe(key.kid);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 100 }),
        fc.constantFrom('pan', 'cvv', 'ntk', 'cry', 'gen'),
        async (value, purpose) => {
          const ev: string = await pf.encrypt(value, { purpose });
          expect(ev).toMatch(/^ev:v1:[a-z0-9_]+:[a-z]{3}:[A-Za-z0-9_-]{87}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:\$$/);
          expect(decrypt(ev)).toEqual({ purpose, plain: value });
        },
      ),
      { numRuns: 30 },
    );
    await expect(pf.encrypt('x', { purpose: 'nope' })).rejects.toThrow();
  });

  it('encryptCard() encrypts number and CVV and derives bin, last digits and brand', async () => {
    const pf = await load().init({ apiBase: 'https://api.example/core/' });
    const card = await pf.encryptCard({
      number: '6363 6800 0003 1234',
      cvv: '123',
      expiry_month: '09',
      expiry_year: '2031',
      holder_name: 'ANA',
    });
    expect(card).toMatchObject({
      bin: '636368',
      last_digits: '1234',
      brand: 'ELO',
      expiry_month: '09',
      expiry_year: '2031',
      holder_name: 'ANA',
    });
    expect(decrypt(card.number)).toEqual({ purpose: 'pan', plain: '6363680000031234' });
    expect(decrypt(card.cvv)).toEqual({ purpose: 'cvv', plain: '123' });
    await expect(pf.encryptCard({ number: '4111111111111112' })).rejects.toThrow('invalid card number');
  });

  it("applies the API's rules: Luhn and brand from the BIN agree for any digits", () => {
    const rules = load()._rules;
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,19}$/), (d) => {
        expect(rules.luhn(d)).toBe(luhnValid(d));
        expect(rules.brandFromBin(d.slice(0, 6))).toBe(brandFromBin(d.slice(0, 6)));
      }),
    );
    const now = new Date(2026, 5, 15);
    expect(
      rules.checkCard(
        { number: '378282246310005', cvv: '123', expiry_month: '06', expiry_year: '2026', holder_name: 'A B' },
        now,
      ).errors,
    ).toEqual({ cvv: 'cvv_invalid' });
    expect(
      rules.checkCard(
        { number: '4111111111111111', cvv: '123', expiry_month: '05', expiry_year: '2026', holder_name: 'A' },
        now,
      ).errors,
    ).toEqual({ expiry: 'expiry_past', holder_name: 'holder_invalid' });
    expect(rules.translate({ cvv: 'cvv_invalid' }, 'pt-BR', 'AMEX')).toEqual({
      cvv: 'O código de segurança deve ter 4 dígitos',
    });
    expect(rules.translate({ number: 'number_invalid' }, 'en', 'VISA')).toEqual({ number: 'Invalid card number' });
  });
});
