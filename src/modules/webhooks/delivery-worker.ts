import { randomUUID } from 'node:crypto';
import type { Config } from '../../runtime/config.js';
import type { DbHandle } from '../../db/client.js';
import { eventEnvelope } from '../../events/outbox.js';
import {
  attemptCountOf,
  claimDueForEndpoint,
  endpointsWithDueWork,
  loadDelivery,
  recordAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './deliveries.repo.js';
import { signingSecretsAt } from './endpoints.rules.js';
import { retryDelayAfterFailure } from './retry.rules.js';
import { createSender, type Sender } from './sender.js';
import { systemClock, type Clock } from '../../kernel/clock.js';
import { SecretBoxError, type SecretBox } from '../../crypto/secret-box.js';
import { openEndpointSecrets } from './endpoint-secrets.js';

export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: WorkerLogger = { info() {}, warn() {}, error() {} };

export interface DeliveryWorkerOptions {
  db: DbHandle;
  config: Pick<Config, 'env' | 'webhookRetrySchedule'>;
  /** Opens the endpoints' signing secrets (sealed at rest). */
  secretBox: SecretBox;
  logger?: WorkerLogger;
  /** Deliveries in flight at once for one endpoint, so a slow receiver holds only its own slots. */
  perEndpointConcurrency?: number;
  /** Deliveries in flight at once in this worker. */
  maxInFlight?: number;
  /** How long a claim holds; past it, another worker may take the message (a crashed worker's claims come back). */
  leaseMs?: number;
  pollIntervalMs?: number;
  /** Receiver timeout; the contract's 5 s unless a test shortens it. */
  timeoutMs?: number;
  /** Real time for signatures and leases; the attempt's recorded time and the retry go on the organization's clock (deliveries.repo.ts). */
  clock?: Clock;
  /** Serve only these organizations (a dedicated worker for a large tenant; tests sharing one database). */
  organizationIds?: string[];
}

export interface DeliveryWorker {
  /** One claim round; resolves when every delivery it started is recorded. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due (tests: with a zero-delay schedule, runs a message to DELIVERED or FAILED). */
  drain(maxRounds?: number): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The delivery worker. Any number of them (in servers or `npm run worker` processes, on any machine) share the
 * work through the database: claims use FOR UPDATE SKIP LOCKED plus a lease. Delivery is at least once: the
 * attempt is made, then recorded; a crash in between means another delivery after the lease, with the same id.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db } = options.db;
  const log = options.logger ?? silent;
  const perEndpoint = options.perEndpointConcurrency ?? 4;
  const maxInFlight = options.maxInFlight ?? 64;
  const timeoutMs = options.timeoutMs;
  // The lease outlives a whole attempt (timeout plus recording) by a wide margin.
  const leaseMs = options.leaseMs ?? Math.max(30_000, (timeoutMs ?? 5000) * 6);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const clock = options.clock ?? systemClock;
  const sender: Sender = createSender({ env: options.config.env, timeoutMs, clock });
  const workerId = randomUUID();

  const inFlightByEndpoint = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let ticking: Promise<void> | undefined;

  async function deliver(claim: ClaimedDelivery): Promise<void> {
    const found = await loadDelivery(db, claim.eventId, claim.endpointId);
    if (!found) return; // cannot happen: messages reference events
    const endpoint = found.endpoint;
    let outcome: AttemptOutcome;
    let retry: number | null;
    if (!endpoint || endpoint.deletedAt || endpoint.disabled) {
      // The endpoint was removed or disabled: deliveries stop (recover or replay sends them again).
      const error =
        endpoint?.disabled && !endpoint.deletedAt ? 'webhook endpoint is disabled' : 'no webhook endpoint configured';
      outcome = { at: clock.now(), url: endpoint?.url ?? '', statusCode: null, durationMs: 0, error, succeeded: false };
      retry = null;
    } else {
      const body = JSON.stringify(eventEnvelope(found.event));
      let opened: typeof endpoint;
      try {
        opened = openEndpointSecrets(options.secretBox, endpoint);
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        // The platform's key, not the receiver, is at fault: no attempt is charged; the lease expires and the delivery
        // is tried again once the key is right. The message says which endpoint, never the value.
        log.error(
          { eventId: claim.eventId, endpointId: claim.endpointId, reason: err.message },
          'webhook signing secret does not open with the configured key; delivery left for later',
        );
        return;
      }
      const secrets = signingSecretsAt(opened, clock.now());
      outcome = await sender.send({ url: endpoint.url, secret: secrets, eventId: claim.eventId, body });
      const failures = (await attemptCountOf(db, claim.eventId, claim.endpointId)) + 1;
      retry = outcome.succeeded ? null : retryDelayAfterFailure(failures, options.config.webhookRetrySchedule);
    }
    await db.transaction((tx) => recordAttempt(tx, claim, found.event.companyId, outcome, retry));
    log.info(
      {
        eventId: claim.eventId,
        endpointId: claim.endpointId,
        statusCode: outcome.statusCode,
        succeeded: outcome.succeeded,
        error: outcome.error ?? undefined,
      },
      'webhook attempt',
    );
  }

  function track(claim: ClaimedDelivery): Promise<void> {
    inFlightByEndpoint.set(claim.endpointId, (inFlightByEndpoint.get(claim.endpointId) ?? 0) + 1);
    const p = deliver(claim)
      .catch((err: unknown) =>
        log.error(
          { err, eventId: claim.eventId, endpointId: claim.endpointId },
          'webhook delivery could not be recorded; the lease will expire and it is retried',
        ),
      )
      .finally(() => {
        const left = (inFlightByEndpoint.get(claim.endpointId) ?? 1) - 1;
        if (left <= 0) inFlightByEndpoint.delete(claim.endpointId);
        else inFlightByEndpoint.set(claim.endpointId, left);
        inFlight.delete(p);
        if (running && !stopped) schedule(0); // a slot freed: look for more work now
      });
    inFlight.add(p);
    return p;
  }

  /** Claims what free slots allow and starts those deliveries; returns their promises. */
  async function claimRound(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    const full = [...inFlightByEndpoint].filter(([, n]) => n >= perEndpoint).map(([endpoint]) => endpoint);
    const due = await endpointsWithDueWork(db, full, 100, options.organizationIds);
    for (const { endpointId } of due) {
      const free = Math.min(perEndpoint - (inFlightByEndpoint.get(endpointId) ?? 0), maxInFlight - inFlight.size);
      if (free <= 0) continue;
      const claims = await claimDueForEndpoint(db, endpointId, free, leaseMs);
      for (const claim of claims) started.push(track(claim));
    }
    return started;
  }

  function tick(): Promise<void> {
    if (ticking || stopped) return ticking ?? Promise.resolve();
    ticking = claimRound()
      .then(() => undefined)
      .catch((err: unknown) => {
        // The database may be restarting: keep polling; nothing is lost, messages stay PENDING.
        log.warn({ err }, 'webhook worker could not claim work');
      })
      .finally(() => {
        ticking = undefined;
        if (running && !stopped) schedule(pollIntervalMs);
      });
    return ticking;
  }

  function schedule(ms: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  }

  return {
    async runOnce() {
      const started = await claimRound();
      await Promise.all(started);
      return started.length;
    },
    async drain(maxRounds = 50) {
      let total = 0;
      for (let i = 0; i < maxRounds; i++) {
        const n = await this.runOnce();
        if (n === 0) break;
        total += n;
      }
      return total;
    },
    start() {
      if (running) return;
      running = true;
      log.info({ workerId }, 'webhook delivery worker started');
      schedule(0);
    },
    async stop() {
      stopped = true;
      running = false;
      if (timer) clearTimeout(timer);
      await ticking; // a claim round under way still hands its deliveries to inFlight
      // In-flight deliveries end within the timeout; waiting avoids resending them after a clean stop.
      await Promise.allSettled([...inFlight]);
      await sender.close();
    },
  };
}

/** For server.ts and worker.ts: a running worker and its stop. */
export function startDeliveryWorker(options: DeliveryWorkerOptions): { stop(): Promise<void>; worker: DeliveryWorker } {
  const worker = createDeliveryWorker(options);
  worker.start();
  return { worker, stop: () => worker.stop() };
}
