import type { Executor } from '../../db/client.js';
import { providerAccounts } from '../../db/schema/index.js';
import { usableBy } from '../provider-accounts/provider-accounts.repo.js';

/** The account names an organization may name in its routing (R1.5), in any status. */
export async function usableProviderNames(tx: Executor, organizationId: string): Promise<readonly string[]> {
  const rows = await tx.select({ provider: providerAccounts.provider }).from(providerAccounts).where(usableBy(organizationId)).orderBy(providerAccounts.provider);
  return rows.map((r) => r.provider);
}
