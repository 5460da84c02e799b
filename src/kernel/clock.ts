/**
 * The only reader of the wall clock. Everything that needs "now" is handed a Clock (tests and the sandbox
 * test clock of money.md M7 move it); `new Date()` and `Date.now()` appear nowhere else in src/.
 */
export interface Clock {
  /**
   * Now, for an organization when given: its sandbox test clock (money.md M7), which runs ahead of real
   * time by the offset staff advanced it. Without an organization (or in production), real time.
   * Rate limits and leases always use real time (`now()` without an organization); webhook messages follow the
   * organization's clock in SQL (src/modules/webhooks/deliveries.repo.ts `organizationNow`).
   */
  now(organizationId?: string | null): Date;
}

/** Real time; every organization at offset 0. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/** Milliseconds since the epoch from the wall clock, for durations (timeouts, latencies), not timestamps. */
export const wallMillis = (): number => Date.now();

/**
 * A clock with per-organization offsets kept in memory (the sandbox test clock's cache, and tests).
 * `advance` only moves forward.
 */
export class OffsetClock implements Clock {
  private readonly offsets = new Map<string, number>();

  constructor(private readonly base: Clock = systemClock) {}

  now(organizationId?: string | null): Date {
    const real = this.base.now();
    const offset = organizationId ? (this.offsets.get(organizationId) ?? 0) : 0;
    return offset === 0 ? real : new Date(real.getTime() + offset);
  }

  offsetMs(organizationId: string): number {
    return this.offsets.get(organizationId) ?? 0;
  }

  setOffset(organizationId: string, offsetMs: number): void {
    if (offsetMs === 0) this.offsets.delete(organizationId);
    else this.offsets.set(organizationId, offsetMs);
  }
}

/** A clock frozen at a chosen instant that tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(to: Date): void {
    this.current = new Date(to.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
