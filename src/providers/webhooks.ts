import type { TransferStatus } from './banking.js';
import type { CashoutStatus } from './cashouts.js';
import type { CardPaymentStatus, Failure, PixChargeStatus, RefundStatus, ThreeDsStatus } from './payments.js';

/** A provider's webhook as it arrived: the raw body (signatures cover bytes) and the headers. */
export interface ProviderWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/**
 * `webhook.parse`: a verified webhook, normalized into status reports about our resources. `resourceId`
 * is our id (the idempotency key the resource was submitted under), the status is ours (mapped inside the
 * adapter), and `eventId` is the provider's id of the notification, to drop duplicates.
 */
export type StatusReport =
  | { resource: 'internal-transfer'; resourceId: string; status: TransferStatus; failure: Failure | null }
  | { resource: 'card-payment'; resourceId: string; status: CardPaymentStatus; failure: Failure | null }
  | { resource: 'refund'; resourceId: string; status: RefundStatus; failure: Failure | null }
  | {
      resource: 'pix-charge';
      resourceId: string;
      status: PixChargeStatus;
      failure: Failure | null;
      endToEndId: string | null;
      paidAt: Date | null;
    }
  | {
      resource: 'cashout';
      resourceId: string;
      status: CashoutStatus;
      failure: Failure | null;
      endToEndId: string | null;
    }
  | { resource: 'three-ds'; resourceId: string; status: ThreeDsStatus; failure: Failure | null };

export interface ParsedWebhook {
  eventId: string;
  occurredAt: Date;
  reports: StatusReport[];
}
