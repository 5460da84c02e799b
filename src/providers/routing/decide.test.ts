import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RoutedPayment } from './conditions.js';
import {
  decideRoute,
  DEFAULT_FAILOVER,
  noEligibleProvider,
  type DecisionInput,
  type RoutingConfiguration,
} from './decide.js';
import { drawUnit } from './draw.js';
import type { AccountSnapshot } from './eligibility.js';
import type { Strategy } from './strategies.js';

const SANDBOX_CAPS = {
  payment_methods: ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'],
  card_brands: ['VISA', 'MASTERCARD', 'ELO'],
  max_installments: 12,
  capture_modes: ['AUTOMATIC', 'MANUAL'],
  three_ds_sessions: true,
  external_three_ds: true,
  network_tokens: true,
  pix_due_date: true,
};

function account(provider: string, overrides: Partial<AccountSnapshot> = {}): AccountSnapshot {
  return {
    provider,
    provider_account_id: `id-${provider}`,
    connector: 'SANDBOX',
    status: 'ACTIVE',
    allowed: true,
    capabilities: SANDBOX_CAPS,
    affiliation: { status: 'ACTIVE', card_brands: [] },
    circuit: { state: 'CLOSED', probe_in_flight: false },
    ...overrides,
  };
}

const payment: RoutedPayment = {
  payment_method: 'CREDIT_CARD',
  amount: 10_000,
  installments: 1,
  company_id: 'c0ffee00-0000-4000-8000-000000000001',
  capture: true,
  card: { brand: 'VISA', bin: '41111111' },
  three_ds: null,
  pix_due_date: false,
  wallet_token: false,
};

function config(strategy: Strategy | null, extra: Partial<RoutingConfiguration> = {}): RoutingConfiguration {
  return {
    version: 3,
    seed: 'seed-1',
    rules: strategy ? [{ id: 'rule-1', name: 'all', priority: 0, enabled: true, conditions: [], strategy }] : [],
    default_providers: [],
    failover: { ...DEFAULT_FAILOVER },
    ...extra,
  };
}

function input(configuration: RoutingConfiguration, overrides: Partial<DecisionInput> = {}): DecisionInput {
  const accounts = new Map(['A', 'B', 'C'].map((p) => [p, account(p)]));
  return {
    configuration,
    payment,
    key: 'req-1',
    explicit: null,
    accounts,
    affiliationOrder: ['B', 'A'],
    scores: new Map(),
    ...overrides,
  };
}

const names = (d: { attempt_order: { provider: string }[] }) => d.attempt_order.map((c) => c.provider);

