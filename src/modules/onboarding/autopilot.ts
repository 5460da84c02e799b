/** How long the sandbox "provider" takes to review a document or a biometric capture by itself. */
export const AUTOPILOT_DELAY_MS = 2000;

/**
 * SANDBOX_AUTOPILOT (product.md §1): sandbox providers approve what is still pending after a short delay.
 * In-process timers are enough for the sandbox; they never hold the process open and stop with the app.
 * Each task re-checks the status it expects, so a review made through the sandbox controls first wins.
 */
export class ReviewAutopilot {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly enabled: boolean,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly delayMs = AUTOPILOT_DELAY_MS,
  ) {}

  later(task: () => Promise<unknown>): void {
    if (!this.enabled || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) task().catch(this.onError);
    }, this.delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
