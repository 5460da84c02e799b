export { createClient, unwrap, PlatformError } from './client.js';
export type { ClientOptions, Credentials, ErrorEnvelope, PciPath, PciPaths, PlatformClient } from './client.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export type { WebhookEvent, WebhookEventOf, WebhookEventType, WebhookHeaders } from './webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';

import type { components } from './schema.js';
/** A named schema of the document: `Schema<'Transaction'>`, `Schema<'CreatedMerchant'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