describe('decideRoute (R6.6)', () => {
  it('PRIORITY: list order, ineligible removed, fallback after, max_attempts cut', () => {
    const accounts = new Map([
      ['A', account('A', { status: 'DISABLED' })],
      ['B', account('B')],
      ['C', account('C')],
      ['D', account('D')],
    ]);
    const d = decideRoute(
      input(config({ type: 'PRIORITY', providers: ['A', 'B', 'C'] }, { default_providers: ['D', 'B'] }), { accounts }),
    );
    expect(d).toMatchObject({
      strategy: 'PRIORITY',
      rule_id: 'rule-1',
      configuration_version: 3,
      draw: null,
      selected: 'B',
    });
    expect(names(d)).toEqual(['B', 'C', 'D']);
    expect(d.candidates.map((c) => [c.provider, c.source, c.routing_reason, c.reasons])).toEqual([
      ['B', 'RULE', 'RULE', []],
      ['A', 'RULE', 'RULE', ['ACCOUNT_DISABLED']],
      ['C', 'RULE', 'RULE', []],
      ['D', 'FALLBACK', 'FALLBACK', []],
    ]);
    const single = decideRoute(
      input(
        config(
          { type: 'PRIORITY', providers: ['B', 'C'] },
          { failover: { enabled: false, max_attempts: 3, on_generic_decline: false } },
        ),
      ),
    );
    expect(names(single)).toEqual(['B']);
  });

  it('VOLUME: the first i with u * T < c_i among eligible splits, then percentage descending', () => {
    const strategy: Strategy = {
      type: 'VOLUME',
      splits: [
        { provider: 'A', percentage: 30 },
        { provider: 'B', percentage: 70 },
      ],
    };
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) {
      const u = drawUnit('seed-1', key);
      const d = decideRoute(input(config(strategy), { key }));
      expect(d.draw).toBe(u);
      expect(d.selected).toBe(u * 100 < 30 ? 'A' : 'B');
      expect(names(d)).toEqual(u * 100 < 30 ? ['A', 'B'] : ['B', 'A']);
      expect(d.candidates.find((c) => c.provider === 'A')?.percentage).toBe(30);
    }
  });

  it('SUCCESS_RATE: warm-up in order, then the best rate, exploration by the second draw', () => {
    const strategy: Strategy = {
      type: 'SUCCESS_RATE',
      providers: ['A', 'B', 'C'],
      window_size: 100,
      min_samples: 10,
      exploration_percent: 0,
      latency_threshold_ms: null,
    };
    const warming = decideRoute(
      input(config(strategy), {
        scores: new Map([
          ['A', { samples: 10, successes: 9 }],
          ['B', { samples: 3, successes: 3 }],
        ]),
      }),
    );
    expect(warming.attempt_order[0]).toMatchObject({ provider: 'B', routing_reason: 'RULE_WARMUP' });
    expect(names(warming)).toEqual(['B', 'A', 'C']);
    expect(warming.draw).toBeNull();
    const warm = new Map([
      ['A', { samples: 10, successes: 5 }],
      ['B', { samples: 10, successes: 8 }],
      ['C', { samples: 10, successes: 8 }],
    ]);
    const best = decideRoute(input(config(strategy), { scores: warm }));
    expect(names(best)).toEqual(['B', 'C', 'A']);
    expect(best.candidates[0]?.score).toEqual({ samples: 10, successes: 8, success_rate: 0.8 });
    const exploring = { ...strategy, exploration_percent: 50 };
    for (const key of ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8']) {
      const d = decideRoute(input(config(exploring), { key, scores: warm }));
      const u = drawUnit('seed-1', key);
      expect(d.draw).toBe(u);
      if (u < 0.5) {
        const explored = ['A', 'C'][Math.floor(drawUnit('seed-1', `${key}:explore`) * 2)];
        expect(d.attempt_order[0]).toMatchObject({ provider: explored, routing_reason: 'RULE_EXPLORATION' });
      } else {
        expect(d.attempt_order[0]).toMatchObject({ provider: 'B', routing_reason: 'RULE' });
      }
    }
  });

  it('no rule: the default list, else the affiliations oldest first', () => {
    expect(names(decideRoute(input(config(null, { default_providers: ['C', 'A'] }))))).toEqual(['C', 'A']);
    const byAffiliation = decideRoute(input(config(null, { version: 0 })));
    expect(byAffiliation).toMatchObject({ strategy: 'AFFILIATION_ORDER', configuration_version: 0, rule_id: null });
    expect(names(byAffiliation)).toEqual(['B', 'A']);
  });

  it('an explicit provider bypasses rules but not eligibility, alone and without failover', () => {
    const d = decideRoute(input(config({ type: 'PRIORITY', providers: ['A', 'B'] }), { explicit: 'C' }));
    expect(d).toMatchObject({ strategy: 'EXPLICIT', configuration_version: 0, rule_id: null, selected: 'C' });
    const accounts = new Map([['C', account('C', { circuit: { state: 'OPEN', probe_in_flight: false } })]]);
    const refused = decideRoute(input(config(null), { explicit: 'C', accounts }));
    expect(refused.selected).toBeNull();
    expect(noEligibleProvider(refused)).toEqual({ value: 'C', reason: 'CIRCUIT_OPEN' });
  });

  it('reports every reason in R6.5 order and NO_ELIGIBLE_PROVIDER with the candidates', () => {
    const accounts = new Map([
      [
        'A',
        account('A', {
          status: 'DISABLED',
          allowed: false,
          affiliation: null,
          circuit: { state: 'HALF_OPEN', probe_in_flight: true },
        }),
      ],
      ['B', account('B', { connector: 'PIX_API_BCB', capabilities: { ...SANDBOX_CAPS, payment_methods: ['PIX'] } })],
    ]);
    const d = decideRoute(input(config({ type: 'PRIORITY', providers: ['A', 'B'] }), { accounts }));
    expect(noEligibleProvider(d)).toEqual({
      value: null,
      reason: 'NO_ELIGIBLE_PROVIDER',
      candidates: [
        {
          provider: 'A',
          reasons: ['ACCOUNT_DISABLED', 'ACCOUNT_NOT_ALLOWED', 'NO_ACTIVE_AFFILIATION', 'CIRCUIT_OPEN'],
        },
        { provider: 'B', reasons: ['CAPABILITY_MISMATCH'] },
      ],
    });
  });

  it.each<[string, Partial<RoutedPayment>, Partial<AccountSnapshot>]>([
    ['installments above the maximum', { installments: 13 }, {}],
    ['a brand outside the capabilities', { card: { brand: 'AMEX', bin: null } }, {}],
    [
      'manual capture without MANUAL',
      { capture: false },
      { capabilities: { ...SANDBOX_CAPS, capture_modes: ['AUTOMATIC'] } },
    ],
    [
      'a due date without pix_due_date',
      { payment_method: 'PIX', card: null, pix_due_date: true },
      { capabilities: { ...SANDBOX_CAPS, pix_due_date: false } },
    ],
    [
      '3DS data without external_three_ds',
      { three_ds: { authenticated: true } },
      { capabilities: { ...SANDBOX_CAPS, external_three_ds: false } },
    ],
    [
      'a wallet token without network_tokens',
      { wallet_token: true },
      { capabilities: { ...SANDBOX_CAPS, network_tokens: false } },
    ],
    [
      'a 3DS session at an account without sessions',
      { three_ds_session: true },
      { capabilities: { ...SANDBOX_CAPS, three_ds_sessions: false } },
    ],
    [
      'a 3DS session without a browser (or merchant-initiated) at an Adyen account (R2.8)',
      { three_ds_session: true, three_ds_web: false },
      { connector: 'ADYEN_CHECKOUT' },
    ],
    [
      'an Adyen brand outside the affiliation',
      { card: { brand: 'ELO', bin: null } },
      { connector: 'ADYEN_CHECKOUT', affiliation: { status: 'ACTIVE', card_brands: ['VISA'] } },
    ],
  ])('CAPABILITY_MISMATCH: %s', (_, paymentChange, accountChange) => {
    const accounts = new Map([['A', account('A', accountChange)]]);
    const d = decideRoute(input(config(null), { explicit: 'A', accounts, payment: { ...payment, ...paymentChange } }));
    expect(d.candidates[0]?.reasons).toEqual(['CAPABILITY_MISMATCH']);
  });
});

