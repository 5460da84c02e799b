import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../kernel/clock.js';
import type { PublicKeyRing } from '../../../kernel/encryption-keys.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import type { QrImages } from '../pix/qr-images.js';

/** What the transaction use cases and jobs are handed (routes and the composition root build it the same way). */
export interface TransactionDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** The public key ring (kid checks without decrypting); absent when card keys are off. */
  keys?: PublicKeyRing;
  /** SANDBOX_AUTOPILOT in the sandbox: delayed cards and small PIX settle by themselves (P9). */
  autopilot: boolean;
  /** Draws the PIX QR code (in process or in its own thread: the composition root decides). */
  qrImages: QrImages;
  /** A request_id claim's lease (config `recovery.requestLeaseMs`); default IN_PROGRESS_LEASE_MS. */
  requestLeaseMs?: number;
}

/**
 * What the app hands the payments context to build its use cases' dependencies: a structural slice of the app's
 * dependencies (the composition root and route plugins pass theirs), so no area imports src/deps.ts.
 */
export interface PaymentsHost {
  config: {
    env: string;
    sandboxAutopilot: boolean;
    /** Crash-recovery waits (src/runtime/config.ts); absent: the 30 s defaults. */
    recovery?: { requestLeaseMs: number; refundRecoveryAfterMs: number };
  };
  db: { db: Database };
  clock: Clock;
  providers: ProviderRegistry;
  vault?: PublicKeyRing | undefined;
  qrImages: QrImages;
}

export function transactionDeps(deps: PaymentsHost): TransactionDeps {
  return {
    db: deps.db.db,
    clock: deps.clock,
    providers: deps.providers,
    keys: deps.vault,
    autopilot: deps.config.env === 'sandbox' && deps.config.sandboxAutopilot,
    qrImages: deps.qrImages,
    requestLeaseMs: deps.config.recovery?.requestLeaseMs,
  };
}
