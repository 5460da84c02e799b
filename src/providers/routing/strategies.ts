import { drawUnit } from './draw.js';

/** A rule's strategy (providers.md R6.4), as stored with the configuration. */
export type Strategy =
  | { type: 'PRIORITY'; providers: readonly string[] }
  | { type: 'VOLUME'; splits: readonly { provider: string; percentage: number }[] }
  | {
      type: 'SUCCESS_RATE';
      providers: readonly string[];
      window_size: number;
      min_samples: number;
      exploration_percent: number;
      latency_threshold_ms: number | null;
    };

/** A candidate's success-rate window (R6.10) for this organization, account and payment method. */
export interface WindowScore {
  samples: number;
  successes: number;
}

export type RuleReason = 'RULE' | 'RULE_WARMUP' | 'RULE_EXPLORATION';

/** The strategy's candidates in attempt order (ineligible ones included, ordered as if eligible) and the draw used. */
export interface StrategyOrder {
  order: { provider: string; reason: RuleReason }[];
  draw: number | null;
}

export interface StrategyInput {
  strategy: Strategy;
  seed: string;
  key: string;
  eligible: (provider: string) => boolean;
  /** SUCCESS_RATE only: the window of each candidate (absent: no samples). */
  scores?: ReadonlyMap<string, WindowScore>;
}

/** The outcomes of one window: the last `windowSize`, a success only within `latencyThresholdMs` when set. */
export function windowScore(
  outcomes: readonly { success: boolean; latency_ms: number | null }[],
  windowSize: number,
  latencyThresholdMs: number | null,
): WindowScore {
  const last = outcomes.slice(-windowSize);
  const fast = (latency: number | null) =>
    latencyThresholdMs === null || (latency !== null && latency <= latencyThresholdMs);
  return { samples: last.length, successes: last.filter((o) => o.success && fast(o.latency_ms)).length };
}

export const successRate = (score: WindowScore | undefined): number | null =>
  score && score.samples > 0 ? score.successes / score.samples : null;

function first(order: readonly string[], chosen: string | undefined, reason: RuleReason): StrategyOrder['order'] {
  const rest = order.filter((p) => p !== chosen).map((provider) => ({ provider, reason: 'RULE' as const }));
  return chosen === undefined ? rest : [{ provider: chosen, reason }, ...rest];
}

function volume(input: StrategyInput, splits: Extract<Strategy, { type: 'VOLUME' }>['splits']): StrategyOrder {
  const draw = drawUnit(input.seed, input.key);
  const eligible = splits.filter((s) => input.eligible(s.provider));
  const total = eligible.reduce((sum, s) => sum + s.percentage, 0);
  let cumulative = 0;
  const chosen = eligible.find((s) => draw * total < (cumulative += s.percentage))?.provider;
  // Stable sort: ties keep the array order.
  const byShare = [...splits].sort((a, b) => b.percentage - a.percentage).map((s) => s.provider);
  return { order: first(byShare, chosen, 'RULE'), draw };
}

function successRateOrder(input: StrategyInput, strategy: Extract<Strategy, { type: 'SUCCESS_RATE' }>): StrategyOrder {
  const score = (p: string) => input.scores?.get(p);
  const warm = (p: string) => (score(p)?.samples ?? 0) >= strategy.min_samples;
  const rate = (p: string) => successRate(score(p)) ?? 0;
  // Rate descending, candidates without enough samples last, ties in `providers` order (a stable sort).
  const ranked = [...strategy.providers].sort(
    (a, b) => Number(warm(b)) - Number(warm(a)) || (warm(a) ? rate(b) - rate(a) : 0),
  );
  const eligible = strategy.providers.filter(input.eligible);
  const coldEligible = eligible.find((p) => !warm(p));
  if (coldEligible !== undefined) return { order: first(ranked, coldEligible, 'RULE_WARMUP'), draw: null };
  const best = ranked.find(input.eligible);
  if (best === undefined || strategy.exploration_percent === 0)
    return { order: first(ranked, best, 'RULE'), draw: null };
  const draw = drawUnit(input.seed, input.key);
  const others = eligible.filter((p) => p !== best);
  if (draw < strategy.exploration_percent / 100 && others.length > 0) {
    const explored = others[Math.floor(drawUnit(input.seed, `${input.key}:explore`) * others.length)]!;
    return { order: first(ranked, explored, 'RULE_EXPLORATION'), draw };
  }
  return { order: first(ranked, best, 'RULE'), draw };
}

/** R6.4 and R6.6.2: the strategy's first choice among the eligible candidates, then the rest in its order. */
export function strategyOrder(input: StrategyInput): StrategyOrder {
  const { strategy } = input;
  switch (strategy.type) {
    case 'PRIORITY': {
      const chosen = strategy.providers.find(input.eligible);
      return { order: first(strategy.providers, chosen, 'RULE'), draw: null };
    }
    case 'VOLUME':
      return volume(input, strategy.splits);
    case 'SUCCESS_RATE':
      return successRateOrder(input, strategy);
  }
}
