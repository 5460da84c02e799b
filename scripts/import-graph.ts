/**
 * Prints the import graph's numbers (docs/decisions/payments.md): `npx tsx scripts/import-graph.ts [repo root]`.
 * With `--area <name>` it lists that area's arrows; with `--cycles` the members of every cycle; with `--arrows`
 * the arrows inside each area cycle, each with the import lines that draw it (`(type)` marks type-only ones), the
 * arrows drawn by fewest lines first: those are the cheapest to turn around.
 */
import { resolve } from 'node:path';
import { areaOf, graphNumbers, ROOT } from '../test/architecture/import-graph.js';

const args = process.argv.slice(2);
const root = args[0] && !args[0].startsWith('--') ? resolve(args[0]) : ROOT;
const n = graphNumbers(root);
const inArea = (a: string) => (p: string) => p === a || p.startsWith(a);
console.log(
  JSON.stringify({
    files: n.files,
    lines: n.lines,
    areas: n.areas,
    arrows: n.arrows,
    areaCycles: n.areaCycles.length,
    areasInCycles: n.areaCycles.reduce((s, c) => s + c.length, 0),
    fileCycles: n.fileCycles.length,
    filesInCycles: n.fileCycles.reduce((s, c) => s + c.length, 0),
    paymentsLines: undefined,
  }),
);
if (args.includes('--cycles')) {
  for (const c of n.areaCycles) console.log('area cycle:', c.join(' '));
  for (const c of n.fileCycles) console.log('file cycle:', c.join(' '));
}
const ai = args.indexOf('--area');
if (ai >= 0) {
  const a = args[ai + 1]!;
  for (const [from, tos] of n.arrowsMap) if (inArea(a)(from)) console.log(from, '->', [...tos].sort().join(' '));
  for (const [from, tos] of n.arrowsMap) if ([...tos].includes(a)) console.log('  <-', from);
}
if (args.includes('--arrows')) {
  for (const c of n.areaCycles) {
    const members = new Set(c);
    const lines = new Map<string, string[]>();
    for (const e of n.edges) {
      const a = areaOf(e.from);
      const b = areaOf(e.to);
      if (a === b || !members.has(a) || !members.has(b)) continue;
      const k = `${a} -> ${b}`;
      lines.set(k, [...(lines.get(k) ?? []), `${e.from}:${e.line} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`]);
    }
    console.log(`area cycle of ${c.length}: ${lines.size} arrows`);
    for (const [k, ls] of [...lines].sort((x, y) => x[1].length - y[1].length || x[0].localeCompare(y[0]))) {
      console.log(`${k} (${ls.length})`);
      for (const l of ls) console.log(`    ${l}`);
    }
  }
}
