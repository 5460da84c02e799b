import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under src/ (unit tests beside the code excluded: tests may read the wall clock). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const root = join(import.meta.dirname, '../..');
const files = sourceFiles(join(root, 'src')).map((f) => ({
  path: relative(root, f).replaceAll('\\', '/'),
  text: readFileSync(f, 'utf8'),
}));

describe('architecture', () => {
  it('reads the wall clock only in src/jobs/ and the clock (src/kernel/clock.ts; everything else is handed a Clock)', () => {
    const offenders = files
      .filter((f) => !f.path.startsWith('src/jobs/') && f.path !== 'src/kernel/clock.ts')
      .flatMap((f) => f.text.split('\n').map((line, i) => ({ where: `${f.path}:${i + 1}`, line })))
      .filter(({ line }) => /new Date\(\s*\)|Date\.now\(\s*\)/.test(line))
      .map(({ where }) => where);
    expect(offenders).toEqual([]);
  });

  it('no area imports app.ts or the composition root (they are handed their dependencies)', () => {
    const offenders = files
      .filter((f) => f.path.startsWith('src/modules/'))
      .filter((f) => /from '(\.\.\/)+(app|composition)\.js'/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('starts no timer in route plugins or the app: background work starts in the composition root', () => {
    const offenders = files
      .filter((f) => f.path.endsWith('.routes.ts') || f.path === 'src/app.ts' || f.path.endsWith('.service.ts'))
      .filter((f) => /\bset(Interval|Timeout)\(/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});
