/**
 * Several rounds of one figure, reported as the median with the range (issue 28: "several rounds, median
 * shown with min-max"), and whether a target holds on the median. Pure: bench/rounds.test.ts.
 */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function spread(values: readonly number[]): Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...finite].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/** `0.83 (0.78-0.90)`; one round (or rounds that agree) shows the value alone. */
export function formatSpread(s: Spread, digits = 2): string {
  if (s.n === 0) return 'n/a';
  const f = (v: number) => v.toFixed(digits);
  return f(s.min) === f(s.max) ? f(s.median) : `${f(s.median)} (${f(s.min)}-${f(s.max)})`;
}

export interface Target {
  op: '>=' | '<=';
  value: number;
}

export const targetText = (t: Target) => `${t.op} ${t.value}`;

/** Met when the median is on the target's side (a round's spread is reported, not judged). */
export function meets(s: Spread, t: Target): boolean {
  if (s.n === 0) return false;
  return t.op === '>=' ? s.median >= t.value : s.median <= t.value;
}

/** Per round, a / b (rounds paired by index; a round missing either side is left out). */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (b[i]! > 0) out.push(a[i]! / b[i]!);
  return out;
}
