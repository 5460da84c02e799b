import { z } from 'zod';
import type { RoutingConfigurationRow } from '../../db/schema/index.js';
import { upperEnum } from '../../http/schemas.js';
import { CARD_BRANDS } from '../../domain/card-brands.js';
import { PAYMENT_METHODS } from '../../domain/payment-methods.js';
import {
  OPERATORS_BY_FIELD,
  ROUTING_FIELDS,
  ROUTING_OPERATORS,
  type RoutingField,
} from '../../providers/routing/conditions.js';
import { FAILOVER_TABLE } from '../../providers/routing/failover.js';
import type { RoutingConfiguration } from '../../providers/routing/decide.js';
import type { Strategy } from '../../providers/routing/strategies.js';

/** An account name as R1.2 writes it; any case in requests, stored uppercase (usability is checked by the service). */
const providerName = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.string().regex(/^[A-Z][A-Z0-9_]{2,31}$/, 'must be a provider account name'),
  );

const issue = (
  ctx: z.RefinementCtx,
  path: (string | number)[],
  message: string,
  type: string,
  constraints?: Record<string, unknown>,
) => ctx.addIssue({ code: 'custom', path, message, params: { type, ...(constraints && { constraints }) } });

function uniqueNames(names: readonly string[], ctx: z.RefinementCtx, path: (string | number)[]) {
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i)
      issue(ctx, [...path, i], `${name} is listed twice`, 'INVALID_FORMAT', { unique: true });
  });
}

const LIST_OPERATORS = new Set(['IN', 'NOT_IN']);
const BIN_PREFIX = /^\d{1,8}$/;

/** One value of the field's type (R6.3); the reason when it is not. */
function valueProblem(
  field: RoutingField,
  value: unknown,
): { message: string; type: string; constraints?: Record<string, unknown> } | null {
  switch (field) {
    case 'transaction.payment_method':
    case 'transaction.card_data.brand': {
      const allowed: readonly string[] = field === 'transaction.payment_method' ? PAYMENT_METHODS : CARD_BRANDS;
      return typeof value === 'string' && allowed.includes(value.toUpperCase())
        ? null
        : { message: `must be one of: ${allowed.join(', ')}`, type: 'INVALID_ENUM', constraints: { allowed } };
    }
    case 'transaction.card_data.bin':
      return typeof value === 'string' && BIN_PREFIX.test(value)
        ? null
        : { message: 'must be 1-8 digits', type: 'INVALID_FORMAT', constraints: { pattern: BIN_PREFIX.source } };
    case 'transaction.amount':
    case 'transaction.installments':
      return Number.isSafeInteger(value)
        ? null
        : { message: 'must be an integer', type: 'INVALID_TYPE', constraints: { expected: 'int' } };
    case 'transaction.company_id':
      return typeof value === 'string' && z.guid().safeParse(value).success
        ? null
        : { message: 'must be a uuid', type: 'INVALID_FORMAT', constraints: { format: 'uuid' } };
  }
}

const conditionSchema = z
  .strictObject({
    field: z.enum(ROUTING_FIELDS),
    operator: upperEnum(ROUTING_OPERATORS),
    value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
  })
  .superRefine((c, ctx) => {
    const allowed = OPERATORS_BY_FIELD[c.field];
    if (!allowed.includes(c.operator)) {
      return issue(ctx, ['operator'], `${c.field} takes ${allowed.join(', ')}`, 'INVALID_ENUM', { allowed });
    }
    const list = LIST_OPERATORS.has(c.operator);
    const maxItems = c.operator === 'STARTS_WITH' ? 50 : 100;
    if (Array.isArray(c.value)) {
      if (!list && c.operator !== 'STARTS_WITH')
        return issue(ctx, ['value'], `${c.operator} takes a single value`, 'INVALID_TYPE');
      if (c.value.length < 1) return issue(ctx, ['value'], 'value must have at least 1 items', 'TOO_SMALL', { min: 1 });
      if (c.value.length > maxItems)
        return issue(ctx, ['value'], `value must have at most ${maxItems} items`, 'TOO_LARGE', { max: maxItems });
      c.value.forEach((v, i) => {
        const problem = valueProblem(c.field, v);
        if (problem) issue(ctx, ['value', i], `value.${i} ${problem.message}`, problem.type, problem.constraints);
      });
      return;
    }
    if (list) return issue(ctx, ['value'], `${c.operator} takes an array of values`, 'INVALID_TYPE');
    const problem = valueProblem(c.field, c.value);
    if (problem) issue(ctx, ['value'], `value ${problem.message}`, problem.type, problem.constraints);
  });

