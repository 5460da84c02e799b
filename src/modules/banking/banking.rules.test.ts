import { describe, expect, it } from 'vitest';
import { canMoveTransfer, TRANSFER_STATUSES } from './banking.rules.js';

describe('transfer moves', () => {
  it.each([
    ['PENDING', 'PROCESSING', true],
    ['PENDING', 'FAILED', true],
    ['PENDING', 'COMPLETED', false],
    ['PENDING', 'PENDING', false],
    ['PROCESSING', 'COMPLETED', true],
    ['PROCESSING', 'FAILED', true],
    ['PROCESSING', 'PENDING', false],
    ['COMPLETED', 'FAILED', false],
    ['FAILED', 'COMPLETED', false],
    ['FAILED', 'PROCESSING', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => {
    expect(canMoveTransfer(from, to)).toBe(ok);
  });

  it('terminal states never move', () => {
    for (const to of TRANSFER_STATUSES) {
      expect(canMoveTransfer('COMPLETED', to)).toBe(false);
      expect(canMoveTransfer('FAILED', to)).toBe(false);
    }
  });
});
