import { timingSafeEqual } from 'node:crypto';
import { refused } from '../errors.js';
import type { ParsedWebhook, ProviderWebhook, StatusReport } from '../webhooks.js';
import { verifyNotificationItem, type NotificationItemFields } from './hmac.js';
import { refusalByText } from './mapping.js';

/**
 * Adyen standard webhooks (Webhooks-v1.json `NotificationRequest`): `{ live, notificationItems: [{
 * NotificationRequestItem }] }`, every item signed (R2.9). Parsing verifies and normalizes; what an item does
 * to our resources (R2.9's table, matching, discrepancies) is the ingestion's (R4.5), which gets every item in
 * `items` with its own id, and the unambiguous moves as `reports`.
 */
export interface AdyenNotificationItem extends NotificationItemFields {
  eventDate?: string;
  reason?: string;
  paymentMethod?: string;
  operations?: string[];
}

export interface NormalizedNotification {
  /** Adyen's identity of a notification: the same item resent is the same id (R4.4 deduplication). */
  eventId: string;
  eventCode: string;
  success: boolean;
  pspReference: string;
  originalReference: string | null;
  merchantReference: string;
  merchantAccountCode: string;
  amount: { value: number | null; currency: string | null };
  reason: string | null;
  occurredAt: Date | null;
  /** Our refusal for an `AUTHORISATION` false (R2.5 by `reason` text, default `CARD_DECLINED`). */
  refusal: { code: string; message: string } | null;
  /** The item as received, for storage (the ingestion redacts card data before keeping it). */
  raw: AdyenNotificationItem;
}

export interface AdyenParsedWebhook extends ParsedWebhook {
  items: NormalizedNotification[];
}

export interface NotificationAuth {
  hmacKeys: readonly string[];
  /** R4.2: the account's environment; `live` must say the same. */
  live?: boolean;
  basicAuth?: { username: string; password: string } | null;
}

const equal = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export function parseNotifications(webhook: ProviderWebhook, auth: NotificationAuth): AdyenParsedWebhook {
  if (auth.basicAuth) {
    const header = [webhook.headers.authorization].flat()[0] ?? '';
    const expected = `Basic ${Buffer.from(`${auth.basicAuth.username}:${auth.basicAuth.password}`).toString('base64')}`;
    if (!equal(header, expected))
      throw refused('INVALID_BASIC_AUTH', 'The basic authentication does not match', 'webhook.parse');
  }
  let body: { live?: unknown; notificationItems?: Array<{ NotificationRequestItem?: AdyenNotificationItem }> };
  try {
    body = JSON.parse(webhook.rawBody) as typeof body; // any JSON: the shape is checked below
  } catch {
    throw refused('INVALID_BODY', 'The notification is not JSON', 'webhook.parse');
  }
  if (!Array.isArray(body?.notificationItems))
    throw refused('INVALID_BODY', 'The notification has no notificationItems', 'webhook.parse');
  if (auth.live !== undefined && body.live !== String(auth.live))
    throw refused('INVALID_LIVE_FLAG', 'live does not match the account', 'webhook.parse');
  const items = body.notificationItems.map((wrapper) => {
    const item = wrapper?.NotificationRequestItem;
    if (!item || typeof item !== 'object' || !item.amount)
      throw refused('INVALID_BODY', 'A notification item is malformed', 'webhook.parse');
    if (!verifyNotificationItem(item, auth.hmacKeys))
      throw refused('INVALID_SIGNATURE', "A notification item's HMAC signature does not verify", 'webhook.parse');
    return normalize(item);
  });
  const first = items[0];
  return {
    eventId: items.length === 1 && first ? first.eventId : items.map((i) => i.eventId).join(','),
    occurredAt: first?.occurredAt ?? new Date(0),
    reports: items.flatMap(reportOf),
    items,
  };
}

function normalize(item: AdyenNotificationItem): NormalizedNotification {
  const success = item.success === 'true';
  const reason = item.reason ?? null;
  const row = item.eventCode === 'AUTHORISATION' && !success ? refusalByText(reason) : null;
  const date = item.eventDate ? new Date(item.eventDate) : null;
  return {
    eventId: [item.pspReference, item.eventCode, item.success, item.originalReference ?? ''].join(':'),
    eventCode: item.eventCode,
    success,
    pspReference: item.pspReference,
    originalReference: item.originalReference || null,
    merchantReference: item.merchantReference,
    merchantAccountCode: item.merchantAccountCode,
    amount: { value: item.amount.value ?? null, currency: item.amount.currency ?? null },
    reason,
    occurredAt: date && !Number.isNaN(date.getTime()) ? date : null,
    refusal:
      item.eventCode === 'AUTHORISATION' && !success
        ? { code: row?.ours ?? 'CARD_DECLINED', message: reason ?? 'Refused' }
        : null,
    raw: item,
  };
}

/** The moves an item implies on its own (the rest of R2.9 needs the platform's records: the ingestion's). */
function reportOf(n: NormalizedNotification): StatusReport[] {
  const id = n.merchantReference;
  switch (n.eventCode) {
    case 'AUTHORISATION':
      return [
        { resource: 'card-payment', resourceId: id, status: n.success ? 'AUTHORIZED' : 'REFUSED', failure: n.refusal },
      ];
    case 'CAPTURE':
      return n.success ? [{ resource: 'card-payment', resourceId: id, status: 'CAPTURED', failure: null }] : [];
    case 'CANCELLATION':
    case 'TECHNICAL_CANCEL':
      return n.success ? [{ resource: 'card-payment', resourceId: id, status: 'VOIDED', failure: null }] : [];
    case 'REFUND':
      return [
        {
          resource: 'refund',
          resourceId: id,
          status: n.success ? 'SUCCEEDED' : 'FAILED',
          failure: n.success ? null : { code: 'PROVIDER_DECLINED', message: n.reason ?? 'Refund failed' },
        },
      ];
    case 'REFUND_FAILED':
      return [
        {
          resource: 'refund',
          resourceId: id,
          status: 'FAILED',
          failure: { code: 'PROVIDER_DECLINED', message: n.reason ?? 'Refund failed' },
        },
      ];
    default:
      return [];
  }
}
