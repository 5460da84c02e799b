import { unavailable, unknownOutcome } from '../errors.js';
import type { OperationName } from '../port.js';
import {
  BEHAVIOUR_OPERATIONS,
  behaviourFor,
  type BehaviourCounters,
  type BehaviourOperation,
  type SandboxBehaviour,
  type TechnicalFailureKind,
} from './behaviour.js';
import type { SandboxRecords } from './records.js';

/**
 * Where a SANDBOX account's behaviour (providers.md R7.1) lives: one sandbox record per account name, so every
 * instance and job runner applies the same behaviour and counts calls once. The adapter reads it before each call
 * of a listed operation; staff routes write it (provider-accounts' sandbox behaviour routes).
 */
export const BEHAVIOUR_KIND = 'behaviour';
export const BEHAVIOUR_KEY = 'current';

export interface StoredBehaviour {
  behaviour: SandboxBehaviour;
  counters: BehaviourCounters;
  /** The account's `timeout_ms` when the behaviour was set: a longer latency reads as a timeout. */
  timeout_ms: number;
  updated_at: string;
}

/**
 * "No behaviour" is remembered this long per account name in this process, so a normal sandbox call costs no
 * read; the staff routes forget it on every write, so this process sees a new behaviour at once (another instance
 * within the TTL).
 */
const ABSENT_TTL_MS = 1000;
const absent = new Map<string, number>();
/**
 * Bumped by every forget: a call whose read began before a staff write must not remember "no behaviour" after it
 * (under load the read can end after the write; its stale "absent" would hide the new behaviour for a second).
 */
const writes = new Map<string, number>();

export function forgetAbsentBehaviour(provider: string): void {
  absent.delete(provider);
  writes.set(provider, (writes.get(provider) ?? 0) + 1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const FAILED_CODES: Record<Exclude<TechnicalFailureKind, 'TIMEOUT'>, string> = {
  UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  AUTH_FAILED: 'PROVIDER_AUTH_FAILED',
  RATE_LIMITED: 'PROVIDER_RATE_LIMITED',
};

const isBehaviourOperation = (op: string): op is BehaviourOperation =>
  (BEHAVIOUR_OPERATIONS as readonly string[]).includes(op);

/** One call's effect, taken from the record (its counters moved under compare-and-swap). */
async function takeEffect(store: SandboxRecords, provider: string, operation: BehaviourOperation) {
  // Concurrent calls of one account race on its counters: each loser reads again after a short random pause.
  for (let i = 0; i < 500; i++) {
    if (i > 0) await sleep(Math.random() * Math.min(20, i));
    const held = await store.read<StoredBehaviour>(provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY);
    if (!held) return null;
    if (!held.value.behaviour.operations.includes(operation)) return null;
    const step = behaviourFor(held.value.behaviour, held.value.counters, operation);
    if (
      await store.replace(provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY, held.version, {
        ...held.value,
        counters: step.counters,
      })
    ) {
      return { ...step, timeout_ms: held.value.timeout_ms };
    }
  }
  throw new Error('sandbox behaviour kept changing');
}

/**
 * Runs `run` (the sandbox's normal answer) under the account's behaviour: the latency first; a technical failure
 * (UNAVAILABLE / AUTH_FAILED / RATE_LIMITED apply nothing; TIMEOUT applies the call and answers nothing); a decline
 * of `card.authorize`; else the normal answer. A latency above the account's timeout is a read timeout.
 */
export async function withBehaviour<T>(
  store: SandboxRecords,
  provider: string,
  operation: OperationName,
  key: string | undefined,
  run: () => Promise<T>,
  now: () => number = () => performance.now(),
): Promise<T> {
  if (!isBehaviourOperation(operation)) return run();
  const known = absent.get(provider);
  if (known !== undefined && now() - known < ABSENT_TTL_MS) return run();
  const generation = writes.get(provider) ?? 0;
  const effect = await takeEffect(store, provider, operation);
  if (!effect) {
    if ((writes.get(provider) ?? 0) === generation) absent.set(provider, now());
    return run();
  }
  if (effect.latency_ms > effect.timeout_ms) {
    await sleep(effect.timeout_ms);
    await run().catch(() => undefined);
    throw unknownOutcome(`${provider} did not answer within ${effect.timeout_ms} ms`, operation);
  }
  if (effect.latency_ms > 0) await sleep(effect.latency_ms);
  const e = effect.effect;
  if (e.kind === 'technical_failure') {
    if (e.failure === 'TIMEOUT') {
      await run().catch(() => undefined);
      throw unknownOutcome(`${provider} timed out (sandbox behaviour)`, operation);
    }
    throw unavailable(`${provider} failed (sandbox behaviour: ${e.failure})`, operation, FAILED_CODES[e.failure]);
  }
  if (e.kind === 'decline') {
    // Nothing is authorized: the payment is refused before the sandbox records it (a later sync finds nothing).
    const declined = {
      providerPaymentId: `pay_declined_${key ?? 'none'}`,
      status: 'REFUSED',
      authorizedAmount: 0,
      capturedAmount: 0,
      authorizationCode: null,
      refusal: { code: e.refusal_code, message: 'Declined (sandbox behaviour)', retryable: false },
    };
    return declined as T;
  }
  return run();
}
