/**
 * Prints the import graph's numbers (docs/decisions/payments.md): `npx tsx scripts/import-graph.ts [repo root]`.
 * With `--area <name>` it lists that area's arrows; with `--cycles` the members of every cycle.
 */
import { resolve } from 'node:path';
import { graphNumbers, ROOT } from '../test/architecture/import-graph.js';

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
