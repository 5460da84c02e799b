import type { TransferStatusReport } from '../../providers/banking.js';

/**
 * SANDBOX_AUTOPILOT: plays the provider for accepted transfers, reporting PROCESSING and then COMPLETED
 * after a short delay each. Timers run outside any transaction; each report is applied by `apply` in its own.
 * `stop()` (on app close) cancels pending timers and waits for reports already running.
 */
export class TransferAutopilot {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly delayMs: number,
    private readonly apply: (report: TransferStatusReport) => Promise<unknown>,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  schedule(transferId: string): void {
    this.later(() => this.report({ transferId, status: 'PROCESSING' }, () => this.later(() => this.report({ transferId, status: 'COMPLETED' }))));
  }

  /** Picks up a transfer whose timers died with a previous process: PENDING starts over, PROCESSING completes. */
  resume(transferId: string, status: 'PENDING' | 'PROCESSING'): void {
    if (status === 'PENDING') this.schedule(transferId);
    else this.later(() => this.report({ transferId, status: 'COMPLETED' }));
  }

  private later(fn: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private report(report: TransferStatusReport, next?: () => void): void {
    if (this.stopped) return;
    // A report the transfer no longer accepts (moved by the sandbox control meanwhile) is simply dropped.
    const p = this.apply(report).then(() => next?.(), this.onError).finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
