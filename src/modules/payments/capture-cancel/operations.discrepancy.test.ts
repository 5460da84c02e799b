import { describe, expect, it } from 'vitest';
import { syncDiscrepancy } from './operations.discrepancy.js';

describe('syncDiscrepancy (R5.2)', () => {
  it.each([
    ['capture', 'succeeded', 'AUTHORIZED', 'CARD', null],
    ['capture', 'succeeded', 'APPROVED', 'CARD', null],
    ['capture', 'succeeded', 'CANCELED', 'CARD', 'OUTCOME_CONFLICT'],
    ['capture', 'succeeded', 'REFUSED', 'CARD', 'OUTCOME_CONFLICT'],
    ['capture', 'refused', 'AUTHORIZED', 'CARD', null],
    ['capture', 'refused', 'APPROVED', 'CARD', 'CAPTURE_FAILED_AFTER_APPROVAL'],
    ['capture', 'refused', 'CANCELED', 'CARD', null],
    ['capture', 'refused', 'PARTIALLY_REFUNDED', 'CARD', 'CAPTURE_FAILED_AFTER_APPROVAL'],
    ['cancel', 'succeeded', 'REFUNDED', 'CARD', 'OUTCOME_CONFLICT'],
    ['cancel', 'succeeded', 'AUTHORIZED', 'CARD', null],
    ['cancel', 'succeeded', 'CANCELED', 'CARD', null],
    ['cancel', 'succeeded', 'APPROVED', 'CARD', 'OUTCOME_CONFLICT'],
    ['cancel', 'succeeded', 'APPROVED', 'PIX', null],
    ['cancel', 'refused', 'AUTHORIZED', 'CARD', null],
    ['cancel', 'refused', 'CANCELED', 'CARD', 'CANCEL_FAILED_AFTER_CANCEL'],
    ['cancel', 'refused', 'APPROVED', 'CARD', null],
  ] as const)('%s %s on %s (%s) -> %s', (operation, answer, status, rail, kind) => {
    expect(syncDiscrepancy(operation, answer, status, rail)).toBe(kind);
  });
});
