/**
 * Rows written off the request path, in batches: `push` only appends; the rows go to `write` together when
 * `maxBuffered` of them wait, when the oldest has waited `flushMs` (once timed: `start`, or `timed` from the start),
 * and at every `flush` (a read of what they record flushes first, so a caller sees its own rows). Writes run one
 * after another, in push order. A failed write drops its rows and counts them (`dropped`), never retried into the
 * request path: what these rows record is a diagnostic (the request log, provider call latencies), not money.
 */
export class BufferedWrites<Row> {
  private buffer: Row[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private timed: boolean;
  dropped = 0;

  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly limits: { maxBuffered: number; flushMs: number; timed?: boolean },
  ) {
    this.timed = limits.timed ?? false;
  }

  push(row: Row): void {
    this.buffer.push(row);
    if (this.buffer.length >= this.limits.maxBuffered) void this.flush();
    else this.arm();
  }

  /** One timer per batch, armed by its first row: an idle process has no timer to wake it. */
  private arm(): void {
    if (!this.timed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.limits.flushMs);
    this.timer.unref();
  }

  /** Writes what is buffered (and waits for a write in progress). */
  flush(): Promise<void> {
    const rows = this.buffer.splice(0);
    this.writing = this.writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await this.write(rows);
      } catch {
        this.dropped += rows.length;
      }
    });
    return this.writing;
  }

  /** From now on no row waits longer than `flushMs`. */
  start(): void {
    this.timed = true;
    if (this.buffer.length > 0) this.arm();
  }

  /** No more timed writes; what is buffered is written. */
  async stop(): Promise<void> {
    this.timed = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
