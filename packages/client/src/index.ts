export { createClient, unwrap, PlatformError } from './client.js';
export type {
  Answer,
  CallOptions,
  ClientOptions,
  Credentials,
  ErrorData,
  ErrorEnvelope,
  PciPath,
  PciPaths,
  PlatformClient,
  StrictClient,
  StrictUnion,
  SuccessData,
} from './client.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export type { WebhookEvent, WebhookEventOf, WebhookEventType, WebhookHeaders } from './webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';

import type { components } from './schema.js';
/** A named schema of the document: `Schema<'Transaction'>`, `Schema<'CreatedMerchant'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
/** A transaction, narrowed by `payment_method` (a PIX by `status` too: `PixTransaction` has its `pix`). */
export type Transaction = components['schemas']['Transaction'];
export type CardTransaction = components['schemas']['CardTransaction'];
export type PixTransaction = components['schemas']['PixTransaction'];
