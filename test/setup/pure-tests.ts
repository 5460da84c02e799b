import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The pure unit test files (docs/decisions/testing.md): files beside the code (`src/**\/*.test.ts`) that can reach
 * no database, no Redis, no server and no child process, so they answer the same on PGlite and on PostgreSQL and
 * `.ci/run` runs them once (TEST_SKIP_PURE on its PostgreSQL stage). Derived, never listed: a file is pure when
 * nothing it imports, followed through every relative import (type-only imports aside), is a database or app
 * entry point or a test helper, and none of those files names the environment's services or spawns a process.
 * Anything unsure counts as impure (it then runs on both databases, as before).
 */
const ENTRY_POINTS = [
  /^src\/db\/client\.ts$/,
  /^src\/db\/migrate\.ts$/,
  /^src\/composition\.ts$/,
  /^src\/app\.ts$/,
  /^src\/server\.ts$/,
  /^src\/worker\.ts$/,
  /^test\//,
];
/** Text that reaches the environment: the services' URLs, their clients, process spawning. */
const REACHES_OUT =
  /DATABASE_URL|REDIS_URL|TEST_PG|@electric-sql\/pglite|from 'pg'|from 'ioredis'|child_process|openDatabase|buildDependencies/;

const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate;
  }
  return undefined;
}

/** Why a file reached from a test makes it impure (`rel` repo-relative), or undefined. */
export function reachesOut(rel: string, text: string, isTestItself: boolean): string | undefined {
  if (!isTestItself && ENTRY_POINTS.some((p) => p.test(rel))) return `imports ${rel}`;
  const out = REACHES_OUT.exec(text);
  return out ? `${rel} names ${out[0]}` : undefined;
}

/** Why `file` (absolute) is not pure, or undefined when it is. */
export function impurity(root: string, file: string): string | undefined {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const rel = relative(root, current).replaceAll('\\', '/');
    const text = readFileSync(current, 'utf8');
    const why = reachesOut(rel, text, current === file);
    if (why) return why;
    for (const pattern of [IMPORT, DYNAMIC_IMPORT]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(current, match[1]!);
        if (!target) return `${rel}: cannot resolve ${match[1]}`;
        queue.push(target);
      }
    }
  }
  return undefined;
}

function testFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(path));
    else if (entry.name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The pure unit test files, relative to `root` (forward slashes), sorted. */
export function pureTestFiles(root: string): string[] {
  return testFilesUnder(join(root, 'src'))
    .filter((file) => impurity(root, file) === undefined)
    .map((file) => relative(root, file).replaceAll('\\', '/'))
    .sort();
}
