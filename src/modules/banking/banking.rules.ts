import type { TransferStatus } from '../../db/schema/index.js';
import { defineStateMachine } from '../../kernel/state-machine.js';

/** product.md §7: PENDING -> PROCESSING|FAILED, PROCESSING -> COMPLETED|FAILED; terminal states never change. */
export const transferStates = defineStateMachine<TransferStatus>('An internal transfer', {
  PENDING: ['PROCESSING', 'FAILED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
});

export const TRANSFER_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const canMoveTransfer = (from: TransferStatus, to: TransferStatus): boolean => transferStates.can(from, to);