const accountArb = (provider: string) =>
  fc
    .record({
      status: fc.constantFrom('ACTIVE' as const, 'DISABLED' as const),
      allowed: fc.boolean(),
      active: fc.boolean(),
      circuit: fc.constantFrom('CLOSED' as const, 'OPEN' as const, 'HALF_OPEN' as const),
      probe: fc.boolean(),
    })
    .map((a) =>
      account(provider, {
        status: a.status,
        allowed: a.allowed,
        affiliation: a.active ? { status: 'ACTIVE', card_brands: [] } : null,
        circuit: { state: a.circuit, probe_in_flight: a.probe },
      }),
    );

const strategyArb: fc.Arbitrary<Strategy> = fc.oneof(
  fc
    .shuffledSubarray(['A', 'B', 'C', 'D'], { minLength: 1 })
    .map((providers) => ({ type: 'PRIORITY' as const, providers })),
  fc.shuffledSubarray(['A', 'B', 'C', 'D'], { minLength: 1 }).chain((providers) =>
    fc
      .array(fc.integer({ min: 1, max: 100 }), { minLength: providers.length, maxLength: providers.length })
      .map((weights) => ({
        type: 'VOLUME' as const,
        splits: providers.map((provider, i) => ({ provider, percentage: weights[i]! })),
      })),
  ),
  fc
    .record({
      providers: fc.shuffledSubarray(['A', 'B', 'C', 'D'], { minLength: 1 }),
      min_samples: fc.integer({ min: 1, max: 20 }),
      exploration_percent: fc.integer({ min: 0, max: 50 }),
    })
    .map((s) => ({ type: 'SUCCESS_RATE' as const, window_size: 100, latency_threshold_ms: null, ...s })),
);

describe('decideRoute properties', () => {
  it('is a pure function: the same input gives the same decision, and no ineligible account is ever attempted', () => {
    fc.assert(
      fc.property(
        strategyArb,
        fc.tuple(accountArb('A'), accountArb('B'), accountArb('C'), accountArb('D')),
        fc.string(),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), {
          minLength: 4,
          maxLength: 4,
        }),
        (strategy, snapshots, key, windows) => {
          const accounts = new Map(snapshots.map((s) => [s.provider, s]));
          const scores = new Map(
            ['A', 'B', 'C', 'D'].map((p, i) => [
              p,
              { samples: windows[i]![0] + windows[i]![1], successes: windows[i]![0] },
            ]),
          );
          const given = input(config(strategy, { default_providers: ['D'] }), { accounts, key, scores });
          const d = decideRoute(given);
          expect(decideRoute(given)).toEqual(d);
          for (const c of d.attempt_order) expect(c.reasons).toEqual([]);
          expect(d.attempt_order.length).toBeLessThanOrEqual(DEFAULT_FAILOVER.max_attempts);
          expect(new Set(names(d)).size).toBe(d.attempt_order.length);
          if (d.selected !== null) expect(accounts.get(d.selected)?.status).toBe('ACTIVE');
        },
      ),
    );
  });

  it('VOLUME shares converge to their weights', () => {
    const strategy: Strategy = {
      type: 'VOLUME',
      splits: [
        { provider: 'A', percentage: 70 },
        { provider: 'B', percentage: 20 },
        { provider: 'C', percentage: 10 },
      ],
    };
    const counts = new Map<string, number>();
    const n = 5000;
    for (let i = 0; i < n; i++) {
      const selected = decideRoute(input(config(strategy), { key: `request-${i}` })).selected!;
      counts.set(selected, (counts.get(selected) ?? 0) + 1);
    }
    expect(Math.abs((counts.get('A') ?? 0) / n - 0.7)).toBeLessThan(0.03);
    expect(Math.abs((counts.get('B') ?? 0) / n - 0.2)).toBeLessThan(0.03);
    expect(Math.abs((counts.get('C') ?? 0) / n - 0.1)).toBeLessThan(0.03);
  });
});
