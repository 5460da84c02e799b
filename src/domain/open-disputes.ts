/**
 * money.md M4: anticipation needs "a transaction with no open dispute". Open = OPEN or UNDER_REVIEW (the money is
 * still held and the outcome unknown). One definition read by the disputes area and by anticipation's eligibility.
 */
export const OPEN_DISPUTE_STATUSES = ['OPEN', 'UNDER_REVIEW'] as const;
