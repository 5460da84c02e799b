import { winningRule, type RoutedPayment, type RoutingCondition } from './conditions.js';
import { ineligibilityReasons, type AccountSnapshot, type IneligibilityReason } from './eligibility.js';
import { strategyOrder, successRate, type Strategy, type WindowScore } from './strategies.js';

/** The organization's routing configuration (providers.md R6.2); version 0 is the one never saved. */
export interface RoutingConfiguration {
  version: number;
  seed: string;
  rules: readonly {
    id: string;
    name: string;
    priority: number;
    enabled: boolean;
    conditions: readonly RoutingCondition[];
    strategy: Strategy;
  }[];
  default_providers: readonly string[];
  failover: { enabled: boolean; max_attempts: number; on_generic_decline: boolean };
}

export const DEFAULT_FAILOVER = { enabled: true, max_attempts: 3, on_generic_decline: false } as const;

export type CandidateSource = 'EXPLICIT' | 'RULE' | 'FALLBACK' | 'DEFAULT_LIST' | 'AFFILIATION_ORDER';
export type RoutingReason =
  'EXPLICIT' | 'RULE' | 'RULE_WARMUP' | 'RULE_EXPLORATION' | 'FALLBACK' | 'DEFAULT_LIST' | 'AFFILIATION_ORDER';
export type DecisionStrategy =
  'EXPLICIT' | 'PRIORITY' | 'VOLUME' | 'SUCCESS_RATE' | 'DEFAULT_LIST' | 'AFFILIATION_ORDER';

export interface DecisionCandidate {
  provider: string;
  provider_account_id: string | null;
  source: CandidateSource;
  routing_reason: RoutingReason;
  eligible: boolean;
  reasons: IneligibilityReason[];
  percentage: number | null;
  score: { samples: number; successes: number; success_rate: number | null } | null;
}

/** One routing decision: what `POST /v1/routing/decide` answers and what a create's attempts follow (R6.6, R6.9). */
export interface RoutingDecision {
  configuration_version: number;
  rule_id: string | null;
  strategy: DecisionStrategy;
  draw: number | null;
  candidates: DecisionCandidate[];
  /** The eligible candidates a create calls, in order, at most `failover.max_attempts` (1 without failover). */
  attempt_order: DecisionCandidate[];
  selected: string | null;
}

export interface DecisionInput {
  configuration: RoutingConfiguration;
  payment: RoutedPayment;
  /** The draw's key: the create's `request_id`, else the transaction id (R6.4). */
  key: string;
  /** The payment's explicit `provider` (uppercase), bypassing rules but not eligibility. */
  explicit: string | null;
  /** Every account a candidate may name, by name. A name without a snapshot is an unknown account (ineligible). */
  accounts: ReadonlyMap<string, AccountSnapshot>;
  /** The paying company's ACTIVE affiliations' accounts, oldest affiliation first (R6.6.4). */
  affiliationOrder: readonly string[];
  /** SUCCESS_RATE windows of this organization and payment method, by account name. */
  scores: ReadonlyMap<string, WindowScore>;
}

const UNKNOWN_ACCOUNT: IneligibilityReason[] = ['ACCOUNT_NOT_ALLOWED'];

/**
 * R6.6 as one pure function of (configuration, eligibility snapshot, windows, key): the same input always gives
 * the same decision, and no ineligible account ever enters the attempt order.
 */
export function decideRoute(input: DecisionInput): RoutingDecision {
  const { configuration, payment } = input;
  const reasonsOf = (provider: string) => {
    const account = input.accounts.get(provider);
    return account ? ineligibilityReasons(account, payment) : UNKNOWN_ACCOUNT;
  };
  const eligible = (provider: string) => reasonsOf(provider).length === 0;
  const candidate = (
    provider: string,
    source: CandidateSource,
    routing_reason: RoutingReason,
    strategy?: Strategy,
  ): DecisionCandidate => {
    const reasons = reasonsOf(provider);
    const split = strategy?.type === 'VOLUME' ? strategy.splits.find((s) => s.provider === provider) : undefined;
    const score =
      strategy?.type === 'SUCCESS_RATE' ? (input.scores.get(provider) ?? { samples: 0, successes: 0 }) : undefined;
    return {
      provider,
      provider_account_id: input.accounts.get(provider)?.provider_account_id ?? null,
      source,
      routing_reason,
      eligible: reasons.length === 0,
      reasons,
      percentage: split?.percentage ?? null,
      score: score ? { ...score, success_rate: roundRate(successRate(score)) } : null,
    };
  };
  const finish = (
    strategy: DecisionStrategy,
    candidates: DecisionCandidate[],
    extra: { rule_id?: string | null; draw?: number | null; version?: number; maxAttempts?: number },
  ): RoutingDecision => {
    const failover = configuration.failover;
    const maxAttempts = extra.maxAttempts ?? (failover.enabled ? failover.max_attempts : 1);
    const attempt_order = candidates.filter((c) => c.eligible).slice(0, maxAttempts);
    return {
      configuration_version: extra.version ?? configuration.version,
      rule_id: extra.rule_id ?? null,
      strategy,
      draw: extra.draw ?? null,
      candidates,
      attempt_order,
      selected: attempt_order[0]?.provider ?? null,
    };
  };

  if (input.explicit !== null) {
    return finish('EXPLICIT', [candidate(input.explicit, 'EXPLICIT', 'EXPLICIT')], { version: 0, maxAttempts: 1 });
  }
  const rule = winningRule(configuration.rules, payment);
  if (rule) {
    const { order, draw } = strategyOrder({
      strategy: rule.strategy,
      seed: configuration.seed,
      key: input.key,
      eligible,
      scores: input.scores,
    });
    const listed = new Set(order.map((o) => o.provider));
    const candidates = [
      ...order.map((o) => candidate(o.provider, 'RULE', o.reason, rule.strategy)),
      ...configuration.default_providers.filter((p) => !listed.has(p)).map((p) => candidate(p, 'FALLBACK', 'FALLBACK')),
    ];
    return finish(rule.strategy.type, candidates, { rule_id: rule.id, draw });
  }
  if (configuration.default_providers.length > 0) {
    return finish(
      'DEFAULT_LIST',
      configuration.default_providers.map((p) => candidate(p, 'DEFAULT_LIST', 'DEFAULT_LIST')),
      {},
    );
  }
  return finish(
    'AFFILIATION_ORDER',
    input.affiliationOrder.map((p) => candidate(p, 'AFFILIATION_ORDER', 'AFFILIATION_ORDER')),
    {},
  );
}

/** R6.10: success rates with 4 decimals. */
export const roundRate = (rate: number | null) => (rate === null ? null : Math.round(rate * 10_000) / 10_000);

/**
 * The `409` of a create or 3DS session that found no account (R6.5): the explicit provider's first reason, or
 * `NO_ELIGIBLE_PROVIDER` with every candidate's reasons. Null when the decision has an attempt to make.
 */
export function noEligibleProvider(decision: RoutingDecision): {
  value: string | null;
  reason: string;
  candidates?: { provider: string; reasons: IneligibilityReason[] }[];
} | null {
  if (decision.attempt_order.length > 0) return null;
  const explicit = decision.strategy === 'EXPLICIT' ? decision.candidates[0] : undefined;
  if (explicit) return { value: explicit.provider, reason: explicit.reasons[0] ?? 'NO_ELIGIBLE_PROVIDER' };
  return {
    value: null,
    reason: 'NO_ELIGIBLE_PROVIDER',
    candidates: decision.candidates.map((c) => ({ provider: c.provider, reasons: c.reasons })),
  };
}
