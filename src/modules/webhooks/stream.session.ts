import type { Database } from '../../db/client.js';
import { eventsAfter, type StreamCursor } from './stream.repo.js';
import { eventFrame, type StreamTiming } from './stream.service.js';
import type { EventSignalBus } from './stream.signals.js';

const BATCH = 200;

/**
 * One open stream's own timers (the reads, the heartbeat, the key check) live here, not in the route: they
 * belong to one connection and stop with it (`stop`), unlike background work, which the composition root starts.
 */
export interface StreamSink {
  /** Writes a frame; false when the client is slow (wait for `drained`). */
  write(frame: string): boolean;
  drained(): Promise<void>;
}

/**
 * One open stream: reads the organization's events after its cursor and writes them in recorded order. Woken
 * by signals of its organization, by a timer, and again shortly while a signalled event has not shown up.
 * Reads never overlap; a wake during a read makes one more read after it.
 */
export class EventStreamSession {
  private cursor: StreamCursor;
  private readonly pending = new Map<string, number>();
  /** Ids sent lately: a signal arriving after its event was read must not keep the stream re-reading. */
  private readonly sent = new Set<string>();
  private reading = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private keyCheck: NodeJS.Timeout | undefined;
  private readonly unlisten: () => void;

  constructor(
    private readonly options: {
      db: Database;
      organizationId: string;
      cursor: StreamCursor;
      sink: StreamSink;
      signals: EventSignalBus;
      timing: StreamTiming;
      /** Real time in milliseconds (signal patience). */
      nowMs: () => number;
      onError: (err: unknown) => void;
      /** Checked every `keyCheckMs` while open; false ends the stream (`onExpired`). */
      credentialWorks?: () => Promise<boolean>;
      keyCheckMs?: number;
      onExpired?: () => void;
    },
  ) {
    this.cursor = options.cursor;
    this.unlisten = options.signals.listen((signal) => {
      if (signal.organizationId !== options.organizationId) return;
      const at = options.nowMs();
      for (const id of signal.eventIds) if (!this.sent.has(id)) this.pending.set(id, at);
      this.wake();
    });
    this.heartbeat = setInterval(() => options.sink.write(': heartbeat\n\n'), options.timing.heartbeatMs);
    this.heartbeat.unref();
    if (options.credentialWorks) {
      this.keyCheck = setInterval(() => void this.checkCredential(), options.keyCheckMs ?? 10_000);
      this.keyCheck.unref();
    }
    this.wake();
  }

  /** Ends the stream when its credential stopped working (a revocation heard, or the periodic check). */
  async checkCredential(): Promise<void> {
    const works = this.options.credentialWorks;
    if (!works || this.stopped) return;
    if (!(await works().catch(() => true))) {
      this.stop();
      this.options.onExpired?.();
    }
  }

  wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.reading = true;
    void this.read().finally(() => {
      this.reading = false;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    clearInterval(this.keyCheck);
    this.unlisten();
  }

  private async read(): Promise<void> {
    const { db, organizationId, sink, timing } = this.options;
    let soon = false;
    try {
      for (;;) {
        const batch = await eventsAfter(db, organizationId, this.cursor, BATCH);
        for (const { row, cursor } of batch.ready) {
          if (this.stopped) return;
          this.cursor = cursor;
          this.pending.delete(row.id);
          this.sent.add(row.id);
          if (this.sent.size > 1000) this.sent.delete(this.sent.values().next().value!);
          if (!sink.write(eventFrame(row))) await sink.drained();
        }
        soon = batch.heldBack;
        if (batch.ready.length < BATCH || this.stopped) break;
      }
      const now = this.options.nowMs();
      for (const [id, at] of this.pending) if (now - at > timing.signalPatienceMs) this.pending.delete(id);
      soon ||= this.pending.size > 0;
    } catch (err) {
      // A failed read (database restarting) is retried at the next poll; the client keeps its stream.
      this.options.onError(err);
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => this.wake(), soon ? timing.retryMs : timing.pollMs);
    this.timer.unref();
  }
}
