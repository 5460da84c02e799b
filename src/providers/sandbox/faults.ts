import { refused, unavailable, unknownOutcome } from '../errors.js';
import { OPERATION_NAMES, type OperationName } from '../port.js';

/**
 * Fault hooks of the sandbox adapter, for tests and fault drills:
 * - `unavailable`: the next call fails before applying anything (nothing was submitted);
 * - `unknown_outcome`: the next call is applied, then answers a timeout (it happened; the caller cannot know);
 * - `refused`: the next call is refused definitively (with `code`);
 * - `crash`: the next call is applied, then the process dies (kill -9 between the provider call and the
 *   record). Only for spawned servers (`SANDBOX_PROVIDER_FAULTS`), never inside a test runner.
 * Each fault applies to the next `times` calls of its operation (default 1), on every sandbox provider
 * sharing the plan. The plan also counts the calls each operation received, per idempotency key.
 */
export type FaultKind = 'unavailable' | 'unknown_outcome' | 'refused' | 'crash';
export interface Fault {
  kind: FaultKind;
  times?: number;
  code?: string;
  message?: string;
}

const KINDS: readonly FaultKind[] = ['unavailable', 'unknown_outcome', 'refused', 'crash'];

export class FaultPlan {
  private readonly pending = new Map<OperationName, Array<Required<Pick<Fault, 'kind' | 'times'>> & Fault>>();
  private readonly received = new Map<string, number>();

  constructor(private readonly onCrash: () => void = () => process.kill(process.pid, 'SIGKILL')) {}

  inject(operation: OperationName, fault: Fault): this {
    const list = this.pending.get(operation) ?? [];
    list.push({ ...fault, times: fault.times ?? 1 });
    this.pending.set(operation, list);
    return this;
  }

  clear(): void {
    this.pending.clear();
  }

  /** How many calls `operation` received (with `idempotencyKey`: under that key), faulty ones included. */
  calls(operation: OperationName, idempotencyKey?: string): number {
    return this.received.get(idempotencyKey === undefined ? operation : `${operation}\u0000${idempotencyKey}`) ?? 0;
  }

  /** Runs one call of `operation` through the plan. */
  async run<T>(operation: OperationName, idempotencyKey: string | undefined, apply: () => Promise<T>): Promise<T> {
    this.count(operation, idempotencyKey);
    const fault = this.take(operation);
    if (fault?.kind === 'unavailable')
      throw unavailable(fault.message ?? 'sandbox fault: provider unavailable', operation);
    if (fault?.kind === 'refused')
      throw refused(fault.code ?? 'SANDBOX_REFUSED', fault.message ?? 'sandbox fault: refused', operation);
    const result = await apply();
    if (fault?.kind === 'unknown_outcome')
      throw unknownOutcome(
        fault.message ?? 'sandbox fault: the answer timed out after the request was applied',
        operation,
      );
    if (fault?.kind === 'crash') this.onCrash();
    return result;
  }

  private count(operation: OperationName, key: string | undefined): void {
    this.received.set(operation, (this.received.get(operation) ?? 0) + 1);
    if (key !== undefined) {
      const k = `${operation}\u0000${key}`;
      this.received.set(k, (this.received.get(k) ?? 0) + 1);
    }
  }

  private take(operation: OperationName): Fault | undefined {
    const list = this.pending.get(operation);
    const next = list?.[0];
    if (!next) return undefined;
    next.times -= 1;
    if (next.times <= 0) list.shift();
    return next;
  }
}

/**
 * Parses `SANDBOX_PROVIDER_FAULTS`: `operation:kind[:times[:code]]`, comma-separated, e.g.
 * `internal-transfer.submit:unknown_outcome:2,bank-account.open:crash`. Throws on anything else, so a typo
 * in a fault drill fails at start instead of silently testing nothing.
 */
export function parseFaultSpec(spec: string | undefined): Array<{ operation: OperationName; fault: Fault }> {
  if (!spec?.trim()) return [];
  return spec.split(',').map((part) => {
    const [operation, kind, times, code] = part.trim().split(':');
    if (operation === undefined || !(OPERATION_NAMES as readonly string[]).includes(operation))
      throw new Error(`SANDBOX_PROVIDER_FAULTS: unknown operation ${operation}`);
    if (kind === undefined || !(KINDS as readonly string[]).includes(kind))
      throw new Error(`SANDBOX_PROVIDER_FAULTS: unknown fault kind ${kind}`);
    const n = times === undefined ? 1 : Number(times);
    if (!Number.isInteger(n) || n < 1) throw new Error(`SANDBOX_PROVIDER_FAULTS: bad count ${times}`);
    return {
      operation: operation as OperationName,
      fault: { kind: kind as FaultKind, times: n, ...(code ? { code } : {}) },
    };
  });
}
