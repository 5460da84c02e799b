// One barrel per area keeps parallel work conflict-free: each area adds its own file and one export line.
export * from './core.js';
export * from './users.js';
export * from './webhooks.js';
export * from './banking.js';
export * from './onboarding.js';
