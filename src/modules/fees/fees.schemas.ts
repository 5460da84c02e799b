import { z } from 'zod';
import type { FeePolicyRow } from '../../db/schema/index.js';
import { requestIdField, upperEnum } from '../../http/schemas.js';
import {
  CONDITION_FIELDS,
  LIST_OPERATORS,
  NUMERIC_FIELDS,
  OPERATORS,
  ORDER_OPERATORS,
  percentageUnits,
  type Rule,
} from './fees.rules.js';
import { CARD_BRANDS } from '../../domain/card-brands.js';
import { PAYMENT_METHODS } from '../../domain/payment-methods.js';
import { MAX_AMOUNT, MAX_INSTALLMENTS, MAX_PIX_AMOUNT } from '../../domain/payment-limits.js';

/** 0-100, a multiple of 0.0001, checked on the decimal rendering (never by float division). */
const percentage = () =>
  z.number().superRefine((value, ctx) => {
    if (value < 0)
      ctx.addIssue({
        code: 'custom',
        message: 'must be at least 0',
        params: { type: 'TOO_SMALL', constraints: { min: 0 } },
      });
    else if (value > 100)
      ctx.addIssue({
        code: 'custom',
        message: 'must be at most 100',
        params: { type: 'TOO_LARGE', constraints: { max: 100 } },
      });
    else if (percentageUnits(value) === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a multiple of 0.0001 (at most 4 decimals)',
        params: { type: 'INVALID_FORMAT', constraints: { multipleOf: 0.0001 } },
      });
    }
  });

const scalar = z.union([z.string().min(1).max(100), z.number()]);

const conditionSchema = z
  .strictObject({
    field: z.enum(CONDITION_FIELDS),
    operator: upperEnum(OPERATORS),
    value: z.union([scalar, z.array(scalar).min(1).max(100)]),
  })
  .superRefine((c, ctx) => {
    const values = Array.isArray(c.value) ? c.value : [c.value];
    const issue = (message: string) =>
      ctx.addIssue({ code: 'custom', path: ['value'], message, params: { type: 'INVALID_TYPE' } });
    if (LIST_OPERATORS.includes(c.operator) !== Array.isArray(c.value)) {
      return issue(
        LIST_OPERATORS.includes(c.operator)
          ? `${c.operator} takes an array of values`
          : `${c.operator} takes a single value`,
      );
    }
    if (ORDER_OPERATORS.includes(c.operator) && !NUMERIC_FIELDS.includes(c.field))
      return issue(`${c.operator} applies only to numeric fields`);
    const numeric = NUMERIC_FIELDS.includes(c.field);
    if (values.some((v) => (numeric ? typeof v !== 'number' : typeof v !== 'string')))
      issue(`${c.field} compares with ${numeric ? 'numbers' : 'strings'}`);
  });

const priceSchema = z
  .strictObject({
    percentage: percentage().optional(),
    flat: z.int().min(0).optional(),
    minimum_price: z.int().min(0).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.percentage === undefined && p.flat === undefined && p.minimum_price === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'price needs at least one of percentage, flat, minimum_price',
        params: { type: 'REQUIRED' },
      });
    }
  });

const ruleInput = z.strictObject({
  conditions: z.array(conditionSchema).max(50),
  price: priceSchema,
  priority: z.int().min(0).max(1_000_000).default(0),
});

const policyFields = {
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z0-9_-]+$/, 'must match ^[a-zA-Z0-9_-]+$'),
  description: z.string().max(500).optional(),
  is_active: z.boolean().optional(),
  cashout_price: z.int().min(0),
  automatic_anticipation_percentage: percentage(),
  spot_anticipation_percentage: percentage(),
  rules: z.array(ruleInput).min(1).max(100),
};

export const createPolicyBody = z.strictObject({ ...policyFields, request_id: requestIdField() });
export const replacePolicyBody = z.strictObject(policyFields);
export type PolicyInput = z.infer<typeof replacePolicyBody>;

export const quoteBody = z.strictObject({
  transaction: z.strictObject({
    amount: z.int().min(1),
    payment_method: z.string().min(1).max(50).optional(),
    installments: z.int().min(1).max(99).optional(),
    card_data: z.strictObject({ brand: upperEnum(CARD_BRANDS).optional() }).optional(),
  }),
});

/**
 * The merchant fee quote (money.md M1) takes what a transaction would (payments.md P3): a known method, an amount
 * the method can carry, installments 1-12 on CREDIT_CARD and exactly 1 otherwise, no card data on PIX.
 */
export const merchantQuoteBody = z.strictObject({
  transaction: z
    .strictObject({
      amount: z.int().min(1).max(MAX_AMOUNT),
      payment_method: upperEnum(PAYMENT_METHODS),
      installments: z.int().min(1).max(MAX_INSTALLMENTS).optional(),
      card_data: z.strictObject({ brand: upperEnum(CARD_BRANDS).optional() }).optional(),
    })
    .superRefine((tx, ctx) => {
      if (tx.payment_method === 'PIX' && tx.amount > MAX_PIX_AMOUNT) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `amount must be at most ${MAX_PIX_AMOUNT}`,
          params: { type: 'TOO_LARGE', constraints: { max: MAX_PIX_AMOUNT } },
        });
      }
      if (tx.payment_method !== 'CREDIT_CARD' && (tx.installments ?? 1) > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['installments'],
          message: 'installments must be at most 1',
          params: { type: 'TOO_LARGE', constraints: { max: 1 } },
        });
      }
      if (tx.payment_method === 'PIX' && tx.card_data !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['card_data'],
          message: 'card_data is not accepted for PIX',
          params: { type: 'UNKNOWN_FIELD' },
        });
      }
    }),
});

const quotedReceivable = z.object({
  installment: z.int(),
  payment_date: z.string(),
  gross_amount: z.int(),
  fee_amount: z.int(),
  net_amount: z.int(),
});
export const merchantQuoteSchema = z.object({
  fee_policy_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  fee_amount: z.int(),
  net_amount: z.int(),
  receivables: z.array(quotedReceivable),
});

export const quoteSchema = z.object({
  fee_policy_id: z.string(),
  rule_id: z.string().nullable(),
  fee_amount: z.number().int(),
  net_amount: z.number().int(),
});

const ruleOut = z.object({
  id: z.string(),
  conditions: z.array(z.object({ field: z.string(), operator: z.string(), value: z.unknown() })),
  price: z.object({
    percentage: z.number().optional(),
    flat: z.number().int().optional(),
    minimum_price: z.number().int().optional(),
  }),
  priority: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const feePolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  cashout_price: z.number().int(),
  automatic_anticipation_percentage: z.number(),
  spot_anticipation_percentage: z.number(),
  organization_id: z.string(),
  rules: z.array(ruleOut),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A rule as stored in the policy's jsonb column. */
export type StoredRule = Rule & { created_at: string; updated_at: string };

export function toPolicyView(row: FeePolicyRow): z.infer<typeof feePolicySchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    cashout_price: row.cashoutPrice,
    automatic_anticipation_percentage: Number(row.automaticAnticipationPercentage),
    spot_anticipation_percentage: Number(row.spotAnticipationPercentage),
    organization_id: row.organizationId,
    rules: row.rules as StoredRule[],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
