import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { MEASUREMENT_TABLE_HEAD, measurementRow, type Measurement } from './harness.js';
import { CARDS_END, CARDS_START } from './cards.js';
import { MONEY_END, MONEY_START } from './settlement.js';

/** How npm run bench reports: the figures printed, and docs/performance.md rewritten above its analysis. */
const DOC = 'docs/performance.md';
const ANALYSIS_HEADING = '## Analysis';

export interface RunFigures {
  results: Measurement[];
  hotRate: number;
  durationSec: number;
  rounds: number;
  pgTps: number;
  pgTransferTps: number;
  peakRss: number;
  startLoad: string;
  txLines: string[];
  moneyLines: string[];
  cardLines: string[];
  providerLines?: string[];
}

const find = (results: Measurement[], prefix: string) => results.find((r) => r.name.startsWith(prefix));

/** A partial run (BENCH_ONLY) prints its figures and the ratios it can compute, and leaves the document alone. */
export function printPartial(f: RunFigures, withPgbench: boolean): void {
  const out: string[] = f.results.map((r) => measurementRow(r));
  const pairs: [string, string, string][] = [
    ['Fastify hello / node', 'Fastify', 'node:http'],
    ['(a) platform / same SQL', '(a) GET', '(a) baseline'],
    ['(b) platform / same SQL', '(b) POST', '(b) baseline'],
    ['(c) platform / same SQL', '(c) GET', '(c) baseline'],
  ];
  for (const [label, a, b] of pairs) {
    const x = find(f.results, a);
    const y = find(f.results, b);
    if (x && y) out.push(`${label}: ${(x.rps / y.rps).toFixed(2)}`);
  }
  const hot = find(f.results, '(e) hot');
  if (hot) out.push(`(e) served/offered: ${(hot.rps / f.hotRate).toFixed(2)}, p99 ${hot.p99} ms`);
  if (withPgbench) out.push(`pgbench merchant ${f.pgTps} tps, transfer ${f.pgTransferTps} tps`);
  out.push(...f.txLines, ...f.moneyLines, ...(f.providerLines ?? []));
  out.push(
    `peak RSS ${f.peakRss} MB; load average at the start ${f.startLoad}, at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

/** The figures section of a full run. */
export function fullRunLines(f: RunFigures): string[] {
  const by = (prefix: string) => find(f.results, prefix)!;
  const ratio = (a: Measurement, b: Measurement) => (a.rps / b.rps).toFixed(2);
  return [
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PostgreSQL on loopback.`,
    `Command: \`npm run bench\` (BENCH_DURATION_SEC=${f.durationSec}; 3 s warm-up, then ${f.durationSec} s measured; 32 connections, no pipelining; rows "at N offered" send N requests per second evenly spaced over 100 connections, latency counted from each request's due time (bench/paced.ts); (a) and (b) measured back to back with their baseline, ${f.rounds} round(s), median shown). Load average at the start: ${f.startLoad}.`,
    '',
    ...MEASUREMENT_TABLE_HEAD,
    ...f.results.map((r) => measurementRow(r)),
    `| (a) pgbench, same statement (20 clients) | ${f.pgTps} tps | | | | |`,
    `| (e) pgbench, the transfer transaction on one origin row (20 clients) | ${f.pgTransferTps} tps | | | | |`,
    '',
    '| ratio | value | target |',
    '|---|---:|---:|',
    `| Fastify hello / node:http hello | ${ratio(by('Fastify'), by('node:http'))} | >= 0.9 |`,
    `| (a) platform / same-SQL baseline | ${ratio(by('(a) GET'), by('(a) baseline'))} | >= 0.8 |`,
    `| (c) platform / same-SQL baseline | ${ratio(by('(c) GET'), by('(c) baseline'))} | >= 0.6 |`,
    `| (b) 100 origins: platform / same-SQL baseline | ${ratio(by('(b) POST'), by('(b) baseline'))} | >= 0.8 |`,
    `| (e) hot account: served / offered | ${(by('(e) hot').rps / f.hotRate).toFixed(2)} (${by('(e) hot').rps} of ${f.hotRate} req/s) | >= 0.99 |`,
    `| (e) hot account: p99 | ${by('(e) hot').p99} ms | < 50 ms |`,
    `| (e) same SQL batched as the platform batches: served / offered, p99 | ${(by('(e) baseline: same SQL, 1 origin at 1000 offered, batched').rps / f.hotRate).toFixed(2)}, ${by('(e) baseline: same SQL, 1 origin at 1000 offered, batched').p99} ms | (reference: the machine's ceiling) |`,
    `| (e) same SQL without batching: served / offered, p99 | ${(by('(e) baseline: same SQL, 1 origin at 1000 offered, no batching').rps / f.hotRate).toFixed(2)}, ${by('(e) baseline: same SQL, 1 origin at 1000 offered, no batching').p99} ms | (reference) |`,
    `| (d) logins per second | ${by('(d) POST').rps} (${(by('(d) POST').rps / cpus().length).toFixed(0)} per core) | bounded by argon2id |`,
    '',
    `Platform peak resident memory during the run: ${f.peakRss} MB (target < 300 MB).`,
    '',
    ...f.txLines,
    '',
    MONEY_START,
    ...f.moneyLines,
    MONEY_END,
    '',
    CARDS_START,
    ...f.cardLines,
    CARDS_END,
    ...(f.providerLines?.length ? ['', ...f.providerLines] : []),
  ];
}

/** The figures are rewritten on every full run; the hand-written analysis after them is kept. */
export function writePerformanceDoc(lines: string[]): void {
  const previous = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  const analysis = previous.includes(ANALYSIS_HEADING) ? previous.slice(previous.indexOf(ANALYSIS_HEADING)) : '';
  writeFileSync(
    DOC,
    `# Performance\n\nOne run of \`npm run bench\`, figures side by side with their baselines.\n\n${lines.join('\n')}\n\n${analysis}`,
  );
}

/** BENCH_ONLY=cards: rewrites only the card-data section of docs/performance.md. */
export function writeCardSection(card: string[]): void {
  const previous = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Performance\n';
  const section = [CARDS_START, ...card, CARDS_END].join('\n');
  const next = previous.includes(CARDS_START)
    ? previous.slice(0, previous.indexOf(CARDS_START)) +
      section +
      previous.slice(previous.indexOf(CARDS_END) + CARDS_END.length)
    : previous.includes(ANALYSIS_HEADING)
      ? previous.replace(ANALYSIS_HEADING, `${section}\n\n${ANALYSIS_HEADING}`)
      : `${previous}\n${section}\n`;
  writeFileSync(DOC, next);
}
