// One barrel per area keeps parallel work conflict-free: each area adds its own file and one export line.
export * from './core.js';
export * from './users.js';
export * from './webhooks.js';
export * from './banking.js';
export * from './onboarding.js';
export * from './jobs.js';
export * from './vault.js';
export * from './hardening.js';
export * from './ledger.js';
export * from './sandbox-clocks.js';
export * from './transactions.js';
export * from './three-ds.js';
export * from './cashouts.js';
export * from './refunds.js';
export * from './receivables.js';
export * from './disputes.js';
