import { performance } from 'node:perf_hooks';
import {
  IDENTITY_DOCUMENT_TYPES,
  OPERATION_NAMES,
  OTHER_DOCUMENT_TYPES,
  type DocumentTypeName,
  type HealthCheckResult,
  type OperationName,
  type PaymentProvider,
  type ProviderCapabilities,
  type ProviderName,
  type ProviderOperations,
} from '../port.js';
import { SandboxBanking } from './banking.js';
import { SandboxCashouts } from './cashouts.js';
import { FaultPlan } from './faults.js';
import { withBehaviour } from './behaviour-store.js';
import { SandboxPayments } from './payments.js';
import { parseSandboxWebhook } from './webhooks.js';
import { MemoryRecords, type SandboxRecords } from './records.js';
import type { CardOpener } from '../card-opening.js';

const WITHOUT_RNE = IDENTITY_DOCUMENT_TYPES.filter((t) => !t.startsWith('RNE_'));
/** INTERNAL is the platform's own ledger: it holds accounts and moves money between them, nothing else. */
const INTERNAL_OPERATIONS: readonly OperationName[] = [
  'bank-account.open',
  'bank-account.sync',
  'internal-transfer.submit',
  'internal-transfer.sync',
  'pix-key.register',
  'pix-key.delete',
  'pix-key.sync',
  'dict.lookup',
  'webhook.parse',
];

/** product.md §6: PROVIDER_A accepts CNH and RG but not RNE; PROVIDER_B accepts all three; both every other type. */
export const SANDBOX_CAPABILITIES: Record<ProviderName, ProviderCapabilities> = {
  PROVIDER_A: {
    operations: OPERATION_NAMES,
    companyOnboarding: true,
    acceptedDocumentTypes: [...WITHOUT_RNE, ...OTHER_DOCUMENT_TYPES] as DocumentTypeName[],
  },
  PROVIDER_B: {
    operations: OPERATION_NAMES,
    companyOnboarding: true,
    acceptedDocumentTypes: [...IDENTITY_DOCUMENT_TYPES, ...OTHER_DOCUMENT_TYPES],
  },
  INTERNAL: { operations: INTERNAL_OPERATIONS, companyOnboarding: false, acceptedDocumentTypes: [] },
};

/** A staff-created SANDBOX account behaves like PROVIDER_B for payments and banking, with no company onboarding (R1.5). */
export const STAFF_SANDBOX_CAPABILITIES: ProviderCapabilities = {
  operations: OPERATION_NAMES,
  companyOnboarding: false,
  acceptedDocumentTypes: [],
};

export interface SandboxOptions {
  /** Fault hooks shared by every sandbox provider built with these options (tests inject through it). */
  faults?: FaultPlan;
  /** Secret of the sandbox's webhook signatures. */
  webhookSecret?: string;
  /** Opens an `ev:` card value (the vault); without it such cards approve like any other. */
  openCard?: CardOpener;
  /** Where the providers remember what they were sent (records.ts): shared by every instance, or in memory. */
  records?: SandboxRecords;
}

export const SANDBOX_WEBHOOK_SECRET = 'sandbox-provider-webhook-secret';

type Impl = {
  [K in OperationName]: (
    req: Parameters<ProviderOperations[K]>[0],
  ) => Awaited<ReturnType<ProviderOperations[K]>> | ReturnType<ProviderOperations[K]>;
};

// Declaration merging: the constructor installs one method per operation, so the class carries every one the
// port names without writing each out (the merged interface adds no member the constructor does not install).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface SandboxProvider extends ProviderOperations {}

/**
 * A sandbox provider: every operation of the port, in-process, so the sandbox runs with one command.
 * Answers are deterministic functions of the idempotency key; every call runs through the fault plan.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class SandboxProvider implements PaymentProvider {
  readonly capabilities: ProviderCapabilities;
  readonly faults: FaultPlan;
  private failure: string | null = null;

  constructor(
    readonly name: ProviderName,
    options: SandboxOptions = {},
  ) {
    this.capabilities = SANDBOX_CAPABILITIES[name] ?? STAFF_SANDBOX_CAPABILITIES;
    this.faults = options.faults ?? new FaultPlan();
    const records = options.records ?? new MemoryRecords();
    const banking = new SandboxBanking(name, records);
    const payments = new SandboxPayments(name, options.openCard, records);
    const cashouts = new SandboxCashouts(name, banking, records);
    const secret = options.webhookSecret ?? SANDBOX_WEBHOOK_SECRET;
    const impl: Impl = {
      'bank-account.open': (r) => banking.openAccount(r),
      'bank-account.sync': (r) => banking.syncAccount(r),
      'internal-transfer.submit': (r) => banking.submitTransfer(r),
      'internal-transfer.sync': (r) => banking.syncTransfer(r),
      'pix-key.register': (r) => banking.registerPixKey(r),
      'pix-key.delete': (r) => banking.deletePixKey(r),
      'pix-key.sync': (r) => banking.syncPixKey(r),
      'dict.lookup': (r) => banking.lookup(r),
      'card.authorize': (r) => payments.authorize(r),
      'card.capture': (r) => payments.capture(r),
      'card.void': (r) => payments.void(r),
      'card.sync': (r) => payments.syncCard(r),
      'card.refund': (r) => payments.refund(r, 'card'),
      'card.refund-sync': (r) => payments.syncRefund(r),
      'pix.charge': (r) => payments.charge(r),
      'pix.cancel': (r) => payments.cancelCharge(r),
      'pix.sync': (r) => payments.syncCharge(r),
      'pix.refund': (r) => payments.refund(r, 'pix'),
      'pix.refund-sync': (r) => payments.syncRefund(r),
      'three-ds.authenticate': (r) => payments.authenticate(r),
      'three-ds.sync': (r) => payments.syncThreeDs(r),
      'cashout.submit': (r) => cashouts.submit(r),
      'cashout.sync': (r) => cashouts.sync(r),
      'webhook.parse': (r) => parseSandboxWebhook(secret, r),
    };
    for (const operation of this.capabilities.operations) {
      const run = impl[operation] as (req: unknown) => unknown;
      const key = (req: unknown) => (req as { idempotencyKey?: string }).idempotencyKey;
      // One tick first, as a network call would yield; then the fault plan decides what the caller sees.
      (this as unknown as Record<string, unknown>)[operation] = (req: unknown) =>
        this.faults.run(operation, key(req), async () => {
          await tick();
          // providers.md R7.1: the account's behaviour (set by staff) applies before the normal answer.
          return withBehaviour(records, name, operation, key(req), async () => run(req));
        });
    }
  }

  /** Test and fault hook: a non-null reason makes every health check fail with it. */
  simulateOutage(reason: string | null): void {
    this.failure = reason;
  }

  async healthCheck(): Promise<HealthCheckResult> {
    const started = performance.now();
    await tick();
    const responseTimeMs = Math.round(performance.now() - started);
    return this.failure ? { ok: false, responseTimeMs, error: this.failure } : { ok: true, responseTimeMs };
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
