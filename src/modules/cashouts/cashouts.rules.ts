import { slotName } from '../../domain/payout-schedules.js';
import { defineStateMachine } from '../../kernel/state-machine.js';

/**
 * Pure rules of cashouts (money.md M5): the status table, returns (window, ceiling, status after), the
 * sandbox's magic amounts, and automatic cashouts (slots of a transfer configuration, the amount). No I/O.
 */

export const CASHOUT_STATUSES = ['PENDING', 'COMPLETED', 'PARTIALLY_RETURNED', 'RETURNED', 'FAILED'] as const;
export type CashoutStatusName = (typeof CASHOUT_STATUSES)[number];

/** PENDING while the provider has not answered; FAILED and RETURNED are terminal. */
export const cashoutStates = defineStateMachine<CashoutStatusName>('Cashout', {
  PENDING: ['COMPLETED', 'FAILED'],
  COMPLETED: ['PARTIALLY_RETURNED', 'RETURNED'],
  PARTIALLY_RETURNED: ['PARTIALLY_RETURNED', 'RETURNED'],
  RETURNED: [],
  FAILED: [],
});

export const RETURN_REASONS = ['RETURNED_BY_RECEIVER', 'MED_FRAUDE', 'MED_OPERACIONAL'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const CASHOUT_ERROR_CODES = [
  'DESTINATION_ACCOUNT_CLOSED',
  'DESTINATION_KEY_NOT_FOUND',
  'DESTINATION_OWNER_MISMATCH',
  'PROVIDER_REJECTED',
  'PROVIDER_UNAVAILABLE',
] as const;
export type CashoutErrorCode = (typeof CASHOUT_ERROR_CODES)[number];

/** A provider's failure code in our vocabulary; anything else it says is PROVIDER_REJECTED. */
export function cashoutErrorCode(code: string | null | undefined): CashoutErrorCode {
  return (CASHOUT_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as CashoutErrorCode)
    : 'PROVIDER_REJECTED';
}

/** A return comes within 90 x 24 hours of completed_at. */
export const RETURN_WINDOW_MS = 90 * 24 * 3_600_000;

export type ReturnCheck =
  | { ok: true; status: 'PARTIALLY_RETURNED' | 'RETURNED'; returnedAmount: number }
  | { ok: false; reason: 'RETURN_WINDOW_CLOSED' | 'RETURN_EXCEEDS_AMOUNT' | 'NOT_RETURNABLE' };

/** Whether a return of `amount` is accepted now, and the cashout's status and returned total after it. */
export function checkReturn(
  c: { status: CashoutStatusName; amount: number; returnedAmount: number; completedAt: Date | null },
  amount: number,
  now: Date,
): ReturnCheck {
  if ((c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_RETURNED') || !c.completedAt)
    return { ok: false, reason: 'NOT_RETURNABLE' };
  if (now.getTime() - c.completedAt.getTime() > RETURN_WINDOW_MS) return { ok: false, reason: 'RETURN_WINDOW_CLOSED' };
  const returnedAmount = c.returnedAmount + amount;
  if (amount < 1 || returnedAmount > c.amount) return { ok: false, reason: 'RETURN_EXCEEDS_AMOUNT' };
  return { ok: true, status: returnedAmount === c.amount ? 'RETURNED' : 'PARTIALLY_RETURNED', returnedAmount };
}

/** A return of half is rounded down. */
export const halfOf = (amount: number) => Math.floor(amount / 2);

/** SANDBOX_AUTOPILOT magic amounts (money.md M8), by the cents of the amount. */
export type SandboxScript =
  | { outcome: 'FAILED'; errorCode: 'DESTINATION_ACCOUNT_CLOSED' }
  | { outcome: 'COMPLETED'; returnAfterMs: number | null; returnAmount: number };
export const SANDBOX_RETURN_AFTER_MS = 3_600_000;
export function sandboxScript(amount: number): SandboxScript {
  const cents = amount % 100;
  if (cents === 91) return { outcome: 'FAILED', errorCode: 'DESTINATION_ACCOUNT_CLOSED' };
  if (cents === 92) return { outcome: 'COMPLETED', returnAfterMs: SANDBOX_RETURN_AFTER_MS, returnAmount: amount };
  if (cents === 93)
    return { outcome: 'COMPLETED', returnAfterMs: SANDBOX_RETURN_AFTER_MS, returnAmount: halfOf(amount) };
  return { outcome: 'COMPLETED', returnAfterMs: null, returnAmount: 0 };
}

// Automatic cashouts.

export type { TransferConfiguration, Schedule } from '../../domain/payout-schedules.js';
export {
  configurationIssues,
  isScheduledDay,
  isSlot,
  nextSlot,
  scheduleOf,
  slotName,
} from '../../domain/payout-schedules.js';
export const automaticRequestId = (bankAccountId: string, slot: Date) => `auto:${bankAccountId}:${slotName(slot)}`;

/** The amount an automatic cashout takes: what is above min_balance once the price is paid (< 1: none). */
export const automaticAmount = (available: number, minBalance: number, price: number) => available - minBalance - price;
