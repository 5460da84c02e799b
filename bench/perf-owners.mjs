// On-CPU time of one thread by owner, from `perf script` text: `node bench/perf-owners.mjs <perf.txt> <tid> [top]`.
//
// Why beside --cpu-prof: V8's profiler samples wall time, so a thread preempted inside a system call keeps being
// charged to that call. On this 2-core machine a `writev` to PostgreSQL wakes a backend that often takes the core at
// once, and --cpu-prof showed writev at 17-34% of a card create; perf's cpu-clock samples only count the thread
// while it runs. How (docs/performance.md, "On-CPU profiles"): start the servers with
// NODE_OPTIONS=--perf-basic-prof-only-functions (JIT frames get names), `perf record -F 499 -g -p <pid> -- sleep 10`
// during a closed-loop window, then `perf script -i perf.data --tid <tid> > perf.txt`.
//
// A sample's owner is its innermost JavaScript frame's package (node_modules/<pkg>), our module (dist/<dir>/<file>)
// or Node's module (node:<name>); native frames count toward the JavaScript that called them (a sample with none
// is named by its leaf). Optimized code inlines callees, so an owner includes what it inlined (pg's query
// serialization shows under drizzle-orm's execute, pg's parser under Node's readable stream).
import { readFileSync } from 'node:fs';

const [file, tid, topArg] = process.argv.slice(2);
if (!file || !tid) {
  process.stderr.write('usage: node bench/perf-owners.mjs <perf script output> <tid> [top]\n');
  process.exit(1);
}
const top = Number(topArg ?? 30);

/** @param {string} frame */
function ownerOf(frame) {
  const pkg = /file:\/\/\/\S*?\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame);
  if (pkg) return pkg[1];
  const ours = /file:\/\/\/\S*?\/(?:dist|src)\/([^/ :]+(\/[^/ :]+)?)/.exec(frame);
  if (ours) return `ours:${ours[1]}`;
  const node = /JS:\S* (node:[a-z_/]+)/.exec(frame);
  return node ? node[1] : null;
}

const owners = new Map();
let samples = 0;
let thread = null;
let stack = [];
const flush = () => {
  if (thread === tid && stack.length > 0) {
    samples++;
    const owner =
      stack.map(ownerOf).find((o) => o !== null) ??
      `native:${(stack[0] ?? '').trim().split(/\s+/)[1]?.split('+')[0] ?? '?'}`;
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
  }
  thread = null;
  stack = [];
};
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (line.trim() === '') flush();
  else if (/^\s/.test(line)) stack.push(line);
  else thread = line.trim().split(/\s+/)[1]?.split('/').pop() ?? null;
}
flush();
process.stdout.write(`${samples} samples of thread ${tid}\n`);
for (const [owner, n] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top))
  process.stdout.write(`${((100 * n) / samples).toFixed(1).padStart(5)}%  ${owner}\n`);
