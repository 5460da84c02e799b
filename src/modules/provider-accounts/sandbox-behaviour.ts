import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { DatabaseSandboxRecords } from '../../providers/sandbox/database-records.js';
import type { Clock } from '../../kernel/clock.js';
import { conflictWithReason } from '../../kernel/errors.js';
import {
  BEHAVIOUR_OPERATIONS,
  DEFAULT_BEHAVIOUR_OPERATIONS,
  freshCounters,
  type SandboxBehaviour,
} from '../../providers/sandbox/behaviour.js';
import {
  BEHAVIOUR_KEY,
  BEHAVIOUR_KIND,
  forgetAbsentBehaviour,
  type StoredBehaviour,
} from '../../providers/sandbox/behaviour-store.js';
import { REFUSAL_CODES } from '../../domain/payment-limits.js';
import { requireAccount } from './provider-accounts.service.js';

/** providers.md R7.1: a SANDBOX account's behaviour, set by staff (sandbox only). */

const trigger = { next: z.int().min(1).max(1000).optional(), rate_percent: z.number().min(0).max(100).optional() };
const oneTrigger = (v: { next?: number; rate_percent?: number }, ctx: z.RefinementCtx) => {
  if ((v.next === undefined) === (v.rate_percent === undefined)) {
    ctx.addIssue({
      code: 'custom',
      message: 'exactly one of next and rate_percent',
      params: { type: 'INVALID_FORMAT' },
    });
  }
};
const upper = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), schema);

export const behaviourBody = z.strictObject({
  operations: z.array(z.enum(BEHAVIOUR_OPERATIONS)).min(1).optional(),
  technical_failure: z
    .strictObject({ kind: upper(z.enum(['UNAVAILABLE', 'TIMEOUT', 'AUTH_FAILED', 'RATE_LIMITED'])), ...trigger })
    .superRefine(oneTrigger)
    .nullable()
    .optional(),
  decline: z
    .strictObject({ refusal_code: upper(z.enum(REFUSAL_CODES)), ...trigger })
    .superRefine(oneTrigger)
    .nullable()
    .optional(),
  latency_ms: z.int().min(0).max(60_000).optional(),
  seed: z.string().min(1).max(64).optional(),
});
export type BehaviourBody = z.infer<typeof behaviourBody>;

const triggerView = { next: z.int().optional(), rate_percent: z.number().optional() };
export const behaviourSchema = z.object({
  provider_account_id: z.string(),
  provider: z.string(),
  operations: z.array(z.string()),
  technical_failure: z.object({ kind: z.string(), ...triggerView }).nullable(),
  decline: z.object({ refusal_code: z.string(), ...triggerView }).nullable(),
  latency_ms: z.int(),
  seed: z.string(),
  calls: z.int(),
  remaining: z.object({ technical_failure: z.int().nullable(), decline: z.int().nullable() }),
  updated_at: z.string().nullable(),
});

type Account = Awaited<ReturnType<typeof requireAccount>>;

const normal = (account: Account): SandboxBehaviour => ({
  operations: [...DEFAULT_BEHAVIOUR_OPERATIONS],
  technical_failure: null,
  decline: null,
  latency_ms: 0,
  seed: account.id,
});

function view(account: Account, stored: StoredBehaviour | undefined) {
  const behaviour = stored?.behaviour ?? normal(account);
  const counters = stored?.counters ?? freshCounters(behaviour);
  return {
    provider_account_id: account.id,
    provider: account.provider,
    operations: [...behaviour.operations],
    technical_failure: behaviour.technical_failure,
    decline: behaviour.decline,
    latency_ms: behaviour.latency_ms,
    seed: behaviour.seed,
    calls: counters.calls,
    remaining: counters.remaining,
    updated_at: stored?.updated_at ?? null,
  };
}

async function sandboxAccount(db: Database, id: string): Promise<Account> {
  const account = await requireAccount(db, id);
  if (account.connector !== 'SANDBOX')
    throw conflictWithReason(
      `${account.provider} is not a SANDBOX account`,
      'provider_account_id',
      id,
      'NOT_A_SANDBOX_PROVIDER',
    );
  return account;
}

export async function getBehaviour(db: Database, id: string) {
  const account = await sandboxAccount(db, id);
  const held = await new DatabaseSandboxRecords(db).read<StoredBehaviour>(
    account.provider,
    BEHAVIOUR_KIND,
    BEHAVIOUR_KEY,
  );
  return view(account, held?.value);
}

/** PUT: the behaviour replaced as a whole, its counters restarted. */
export async function putBehaviour(db: Database, clock: Clock, id: string, body: BehaviourBody) {
  const account = await sandboxAccount(db, id);
  const behaviour: SandboxBehaviour = {
    operations: body.operations ? [...new Set(body.operations)] : [...DEFAULT_BEHAVIOUR_OPERATIONS],
    technical_failure: (body.technical_failure ?? null) as SandboxBehaviour['technical_failure'],
    decline: (body.decline ?? null) as SandboxBehaviour['decline'],
    latency_ms: body.latency_ms ?? 0,
    seed: body.seed ?? account.id,
  };
  const stored: StoredBehaviour = {
    behaviour,
    counters: freshCounters(behaviour),
    timeout_ms: account.timeoutMs,
    updated_at: clock.now().toISOString(),
  };
  const records = new DatabaseSandboxRecords(db);
  for (let i = 0; i < 20; i++) {
    const held = await records.read<StoredBehaviour>(account.provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY);
    const written = held
      ? await records.replace(account.provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY, held.version, stored)
      : (await records.claim(account.provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY, stored)).value.updated_at ===
        stored.updated_at;
    if (written) break;
  }
  forgetAbsentBehaviour(account.provider);
  return view(account, stored);
}

/** DELETE: back to the normal sandbox. */
export async function resetBehaviour(db: Database, id: string) {
  const account = await sandboxAccount(db, id);
  const records = new DatabaseSandboxRecords(db);
  for (let i = 0; i < 20; i++) {
    const held = await records.read<StoredBehaviour>(account.provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY);
    if (!held || (await records.remove(account.provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY, held.version))) break;
  }
  forgetAbsentBehaviour(account.provider);
  return view(account, undefined);
}
