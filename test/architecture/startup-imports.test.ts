import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27 (finding 3): `npm start` printed nothing for up to 25 s because server.ts imported the whole platform
 * before its first line. It imports only light modules statically; the platform loads after the first line.
 */
describe('src/server.ts', () => {
  it('imports only light modules before printing its first line', () => {
    const source = readFileSync('src/server.ts', 'utf8');
    const statics = [...source.matchAll(/^import (type )?[^;]*? from '([^']+)';$/gms)]
      .filter((m) => !m[1])
      .map((m) => m[2]);
    expect(statics.sort()).toEqual(['./config.js', './vault/key-file.js', 'node:fs', 'node:perf_hooks']);
    expect(source).toContain("import('./app.js')");
    expect(source).toContain("import('./composition.js')");
  });
});
