import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from './errors.js';
import { defineStateMachine } from './state-machine.js';

const transfer = defineStateMachine('An internal transfer', {
  PENDING: ['PROCESSING', 'FAILED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
});

describe('defineStateMachine', () => {
  it.each([
    ['PENDING', 'PROCESSING', true],
    ['PENDING', 'COMPLETED', false],
    ['PROCESSING', 'COMPLETED', true],
    ['COMPLETED', 'FAILED', false],
    ['FAILED', 'PENDING', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => {
    expect(transfer.can(from, to)).toBe(ok);
    if (ok) expect(() => transfer.assert(from, to)).not.toThrow();
    else expect(() => transfer.assert(from, to)).toThrow(DomainError);
  });

  it('terminal states allow no move', () => {
    fc.assert(
      fc.property(fc.constantFrom(...transfer.states), fc.constantFrom(...transfer.states), (from, to) => {
        if (transfer.isTerminal(from)) expect(transfer.can(from, to)).toBe(false);
      }),
    );
  });

  it('an illegal move is a 409 naming the target status', () => {
    try {
      transfer.assert('COMPLETED', 'PENDING');
      expect.unreachable();
    } catch (err) {
      expect((err as DomainError).status).toBe(409);
      expect((err as DomainError).details).toEqual({ field: 'status', value: 'PENDING' });
    }
  });
});
