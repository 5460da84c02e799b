import { randomBytes } from 'node:crypto';

/** product.md §15: at most 10 endpoints per organization (the staff endpoint of §4 is one of them). */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 10;

/** product.md §15: after a rotation both secrets sign for 24 hours, so receivers can switch without a gap. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** "Every event type" in `enabled_events`. */
export const ALL_EVENTS = '*';

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Whether an endpoint subscribed to `enabledEvents` receives `type` (`webhook.test` goes only where it is sent). */
export function endpointReceives(enabledEvents: readonly string[], type: string): boolean {
  if (type === 'webhook.test') return false;
  return enabledEvents.includes(ALL_EVENTS) || enabledEvents.includes(type);
}

/** The secrets that sign a delivery at `now`: the current one, and the previous one while its overlap lasts. */
export function signingSecretsAt(
  endpoint: { signingSecret: string; previousSigningSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const previousValid =
    endpoint.previousSigningSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > now.getTime();
  return previousValid ? [endpoint.signingSecret, endpoint.previousSigningSecret!] : [endpoint.signingSecret];
}

export type MessageStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

/** product.md §15: DELIVERED when every endpoint got it, FAILED when one gave up, else PENDING. */
export function messageStatusOf(deliveries: readonly MessageStatus[]): MessageStatus {
  if (deliveries.includes('FAILED')) return 'FAILED';
  if (deliveries.length > 0 && deliveries.every((s) => s === 'DELIVERED')) return 'DELIVERED';
  return 'PENDING';
}
