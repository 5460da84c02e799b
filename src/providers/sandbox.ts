// The sandbox adapter lives in ./sandbox/; this keeps the short import path.
export {
  SandboxProvider,
  SANDBOX_CAPABILITIES,
  SANDBOX_WEBHOOK_SECRET,
  type SandboxOptions,
} from './sandbox/provider.js';
export { FaultPlan, parseFaultSpec, type Fault, type FaultKind } from './sandbox/faults.js';
export { maskAccount, maskDocument } from './sandbox/banking.js';
export { SANDBOX_CARDS } from './sandbox/payments.js';
export { SANDBOX_STATUS_MAP, signSandboxWebhook } from './sandbox/webhooks.js';
export { recordId, type SandboxRecords, type StoredRecord } from './sandbox/records.js';
