import { cpus, loadavg } from 'node:os';
import { measure, type LoadOptions, type Measurement } from './harness.js';
import { formatSpread, meets, ratios, spread, targetText, type Spread, type Target } from './rounds.js';

/**
 * Issue 28's targets, every one a ratio against a baseline measured in the same run: closed-loop pairs
 * (platform, then its baseline, back to back) repeated for several rounds, the paced (open-loop) rows at 0.8 x
 * the baseline's closed-loop throughput of this run, and the report: per target the median over the rounds with
 * the min-max, and whether the median meets it.
 */

export interface Side {
  name: string;
  opts: LoadOptions;
}

/** One closed-loop figure: a platform side and its baseline, or a platform variant against another row. */
export interface PairSpec {
  key: string;
  platform: Side;
  /** Absent: a variant, compared with `against`'s platform side of the same round. */
  baseline?: Side;
  /** Runs before the pair in every round (e.g. picks the transactions a round's refunds refund). */
  before?: () => Promise<void>;
}

export interface PacedSpec {
  key: string;
  platform: Side;
  baseline: Side;
  /** The pair whose baseline's closed-loop throughput sets the offered rate. */
  rateFrom: string;
}

/** Every measurement of the run, by `<key>:platform` / `<key>:baseline`, one per round. */
export class Runs {
  readonly all = new Map<string, Measurement[]>();
  readonly rates = new Map<string, number>();

  add(id: string, m: Measurement): void {
    const list = this.all.get(id) ?? [];
    list.push(m);
    this.all.set(id, list);
  }

