import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { webhooks } from './schema.js';

export { WebhookVerificationError };

/** Every event type the platform sends (the document's `webhooks` section). */
export type WebhookEventType = keyof webhooks;
/** The envelope of one event type, its `payload` typed. */
export type WebhookEventOf<T extends WebhookEventType> =
  webhooks[T]['post']['requestBody']['content']['application/json'];
/** Any event: a union narrowed by `type` (`if (event.type === 'transaction.status-changed') event.payload.new_status`). */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** Request headers as Node (`req.headers`), the Fetch API (`Headers`) or a framework gives them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function signatureHeaders(headers: WebhookHeaders): Record<string, string> {
  const read = (name: string): string | undefined => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const record = headers as Record<string, string | string[] | undefined>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : record[key];
    return Array.isArray(value) ? value.join(' ') : value;
  };
  return Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, read(name) ?? '']));
}

/**
 * Verifies a delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp` within 5 minutes, `webhook-signature`)
 * against the endpoint's signing secret, and answers the typed event; throws `WebhookVerificationError` otherwise.
 * Pass the raw body exactly as received (a re-serialized JSON does not verify). While a secret is being rotated,
 * pass both: a delivery signed by either verifies.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const wanted = signatureHeaders(headers);
  let failure: unknown = new WebhookVerificationError('No signing secret given');
  for (const one of typeof secret === 'string' ? [secret] : secret) {
    try {
      const event = new Webhook(one).verify(body, wanted);
      if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
        throw new WebhookVerificationError('The body is not an event envelope');
      }
      return event as WebhookEvent;
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}
