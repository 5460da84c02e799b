import { invalidState } from './errors.js';

/**
 * A finite state machine from a transition table (after vendure's FSM): every resource's status moves go
 * through one table, so a move the table lacks is refused the same way everywhere (409).
 */
export interface StateMachine<S extends string> {
  readonly states: readonly S[];
  can(from: S, to: S): boolean;
  /** Throws the contract's 409 when the move is not in the table. */
  assert(from: S, to: S): void;
  isTerminal(state: S): boolean;
}

export function defineStateMachine<S extends string>(
  what: string,
  moves: Record<S, readonly NoInfer<S>[]>,
): StateMachine<S> {
  const states = Object.keys(moves) as S[];
  return {
    states,
    can: (from, to) => moves[from]?.includes(to) ?? false,
    assert(from, to) {
      if (!(moves[from]?.includes(to) ?? false)) {
        throw invalidState(`${what} cannot move from ${from} to ${to}`, { field: 'status', value: to });
      }
    },
    isTerminal: (state) => (moves[state]?.length ?? 0) === 0,
  };
}
