import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../src/index.js';

const SECRET = `whsec_${Buffer.from('a-test-secret-of-32-bytes-length').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;

const envelope = {
  id: 'evt-1',
  type: 'refund.created',
  version: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
  source: 'payment-platform',
  company_id: 'c1',
  correlation_id: 'r1',
  payload: { id: 'rf1', transaction_id: 't1', amount: 100, status: 'PENDING' },
};

/** A delivery as the platform sends it: Standard Webhooks headers over the raw body. */
function signed(body: string, secrets: string[] = [SECRET], at = new Date()) {
  const id = 'msg-1';
  const signature = secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

describe('verifyWebhook', () => {
  const body = JSON.stringify(envelope);

  it('answers the typed event for a delivery signed with the secret (Node headers, Fetch Headers, bytes)', () => {
    const headers = signed(body);
    const event: WebhookEvent = verifyWebhook(SECRET, headers, body);
    expect(event).toEqual(envelope);
    expect(verifyWebhook(SECRET, new Headers(headers), new TextEncoder().encode(body))).toEqual(envelope);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(verifyWebhook(SECRET, upper, Buffer.from(body))).toEqual(envelope);
  });

  it.each([
    ['a tampered body', () => verifyWebhook(SECRET, signed(body), body.replace('"amount":100', '"amount":999'))],
    ['another secret', () => verifyWebhook(OTHER, signed(body), body)],
    ['no signature headers', () => verifyWebhook(SECRET, {}, body)],
    [
      'a stale timestamp',
      () => verifyWebhook(SECRET, signed(body, [SECRET], new Date(Date.now() - 10 * 60_000)), body),
    ],
    ['a signed body that is not an envelope', () => verifyWebhook(SECRET, signed('[1,2]'), '[1,2]')],
    ['no secret at all', () => verifyWebhook([], signed(body), body)],
  ])('throws WebhookVerificationError for %s', (_, verify) => {
    expect(verify).toThrow(WebhookVerificationError);
  });

  it('verifies with either secret while one is rotated (two signatures, or the old or new one alone)', () => {
    expect(verifyWebhook([SECRET, OTHER], signed(body, [OTHER, SECRET]), body).id).toBe('evt-1');
    expect(verifyWebhook([OTHER, SECRET], signed(body, [SECRET]), body).id).toBe('evt-1');
    expect(verifyWebhook(OTHER, signed(body, [SECRET, OTHER]), body).id).toBe('evt-1');
  });

  it('narrows the payload by type', () => {
    const event = verifyWebhook(SECRET, signed(body), body);
    // A compile-time check as much as a runtime one: `payload.amount` exists on refund.created only after narrowing.
    expect(event.type === 'refund.created' ? event.payload.amount : undefined).toBe(100);
  });
});