  get(id: string): Measurement[] {
    return this.all.get(id) ?? [];
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `rounds` rounds of every pair, platform then baseline (then the next pair), so a pair shares the machine's load. */
export async function closedLoopRounds(specs: PairSpec[], rounds: number, runs: Runs): Promise<void> {
  for (let round = 1; round <= rounds; round++) {
    for (const s of specs) {
      await s.before?.();
      const p = await measure(s.platform.name, s.platform.opts);
      runs.add(`${s.key}:platform`, p);
      let line = `round ${round} ${s.key}: platform ${p.rps} req/s`;
      if (s.baseline) {
        const b = await measure(s.baseline.name, s.baseline.opts);
        runs.add(`${s.key}:baseline`, b);
        line += `, baseline ${b.rps} req/s (${(p.rps / Math.max(1, b.rps)).toFixed(2)})`;
        if (p.cpuMsPerRequest !== undefined && b.cpuMsPerRequest !== undefined)
          line += `; CPU ms/req ${p.cpuMsPerRequest.toFixed(2)} / ${b.cpuMsPerRequest.toFixed(2)}`;
      }
      say(`${line}; load ${loadavg()[0]!.toFixed(1)}`);
    }
  }
}

/** The offered rate of a paced row: 0.8 x its baseline's median closed-loop req/s in this run. */
export function pacedRate(runs: Runs, pair: string): number {
  return Math.max(1, Math.round(0.8 * spread(runs.get(`${pair}:baseline`).map((m) => m.rps)).median));
}

export async function pacedRounds(specs: PacedSpec[], rounds: number, runs: Runs): Promise<void> {
  for (const s of specs) runs.rates.set(s.key, pacedRate(runs, s.rateFrom));
  for (let round = 1; round <= rounds; round++) {
    for (const s of specs) {
      const rate = runs.rates.get(s.key)!;
      const p = await measure(s.platform.name, { ...s.platform.opts, overallRate: rate });
      runs.add(`${s.key}:platform`, p);
      const b = await measure(s.baseline.name, { ...s.baseline.opts, overallRate: rate });
      runs.add(`${s.key}:baseline`, b);
      say(
        `round ${round} ${s.key} at ${rate} offered: platform ${p.rps} served, p99 ${p.p99} ms; baseline ${b.rps}, p99 ${b.p99} ms; load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
}

interface Row {
  label: string;
  values: number[];
  target: Target;
  digits?: number;
  /** Shown after the figure (e.g. the absolute values it is made of). */
  note?: string;
}

const rpsOf = (ms: Measurement[]) => ms.map((m) => m.rps);
const cpuOf = (ms: Measurement[]) => ms.map((m) => m.cpuMsPerRequest ?? Number.NaN);
const med = (values: number[], digits = 0) => formatSpread(spread(values), digits);

/** The target rows issue 28 names, from whatever of them this run measured. */
export function targetRows(runs: Runs, peakRssMb: number | undefined): Row[] {
  const rows: Row[] = [];
  const pair = (key: string, label: string, target: number) => {
    const p = runs.get(`${key}:platform`);
    const b = runs.get(`${key}:baseline`);
    if (p.length && b.length)
      rows.push({
        label,
        values: ratios(rpsOf(p), rpsOf(b)),
        target: { op: '>=', value: target },
        note: `${med(rpsOf(p))} / ${med(rpsOf(b))} req/s`,
      });
  };
  pair('card', 'card create, closed loop: platform / same SQL (+ the card opening)', 0.8);
  pair('pix', 'PIX create, closed loop: platform / same SQL (+ the QR PNG)', 0.8);
  pair('refund', 'refund create, closed loop: platform / its service on bare node:http', 0.8);
  pair('transfer', 'internal transfer, 100 origins, closed loop: platform / same SQL', 0.9);
  pair('merchant', 'merchant read, closed loop: platform / same SQL', 0.85);
  pair('onboarding', 'onboarding requirements read (10 rows), closed loop: platform / same SQL', 0.75);
  for (const key of ['card', 'pix']) {
    const p = runs.get(`${key}:platform`);
    const b = runs.get(`${key}:baseline`);
    if (p.length && b.length && p[0]!.cpuMsPerRequest !== undefined)
      rows.push({
        label: `${key === 'card' ? 'card' : 'PIX'} create: CPU per request, platform / baseline (all threads)`,
        values: ratios(cpuOf(p), cpuOf(b)),
        target: { op: '<=', value: 1.5 },
        note: `${med(cpuOf(p), 2)} / ${med(cpuOf(b), 2)} ms`,
      });
  }
  for (const [key, label] of [
    ['card-paced', 'card create'],
    ['pix-paced', 'PIX create'],
    ['hot-paced', 'hot account (1 origin)'],
  ] as const) {
    const p = runs.get(`${key}:platform`);
    const b = runs.get(`${key}:baseline`);
    const rate = runs.rates.get(key);
    if (!p.length || !b.length || !rate) continue;
    rows.push({
      label: `${label} at ${rate} offered (0.8 x baseline): served / offered`,
      values: rpsOf(p).map((v) => v / rate),
      target: { op: '>=', value: 0.99 },
      note: `baseline ${med(
        rpsOf(b).map((v) => v / rate),
        2,
      )}`,
    });
    rows.push({
      label: `${label} at ${rate} offered: p99 platform / baseline`,
      values: ratios(
        p.map((m) => m.p99),
        b.map((m) => m.p99),
      ),
      target: { op: '<=', value: 2 },
      note: `${med(
        p.map((m) => m.p99),
        1,
      )} / ${med(
        b.map((m) => m.p99),
        1,
      )} ms`,
    });
  }
  const card = runs.get('card:platform');
  for (const [key, label] of [
    ['request-id', 'card creates with a request_id / without'],
    ['three-ds', 'card creates with a 3DS session / without'],
  ] as const) {
    const v = runs.get(`${key}:platform`);
    if (v.length && card.length)
      rows.push({
        label,
        values: ratios(rpsOf(v), rpsOf(card)),
        target: { op: '>=', value: 0.9 },
        note: `${med(rpsOf(v))} / ${med(rpsOf(card))} req/s`,
      });
  }
  const hello = runs.get('hello:platform');
  if (hello.length && runs.get('hello:baseline').length)
    rows.push({
      label: 'Fastify hello / node:http hello',
      values: ratios(rpsOf(hello), rpsOf(runs.get('hello:baseline'))),
      target: { op: '>=', value: 0.9 },
    });
  if (peakRssMb !== undefined)
    rows.push({
      label: 'platform peak RSS over the run, real logins included (MB)',
      values: [peakRssMb],
      target: { op: '<=', value: 300 },
      digits: 0,
    });
  return rows;
}

/** Every measurement's median and range, and the target table, as markdown. */
export function targetLines(
  runs: Runs,
  o: {
    rounds: number;
    pacedRounds: number;
    durationSec: number;
    warmupSec: number;
    peakRssMb?: number;
    startLoad: string;
    logins?: Measurement;
  },
): string[] {
  const rows = targetRows(runs, o.peakRssMb);
  const figure = (r: Row) => formatSpread(spread(r.values), r.digits ?? 2);
  const lines = [
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PostgreSQL on loopback. Load average at the start ${o.startLoad}, at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}.`,
    `Closed loops: 32 connections, ${o.warmupSec} s warm-up then ${o.durationSec} s measured, platform then its baseline back to back, ${o.rounds} round(s); paced rows: ${o.pacedRounds} round(s) over 100 connections, latency from each request's due time (bench/paced.ts). Figures: median over the rounds (min-max).`,
    '',
    '| target | median (min-max) | target | met | made of |',
    '|---|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${figure(r)} | ${targetText(r.target)} | ${meets(spread(r.values), r.target) ? 'yes' : '**no**'} | ${r.note ?? ''} |`,
    ),
    '',
    '| measurement | rounds | req/s | p50 ms | p99 ms | CPU ms/req | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [id, ms] of runs.all) {
    const s = (f: (m: Measurement) => number, digits = 0): string => {
      const sp: Spread = spread(ms.map(f));
      return sp.n ? formatSpread(sp, digits) : '';
    };
    lines.push(
      `| ${ms[0]!.name} | ${ms.length} | ${s((m) => m.rps)} | ${s((m) => m.p50, 1)} | ${s((m) => m.p99, 1)} | ${s((m) => m.cpuMsPerRequest ?? Number.NaN, 2)} | ${ms.reduce((n, m) => n + m.errors, 0)} | ${ms.reduce((n, m) => n + m.non2xx, 0)} |`,
    );
    void id;
  }
  if (o.logins)
    lines.push(
      `| ${o.logins.name} | 1 | ${o.logins.rps} | ${o.logins.p50} | ${o.logins.p99} | | ${o.logins.errors} | ${o.logins.non2xx} |`,
    );
  return lines;
}
