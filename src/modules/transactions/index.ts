/**
 * The transactions area's face for other areas. The provider-webhooks ingestion applies API Pix callbacks
 * through `applyPixChargeFacts` (providers.md R3.5-R3.7); the PIX read of a sync through `syncPixCharge`.
 */
export {
  applyPixChargeFacts,
  findByTxid,
  syncPixCharge,
  type PixChargeFacts,
  type PixFactsDeps,
  type PixFactsOutcome,
} from './pix-facts.js';
export { amountDue, type PixDueJson } from './pix-due.rules.js';
