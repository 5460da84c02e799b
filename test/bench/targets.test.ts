import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../bench/harness.js';
import { pacedRate, Runs, targetLines, targetRows } from '../../bench/targets.js';

/** The bench's report from measurements (no servers): which rows a run yields and how each is judged. */
const m = (name: string, rps: number, extra: Partial<Measurement> = {}): Measurement => ({
  name,
  rps,
  p50: 10,
  p99: 40,
  errors: 0,
  non2xx: 0,
  ...extra,
});

function sampleRuns(): Runs {
  const runs = new Runs();
  for (const [p, b] of [
    [400, 500],
    [420, 480],
    [300, 500],
  ] as const) {
    runs.add('card:platform', m('card', p, { cpuMsPerRequest: 1.5 }));
    runs.add('card:baseline', m('card baseline', b, { cpuMsPerRequest: 1 }));
    runs.add('request-id:platform', m('card with request_id', p * 0.95));
    runs.add('merchant:platform', m('merchant', 900));
    runs.add('merchant:baseline', m('merchant baseline', 1000));
  }
  runs.rates.set('card-paced', pacedRate(runs, 'card'));
  runs.add('card-paced:platform', m('card paced', runs.rates.get('card-paced')!, { p99: 100 }));
  runs.add('card-paced:baseline', m('card paced baseline', runs.rates.get('card-paced')!, { p99: 40 }));
  return runs;
}

describe('bench targets', () => {
  it('the paced rate is 0.8 x the baseline median closed-loop req/s', () => {
    expect(pacedRate(sampleRuns(), 'card')).toBe(400);
  });

  it('rows: ratios per round, the median judged against its target', () => {
    const rows = targetRows(sampleRuns(), 280);
    const by = (start: string) => rows.find((r) => r.label.startsWith(start))!;
    expect(by('card create, closed loop').values).toEqual([0.8, 0.875, 0.6]);
    expect(by('merchant read').values).toEqual([0.9, 0.9, 0.9]);
    expect(by('card create: CPU per request').values).toEqual([1.5, 1.5, 1.5]);
    expect(by('card create at 400 offered (0.8 x baseline): served').values).toEqual([1]);
    expect(by('card create at 400 offered: p99').values).toEqual([2.5]);
    expect(by('card creates with a request_id').values.map((v) => v.toFixed(2))).toEqual(['0.95', '0.95', '0.95']);
    expect(rows.some((r) => r.label.startsWith('PIX'))).toBe(false);
  });

  it('lines: a target table with median (min-max) and a measurement table', () => {
    const lines = targetLines(sampleRuns(), {
      rounds: 3,
      pacedRounds: 1,
      durationSec: 5,
      warmupSec: 2,
      peakRssMb: 280,
      startLoad: '0.1, 0.2, 0.3',
    });
    expect(lines).toContain(
      '| card create, closed loop: platform / same SQL (+ the card opening) | 0.80 (0.60-0.88) | >= 0.8 | yes | 400 (300-420) / 500 (480-500) req/s |',
    );
    expect(lines.find((l) => l.startsWith('| card create at 400 offered: p99'))).toContain('| **no** |');
    expect(lines.find((l) => l.startsWith('| platform peak RSS'))).toContain('| 280 | <= 300 | yes |');
    expect(lines.find((l) => l.startsWith('| card | 3 |'))).toBe(
      '| card | 3 | 400 (300-420) | 10.0 | 40.0 | 1.50 | 0 | 0 |',
    );
  });
});
