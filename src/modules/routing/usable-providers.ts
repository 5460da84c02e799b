import type { Executor } from '../../db/client.js';
import { PROVIDER_NAMES } from '../../providers/port.js';

/**
 * The account names an organization may name in its routing (R1.5), in any status. Until provider accounts
 * are stored, the built-in accounts are every organization's.
 */
export async function usableProviderNames(_tx: Executor, _organizationId: string): Promise<readonly string[]> {
  return PROVIDER_NAMES;
}
