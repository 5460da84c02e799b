import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The vault holds the private keys and decrypts (payments.md P6). Only the composition root (composition.ts, server.ts) and provider adapters
 * may import it (areas check stored numbers through the `StoredCardNumbers` port, adapter in src/vault); a new import anywhere else fails here, by file and line.
 * The PCI host keeps no data: nothing under src/pci/ may reach the database or the vault.
 */
const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

const VAULT_IMPORTERS = [/^src\/vault\//, /^src\/server\.ts$/, /^src\/composition\.ts$/, /^src\/providers\//];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import (static, dynamic, type-only, re-export) of a file, resolved to a path under the repo. */
export function importsOf(file: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
        out.push({ line: i + 1, target: relative(ROOT, resolve(dirname(file), m[1])).replace(/\.js$/, '.ts') });
      }
    });
  return out;
}

const sourceFiles = () =>
  files(SRC)
    .filter((f) => !f.endsWith('.test.ts'))
    .map((f) => ({ file: f, rel: relative(ROOT, f) }));

describe('architecture', () => {
  it('only the composition root, provider adapters and the stored-card verifier import the vault', () => {
    const offenders: string[] = [];
    for (const { file, rel } of sourceFiles()) {
      if (VAULT_IMPORTERS.some((re) => re.test(rel))) continue;
      for (const { line, target } of importsOf(file))
        if (target.startsWith('src/vault')) offenders.push(`${rel}:${line} imports ${target}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees an offending import (control)', () => {
    const probe = join(SRC, 'modules/companies/companies.service.ts');
    const fake = importsOf(probe).map((i) => i.target);
    expect(fake.length).toBeGreaterThan(0);
    // A file importing the vault is found by the same parser.
    const root = importsOf(join(SRC, 'composition.ts')).map((i) => i.target);
    expect(root).toContain('src/vault/index.ts');
  });

  it('the PCI host reaches neither the database nor the vault', () => {
    const offenders: string[] = [];
    const pci = sourceFiles().filter(({ rel }) => rel.startsWith('src/pci/'));
    expect(pci.length).toBeGreaterThan(0);
    for (const { file, rel } of pci) {
      for (const { line, target } of importsOf(file)) {
        if (/^src\/(db|vault)\//.test(target) || target.startsWith('src/modules/'))
          offenders.push(`${rel}:${line} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
