import { and, eq, like, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { storedCards } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobHandler, JobResult } from '../../jobs/registry.js';
import type { KeyRotation, StoredCardNumbers, VaultHandle } from '../../kernel/encryption-keys.js';

export const REENCRYPT_CARDS = 'cards.reencrypt';
export const RETIRE_KEY = 'encryption-keys.retire';
const BATCH = 100;
const DAY_MS = 24 * 3600 * 1000;

/** Stored numbers under a kid: `ev:v1:{kid}:` (LIKE wildcards in the kid escaped). */
const underKid = (kid: string) =>
  like(storedCards.numberCiphertext, `ev:v1:${kid.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`);

/**
 * Queued in the rotation's transaction (P6): stored cards under the old key are re-encrypted now, in the
 * background, and the old key is retired once its RETIRING period is over and nothing references it.
 */
export async function scheduleKeyRotationWork(tx: Executor, rotation: KeyRotation, now: Date): Promise<void> {
  await enqueueJob(
    tx,
    {
      kind: REENCRYPT_CARDS,
      runAt: now,
      payload: { kid: rotation.previousKid },
      dedupeKey: `${REENCRYPT_CARDS}:${rotation.previousKid}`,
    },
    now,
  );
  await enqueueJob(
    tx,
    {
      kind: RETIRE_KEY,
      runAt: rotation.notAfter,
      payload: { kid: rotation.previousKid },
      dedupeKey: `${RETIRE_KEY}:${rotation.previousKid}`,
    },
    now,
  );
}

export interface CardJobDeps {
  db: Database;
  vault: VaultHandle;
  /** Re-encrypts stored numbers (the port's adapter is in src/vault). */
  storedNumbers: StoredCardNumbers;
  clock: Clock;
  batchSize?: number;
}

/** The cards area's job handlers by kind, for the composition root's JobRegistry. */
export function cardJobHandlers(deps: CardJobDeps): Record<string, JobHandler> {
  return {
    [REENCRYPT_CARDS]: (job) => reencryptBatch(deps, String(job.payload.kid)),
    [RETIRE_KEY]: (job) => retireWhenUnreferenced(deps, String(job.payload.kid)),
  };
}

/**
 * One batch of stored numbers under `kid`, re-encrypted under the ACTIVE key; runs again at once while more
 * remain. Idempotent: each row is updated only if it still holds the ciphertext that was read.
 * A number that no longer decrypts cannot be charged: its card becomes INVALID.
 */
export async function reencryptBatch(deps: CardJobDeps, kid: string): Promise<JobResult> {
  const size = deps.batchSize ?? BATCH;
  const rows = await deps.db
    .select({ id: storedCards.id, value: storedCards.numberCiphertext })
    .from(storedCards)
    .where(underKid(kid))
    .limit(size);
  for (const row of rows) {
    const now = deps.clock.now();
    const next = await deps.storedNumbers.reencrypt(row.value);
    if (next === null) {
      await deps.db
        .update(storedCards)
        .set({ status: 'INVALID', numberCiphertext: 'ev:invalid', updatedAt: now })
        .where(and(eq(storedCards.id, row.id), eq(storedCards.numberCiphertext, row.value)));
      continue;
    }
    await deps.db
      .update(storedCards)
      .set({ numberCiphertext: next, updatedAt: now })
      .where(and(eq(storedCards.id, row.id), eq(storedCards.numberCiphertext, row.value)));
  }
  return rows.length === size ? { rescheduleAt: deps.clock.now() } : undefined;
}

/** RETIRING -> RETIRED when its time has come and no stored card references it; else later. */
export async function retireWhenUnreferenced(deps: CardJobDeps, kid: string): Promise<JobResult> {
  const [counted] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(storedCards)
    .where(underKid(kid));
  const n = counted?.n ?? 0; // a count without group by answers one row
  const now = deps.clock.now();
  if (n > 0) return { rescheduleAt: new Date(now.getTime() + DAY_MS) };
  if (await deps.vault.retire(kid)) return undefined;
  const status = await deps.vault.statusOf(kid);
  // Not RETIRING any more (retired already, or unknown): nothing to do. Still RETIRING: its time has not come.
  return status === 'RETIRING' ? { rescheduleAt: new Date(now.getTime() + DAY_MS) } : undefined;
}
