// The provider webhooks area (providers.md R4): the public intake routes, the staff routes, the processing job.
export { default as providerWebhookRoutes } from './provider-webhooks.routes.js';
export { default as providerEventRoutes } from './provider-events.routes.js';
export { providerWebhookJobs } from './provider-webhooks.jobs.js';
export { PROCESS_EVENT_JOB, type SecretSet, type WebhookSecrets } from './intake.service.js';
export { orphanVoidHandlers, ORPHAN_VOID_OPERATION } from './orphan-void.js';