const providerList = () =>
  z
    .array(providerName())
    .min(1)
    .max(10)
    .superRefine((names, ctx) => uniqueNames(names, ctx, []));

const strategySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PRIORITY'), providers: providerList() }),
  z.strictObject({
    type: z.literal('VOLUME'),
    splits: z
      .array(z.strictObject({ provider: providerName(), percentage: z.int().min(1).max(100) }))
      .min(1)
      .max(10)
      .superRefine((splits, ctx) => {
        splits.forEach((s, i) => {
          if (splits.findIndex((o) => o.provider === s.provider) !== i)
            issue(ctx, [i, 'provider'], `${s.provider} is listed twice`, 'INVALID_FORMAT', { unique: true });
        });
        const sum = splits.reduce((total, s) => total + s.percentage, 0);
        if (sum !== 100) issue(ctx, [], `the percentages add up to ${sum}, not 100`, 'INVALID_FORMAT', { sum: 100 });
      }),
  }),
  z
    .strictObject({
      type: z.literal('SUCCESS_RATE'),
      providers: providerList(),
      window_size: z.int().min(10).max(1000).default(100),
      min_samples: z.int().min(1).max(1000).default(20),
      exploration_percent: z.int().min(0).max(50).default(10),
      latency_threshold_ms: z.int().min(100).max(60_000).nullable().default(null),
    })
    .superRefine((s, ctx) => {
      if (s.min_samples > s.window_size)
        issue(ctx, ['min_samples'], `min_samples must be at most window_size (${s.window_size})`, 'TOO_LARGE', {
          max: s.window_size,
        });
    }),
]);

const ruleInput = z.strictObject({
  name: z.string().min(1).max(100),
  priority: z.int().min(0).max(1_000_000),
  enabled: z.boolean().default(true),
  conditions: z.array(conditionSchema).max(20).default([]),
  strategy: strategySchema,
});

const failoverInput = z
  .strictObject({
    enabled: z.boolean().default(true),
    max_attempts: z.int().min(1).max(5).default(3),
    on_generic_decline: z.boolean().default(false),
  })
  .default({ enabled: true, max_attempts: 3, on_generic_decline: false });

/** `PUT /v1/routing` (R6.2): the whole configuration, replaced as one. */
export const routingConfigurationBody = z.strictObject({
  version: z.int().min(0).optional(),
  seed: z.string().min(1).max(64).optional(),
  rules: z.array(ruleInput).max(50).default([]),
  default_providers: z
    .array(providerName())
    .max(10)
    .superRefine((names, ctx) => uniqueNames(names, ctx, []))
    .default([]),
  failover: failoverInput,
});
export type RoutingConfigurationInput = z.output<typeof routingConfigurationBody>;

const conditionView = z.object({
  field: z.string(),
  operator: z.string(),
  value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
});
const strategyView = z.object({
  type: z.enum(['PRIORITY', 'VOLUME', 'SUCCESS_RATE']),
  providers: z.array(z.string()).optional(),
  splits: z.array(z.object({ provider: z.string(), percentage: z.int() })).optional(),
  window_size: z.int().optional(),
  min_samples: z.int().optional(),
  exploration_percent: z.int().optional(),
  latency_threshold_ms: z.int().nullable().optional(),
});

export const routingConfigurationSchema = z.object({
  organization_id: z.string(),
  version: z.int().describe('0 until a configuration is saved; each PUT adds 1'),
  seed: z.string().describe("The draws' seed (the organization id unless set)"),
  rules: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      priority: z.int(),
      enabled: z.boolean(),
      conditions: z.array(conditionView),
      strategy: strategyView,
    }),
  ),
  default_providers: z.array(z.string()),
  failover: z.object({ enabled: z.boolean(), max_attempts: z.int(), on_generic_decline: z.boolean() }),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type RoutingConfigurationView = z.infer<typeof routingConfigurationSchema>;

export const failoverTableSchema = z.object({
  data: z.array(
    z.object({
      outcome: z.string(),
      code: z.string().nullable(),
      failover: z.enum(['ALWAYS', 'NEVER', 'ON_GENERIC_DECLINE']),
      counts_for_circuit: z.enum(['SUCCESS', 'FAILURE', 'NONE']),
      counts_as_success: z.boolean().nullable(),
    }),
  ),
});

