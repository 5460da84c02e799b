import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { feePolicies } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflictWithReason, forbidden, notFound } from '../../kernel/errors.js';

/**
 * Attaching fee policies to companies (money.md M1): a merchant's `fee_policy_id`, an organization's
 * `default_fee_policy_id`. Only a policy of the organization (404 otherwise) that is active (409) can be
 * attached; a policy deactivated afterwards keeps applying to whoever holds it.
 */

/**
 * Checks that `policyId` may be attached within `organizationId`. The row is read `FOR SHARE`, so a concurrent
 * deactivation (which takes it `FOR UPDATE`) waits for the attaching transaction or runs before it: never an
 * inactive policy attached as if active.
 */
export async function assertAttachable(
  tx: Executor,
  organizationId: string,
  field: string,
  policyId: string,
): Promise<void> {
  const [row] = await tx
    .select({ isActive: feePolicies.isActive })
    .from(feePolicies)
    .where(and(eq(feePolicies.id, policyId), eq(feePolicies.organizationId, organizationId)))
    .limit(1)
    .for('share');
  if (!row) throw notFound('Fee policy');
  if (!row.isActive)
    throw conflictWithReason('An inactive fee policy cannot be attached', field, policyId, 'FEE_POLICY_INACTIVE');
}

/**
 * The value to store when a request asks for `requested` (undefined: the field was not sent) on a company
 * holding `current`, or undefined when nothing changes. Re-sending the current value is no attachment (a client
 * echoing the resource back keeps a policy deactivated since). Fee policies are organization-reserved: a merchant
 * credential reaches no policy (any other id answers 404, as every id outside its reach) and may not detach one (403).
 */
export async function feePolicyChange(
  tx: Executor,
  principal: CompanyPrincipal,
  organizationId: string,
  field: string,
  current: string | null,
  requested: string | null | undefined,
): Promise<string | null | undefined> {
  if (requested === undefined || requested?.toLowerCase() === current) return undefined;
  if (principal.kind === 'merchant') {
    if (requested === null) throw forbidden("Only the organization changes a merchant's fee policy");
    throw notFound('Fee policy');
  }
  if (requested !== null) await assertAttachable(tx, organizationId, field, requested);
  return requested;
}
