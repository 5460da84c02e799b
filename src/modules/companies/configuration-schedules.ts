import type { Executor } from '../../db/client.js';
import type { CompanyRow } from '../../db/schema/index.js';
import { addDays, type CivilDate } from '../../domain/business-calendar.js';
import { nextSlot, scheduleOf, slotName } from '../../domain/payout-schedules.js';
import { enqueueJob } from '../../jobs/queue.js';

/**
 * The jobs a company's settings start (money.md M4, M5), apart from their handlers (docs/decisions/payments.md,
 * "job kinds apart from their handlers"): setting transfer_configurations schedules the merchant's next automatic
 * cashout slot, turning automatic anticipation on starts the organization's daily run. The company settings
 * schedule them where a reader of the use case sees it; the cashouts and anticipations areas run them and schedule
 * each next one, without the companies area importing either.
 */

/** One job per merchant and slot (dedupe key), on the organization's clock; it schedules the next one. */
export const AUTOMATIC_CASHOUT_JOB = 'cashout.automatic-slot';

const slotKey = (companyId: string, slot: Date) => `${AUTOMATIC_CASHOUT_JOB}:${companyId}:${slotName(slot)}`;

/**
 * Schedules the merchant's first slot after `after` (nothing when automatic cashouts are off). Called in the
 * transaction that sets transfer_configurations, and by each slot for the next: the dedupe key makes every
 * slot one job whoever schedules it, and a missed slot's job, run late, schedules the next missed one, so
 * missed slots run in order.
 */
export async function scheduleNextSlot(
  ex: Executor,
  company: Pick<CompanyRow, 'id' | 'organizationId' | 'transferConfigurations'>,
  after: Date,
  now: Date,
): Promise<void> {
  const schedule = scheduleOf(company.transferConfigurations);
  if (!schedule) return;
  const slot = nextSlot(schedule, after);
  await enqueueJob(
    ex,
    {
      kind: AUTOMATIC_CASHOUT_JOB,
      runAt: slot,
      payload: { companyId: company.id, slot: slotName(slot) },
      dedupeKey: slotKey(company.id, slot),
      organizationId: company.organizationId ?? company.id,
    },
    now,
  );
}

export const AUTOMATIC_ANTICIPATION_JOB = 'anticipation.automatic';
const DAY_MS = 86_400_000;
/** M4: automatic anticipation runs daily at 03:05 UTC (after the 03:00 settlements). */
export const automaticInstant = (date: CivilDate): Date => new Date(Date.parse(`${date}T03:05:00Z`));
/** The first 03:05 UTC slot at or after `now`, with the São Paulo date it anticipates to. */
export function nextAutomaticSlot(now: Date): { date: CivilDate; at: Date } {
  const utcDate = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const today = automaticInstant(utcDate);
  const date = today.getTime() >= now.getTime() ? utcDate : addDays(utcDate, 1);
  return { date, at: automaticInstant(date) };
}

/**
 * Schedules an organization's daily automatic-anticipation run from `now` on (once per day: dedupe key per
 * organization and date). Called when a merchant turns automatic anticipation on; each run schedules the next.
 */
export async function scheduleAutomaticAnticipation(
  tx: Executor,
  organizationId: string,
  now: Date,
  date?: CivilDate,
): Promise<void> {
  const slot = date ? { date, at: automaticInstant(date) } : nextAutomaticSlot(now);
  await enqueueJob(
    tx,
    {
      kind: AUTOMATIC_ANTICIPATION_JOB,
      runAt: slot.at,
      payload: { organizationId, date: slot.date },
      dedupeKey: `${AUTOMATIC_ANTICIPATION_JOB}:${organizationId}:${slot.date}`,
      organizationId,
    },
    now,
  );
}
