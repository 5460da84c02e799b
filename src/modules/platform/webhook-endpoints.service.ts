import type { Clock } from '../../kernel/clock.js';
import type { Database } from '../../db/client.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { deleteStaffEndpoint, putStaffEndpoint } from '../webhooks/endpoints.service.js';

/**
 * product.md §4's staff endpoint is one of the organization's (at most 10) webhook endpoints (§15), origin STAFF;
 * the webhooks area owns them (src/modules/webhooks/endpoints.service.ts).
 */

/** PUT: sets the URL; a secret is generated on first set and kept on later URL changes. */
export async function putWebhookEndpoint(
  db: Database,
  clock: Clock,
  secretBox: SecretBox,
  organizationId: string,
  url: string,
  env: 'sandbox' | 'production',
) {
  return putStaffEndpoint({ db, clock, env, secretBox }, organizationId, url);
}

export async function deleteWebhookEndpoint(db: Database, clock: Clock, organizationId: string): Promise<void> {
  await deleteStaffEndpoint({ db, clock }, organizationId);
}
