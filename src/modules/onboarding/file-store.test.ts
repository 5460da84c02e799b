import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LocalFileStore } from './file-store.js';
import { DownloadSigner } from './signed-urls.js';
import { isStrictBase64 } from './documents.service.js';

describe('LocalFileStore', () => {
  it('is content addressed: the same bytes give the same key, stored once, read back intact', async () => {
    const root = mkdtempSync(join(tmpdir(), 'store-test-'));
    const store = new LocalFileStore(root);
    const bytes = Buffer.from('hello');
    const [a, b] = await Promise.all([store.put(bytes), store.put(Buffer.from(bytes))]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.get(a))?.equals(bytes)).toBe(true);
    const dir = join(root, a.slice(0, 2), a.slice(2, 4));
    expect(readdirSync(dir)).toEqual([a]); // no temp files left behind
    expect(await store.get('0'.repeat(64))).toBeNull();
    await expect(store.get('../../etc/passwd')).rejects.toThrow();
  });
});

describe('DownloadSigner', () => {
  const signer = new DownloadSigner('x'.repeat(32));
  const id = '6f1c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00';
  const parts = (url: string) => new URL(url).searchParams;

  it('verifies its own links for one hour only', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { url, expiresAt } = signer.sign('https://h', id, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(3600_000);
    const q = parts(url);
    expect(signer.verify(id, q.get('expires')!, q.get('signature')!, now)).toBe(true);
    expect(signer.verify(id, q.get('expires')!, q.get('signature')!, new Date(now.getTime() + 3600_000))).toBe(false);
    expect(new DownloadSigner('y'.repeat(32)).verify(id, q.get('expires')!, q.get('signature')!, now)).toBe(false);
  });

  it('refuses any change of id, expiry or signature', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 60 }), fc.string({ maxLength: 12 }), (otherId, sig, expires) => {
        const q = parts(signer.sign('https://h', id).url);
        if (otherId !== id) expect(signer.verify(otherId, q.get('expires')!, q.get('signature')!)).toBe(false);
        if (sig !== q.get('signature')) expect(signer.verify(id, q.get('expires')!, sig)).toBe(false);
        if (expires !== q.get('expires')) expect(signer.verify(id, expires, q.get('signature')!)).toBe(false);
      }),
    );
  });
});

describe('isStrictBase64', () => {
  it('accepts exactly what Buffer encodes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(isStrictBase64(Buffer.from(bytes).toString('base64'))).toBe(true);
      }),
    );
    for (const bad of ['abc', 'ab=c', '====', 'a===', 'ab-_', 'YQ==YQ==']) expect(isStrictBase64(bad)).toBe(false);
  });
});