export const failoverTableView = () => ({ data: FAILOVER_TABLE.map((row) => ({ ...row })) });

export type StoredRule = RoutingConfiguration['rules'][number];

/** The stored configuration as the API shows it; version 0 (never saved) has no dates. */
export function toRoutingView(organizationId: string, row: RoutingConfigurationRow | null): RoutingConfigurationView {
  const configuration = toConfiguration(organizationId, row);
  return {
    organization_id: organizationId,
    version: configuration.version,
    seed: configuration.seed,
    rules: configuration.rules.map((r) => ({
      ...r,
      conditions: [...r.conditions],
      strategy: r.strategy as z.infer<typeof strategyView>,
    })),
    default_providers: [...configuration.default_providers],
    failover: { ...configuration.failover },
    created_at: row?.createdAt.toISOString() ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** What routing's pure decision reads; without a saved row, version 0 with the defaults. */
export function toConfiguration(organizationId: string, row: RoutingConfigurationRow | null): RoutingConfiguration {
  if (!row) {
    return {
      version: 0,
      seed: organizationId,
      rules: [],
      default_providers: [],
      failover: { enabled: true, max_attempts: 3, on_generic_decline: false },
    };
  }
  return {
    version: row.version,
    seed: row.seed,
    rules: row.rules as StoredRule[],
    default_providers: row.defaultProviders,
    failover: row.failover,
  };
}

export type { Strategy };

/** `GET /v1/routing/stats?window=N` (R6.10). */
export const routingStatsQuery = z.strictObject({ window: z.coerce.number().int().min(10).max(1000).default(100) });

export const routingStatsSchema = z.object({
  data: z.array(
    z.object({
      provider: z.string(),
      provider_account_id: z.string().nullable(),
      payment_method: z.string(),
      samples: z.int(),
      successes: z.int(),
      success_rate: z.number().nullable().describe('successes / samples with 4 decimals; null without samples'),
      latency_ms_p50: z.int().nullable(),
      latency_ms_p95: z.int().nullable(),
    }),
  ),
});

export const deletedStatsSchema = z.object({ deleted: z.int() });

/** `POST /v1/routing/decide` (R6.9): a payment as a create would describe it; nothing is stored or called. */
export const decideBody = z.strictObject({
  company_id: z
    .guid()
    .optional()
    .describe('The paying company: the organization itself [default] or one of its merchants'),
  payment_method: upperEnum(PAYMENT_METHODS),
  amount: z.int().min(1),
  installments: z.int().min(1).max(12).default(1),
  capture: z.boolean().default(true),
  card_data: z
    .strictObject({
      brand: upperEnum(CARD_BRANDS).optional(),
      bin: z
        .string()
        .regex(/^\d{6,8}$/, 'must be 6-8 digits')
        .optional(),
    })
    .optional(),
  three_ds: z.strictObject({ authenticated: z.boolean() }).optional(),
  pix: z.strictObject({ due_date: z.iso.date() }).optional(),
  provider: z.string().min(1).max(32).optional(),
  request_id: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("The draw's key, as a create's request_id would be (else a random one)"),
});
export type DecideInput = z.output<typeof decideBody>;

const candidateView = z.object({
  provider: z.string(),
  provider_account_id: z.string().nullable(),
  source: z.enum(['EXPLICIT', 'RULE', 'FALLBACK', 'DEFAULT_LIST', 'AFFILIATION_ORDER']),
  eligible: z.boolean(),
  reasons: z.array(
    z.enum(['ACCOUNT_DISABLED', 'ACCOUNT_NOT_ALLOWED', 'CAPABILITY_MISMATCH', 'NO_ACTIVE_AFFILIATION', 'CIRCUIT_OPEN']),
  ),
  percentage: z.int().nullable(),
  score: z.object({ samples: z.int(), successes: z.int(), success_rate: z.number().nullable() }).nullable(),
});

export const decisionSchema = z.object({
  organization_id: z.string(),
  company_id: z.string(),
  configuration_version: z.int(),
  rule_id: z.string().nullable(),
  strategy: z.enum(['EXPLICIT', 'PRIORITY', 'VOLUME', 'SUCCESS_RATE', 'DEFAULT_LIST', 'AFFILIATION_ORDER']),
  draw: z.number().nullable().describe('u(key) of the published draw, when the strategy used one'),
  selected: z.string().nullable().describe('Where a create with the same input would go first'),
  attempt_order: z.array(z.string()),
  candidates: z.array(candidateView),
});
