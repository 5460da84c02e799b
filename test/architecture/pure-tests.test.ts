import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { impurity, pureTestFiles, reachesOut } from '../setup/pure-tests.js';
import { importGraph, ROOT } from './import-graph.js';

/**
 * The pure unit files run on the PGlite stage only (TEST_SKIP_PURE on .ci/run's PostgreSQL stage). A file that
 * touches a database must never be among them: checked here against the TypeScript parser's import graph (the
 * selection itself reads imports with a regular expression), and on made-up files for each way of reaching out.
 */
describe('pure unit test files (run once, on PGlite)', () => {
  const pure = pureTestFiles(ROOT);

  it('are the bulk of the files beside the code, and none of the files known to use a database or Redis', () => {
    expect(pure.length).toBeGreaterThan(50);
    for (const impure of ['src/vault/vault.test.ts', 'src/db/pool-mode.test.ts', 'src/http/rate-limit.test.ts'])
      expect(pure).not.toContain(impure);
    expect(pure.every((f) => f.startsWith('src/') && f.endsWith('.test.ts'))).toBe(true);
  });

  it('reach, by the TypeScript parser, no database or app entry point, no test helper, no service', () => {
    const { edges } = importGraph(ROOT, pure);
    const next = new Map<string, string[]>();
    for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const problems: string[] = [];
    for (const file of pure) {
      const seen = new Set<string>();
      const queue = [file];
      while (queue.length > 0) {
        const current = queue.pop()!;
        if (seen.has(current)) continue;
        seen.add(current);
        const why = reachesOut(current, readFileSync(join(ROOT, current), 'utf8'), current === file);
        if (why) problems.push(`${file}: ${why}`);
        queue.push(...(next.get(current) ?? []));
      }
    }
    expect(problems).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'pure-tests-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
    return join(dir, rel);
  };
  file('src/db/client.ts', 'export const connect = 1;\n');
  file('src/lib/rules.ts', "import type { X } from '../db/client.js';\nexport const f = 1;\n");
  file('src/lib/uses-db.ts', "import { connect } from '../db/client.js';\nexport const g = connect;\n");
  file('test/helpers/database.ts', 'export const testDb = 1;\n');

  it.each([
    ['type-only imports and plain rules', "import { f } from './rules.js';\n", undefined],
    ['a test helper', "import { testDb } from '../../test/helpers/database.js';\n", 'test/helpers/database.ts'],
    ['the database client, through another file', "import {\n  g,\n} from './uses-db.js';\n", 'src/db/client.ts'],
    ['a dynamic import', "const m = await import('./uses-db.js');\n", 'src/db/client.ts'],
    ['a re-export', "export * from './uses-db.js';\n", 'src/db/client.ts'],
    ['the environment', 'const url = process.env.DATABASE_URL;\n', 'DATABASE_URL'],
    ['a child process', "import { spawn } from 'node:child_process';\n", 'child_process'],
    ['Redis', "import { Redis } from 'ioredis';\n", 'ioredis'],
    ['an unresolvable import', "import { h } from './missing.js';\n", 'cannot resolve'],
  ])('%s', (name, text, reason) => {
    const why = impurity(dir, file(`src/lib/${name.replaceAll(/\W+/g, '-')}.test.ts`, text));
    if (reason === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(reason);
  });
});
