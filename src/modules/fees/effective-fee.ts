import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { companies, feePolicies } from '../../db/schema/index.js';
import { quote, type QuoteTransaction, type Rule } from './fees.rules.js';

/** What a transaction stores as `fee` (payments.md P2): `rule_id` null and `amount` 0 when no rule matches. */
export interface TransactionFee {
  fee_policy_id: string;
  rule_id: string | null;
  amount: number;
}

export interface EffectivePolicy {
  id: string;
  rules: Rule[];
}

const organization = alias(companies, 'organization');

/**
 * A company's effective fee policy (money.md M1): the merchant's own, else its organization's default, else
 * none. An organization's own payments have none: the fee is the organization's revenue, and it would be
 * paying itself (docs/decisions/fees.md). The policy applies whether active or not: deactivation only stops
 * new attachments. One indexed query (primary keys only), since it runs on every transaction creation.
 */
export async function effectivePolicy(ex: Executor, companyId: string): Promise<EffectivePolicy | null> {
  const [row] = await ex
    .select({ id: feePolicies.id, rules: feePolicies.rules })
    .from(companies)
    .innerJoin(organization, eq(organization.id, companies.organizationId))
    .innerJoin(
      feePolicies,
      eq(feePolicies.id, sql`coalesce(${companies.feePolicyId}, ${organization.defaultFeePolicyId})`),
    )
    .where(and(eq(companies.id, companyId), eq(companies.kind, 'MERCHANT')))
    .limit(1);
  return row ? { id: row.id, rules: row.rules as Rule[] } : null;
}

/** The policy evaluated on a transaction (product.md §9), or null when the company has no effective policy. */
export function feeUnder(policy: EffectivePolicy | null, tx: QuoteTransaction): TransactionFee | null {
  if (!policy) return null;
  const { rule_id, fee_amount } = quote(policy.rules, tx);
  return { fee_policy_id: policy.id, rule_id, amount: fee_amount };
}

/** The fee a transaction of `companyId` carries from its creation on (money.md M1); later policy edits never change it. */
export async function effectiveFee(
  ex: Executor,
  companyId: string,
  tx: QuoteTransaction,
): Promise<TransactionFee | null> {
  return feeUnder(await effectivePolicy(ex, companyId), tx);
}

/**
 * A partial capture's fee (money.md M2): the policy stored on the transaction at creation, evaluated again on the
 * captured amount, whatever the merchant's effective policy is by then (and active or not). Null for a transaction
 * stored without a fee. The policy's rules are read as they are now (docs/decisions/fees.md).
 */
export async function feeUnderPolicy(
  ex: Executor,
  feePolicyId: string | null,
  tx: QuoteTransaction,
): Promise<TransactionFee | null> {
  if (feePolicyId === null) return null;
  const [row] = await ex
    .select({ id: feePolicies.id, rules: feePolicies.rules })
    .from(feePolicies)
    .where(eq(feePolicies.id, feePolicyId))
    .limit(1);
  return feeUnder(row ? { id: row.id, rules: row.rules as Rule[] } : null, tx);
}
