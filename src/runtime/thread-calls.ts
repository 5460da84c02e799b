import { Worker } from 'node:worker_threads';

/**
 * The URL of a serving module beside the caller's (`siblingModule(import.meta.url, './qr-thread')`): its `.ts`
 * source when the caller runs from sources (tsx, vitest), its `.js` once built.
 */
export function siblingModule(callerUrl: string, relativeName: string): URL {
  return new URL(`${relativeName}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/**
 * A serving thread's own heap bounds. Its work (one opening, one QR image) leaves almost nothing alive (6-8 MB of
 * old space), but without bounds each thread got V8's default young generation: 16 MB of new space per thread,
 * as much RSS as its whole live heap twice over (docs/decisions/benchmarks.md, "The serving threads' heaps").
 */
export const THREAD_HEAP = { maxYoungGenerationSizeMb: 6, maxOldGenerationSizeMb: 64 };

/**
 * Calls into one worker thread that runs a module serving `serveThreadCalls` (thread-serve.ts). The request
 * thread is the platform's bottleneck under load (one core runs every request's JavaScript while PostgreSQL and
 * the rest use the other), so pure CPU work with no shared state (the vault's ECDH, a PIX QR code) runs beside
 * it. A call costs the request thread ~5 µs (a port message each way): piscina was measured at ~66 µs per task
 * here, more than a quarter of what it would move (docs/decisions/offloading.md), hence this small class.
 *
 * The thread starts on the first call and is unref'd (it never keeps a process alive). If it dies, its pending
 * calls fail and the next call starts a new one.
 *
 * Calls made in the same task cross as ONE message each way (the outbox is posted from a microtask, the thread
 * answers a message's calls together): under load a port message costs the request thread far more than 5 µs (a
 * wake-up of the other thread each; 6% of the request thread's busy time for a card create's two openings at load
 * 14, docs/performance.md 2026-11-28 04:26), so a card's two openings share one. Not a whole turn of the event
 * loop (`setImmediate`, as before): that waited for every other ready callback of the turn before the message
 * left, ~6 of the ~11 ms a card's opening took under the closed-loop bench, where the thread itself was mostly
 * idle (docs/decisions/benchmarks.md, "Where a create's latency goes").
 */
export class ThreadCalls<Request, Response> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (value: Response) => void; reject: (err: Error) => void }>();
  private next = 1;
  /** Calls (and orders, id 0) of this turn, posted together in call order. */
  private outbox: { id: number; request: Request }[] = [];

  /** `module`: the serving module's URL (a `.ts` source under tsx or vitest, a `.js` file once built). */
  constructor(
    private readonly module: URL,
    private readonly workerData: unknown = undefined,
  ) {}

  call(request: Request): Promise<Response> {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ id, request });
    });
  }

  /** Sends a request to the thread without waiting (an order the thread applies before any later call). */
  tell(request: Request): void {
    if (this.worker) this.post({ id: 0, request });
  }

  private post(message: { id: number; request: Request }): void {
    this.outbox.push(message);
    if (this.outbox.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const messages = this.outbox;
    this.outbox = [];
    if (messages.length === 0) return;
    // A thread that died since has failed these calls already (failAll); a new one starts for the next call.
    this.worker?.postMessage(messages);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the thread was closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    const options = { workerData: this.workerData, resourceLimits: THREAD_HEAP };
    const worker = this.module.pathname.endsWith('.ts')
      ? // Sources run through tsx's loader, which a worker does not inherit: the thread imports the module with it.
        new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(this.module.href)}, ${JSON.stringify(this.module.href)}))`,
          { ...options, eval: true },
        )
      : new Worker(this.module, options);
    worker.unref();
    worker.on('message', (answers: { id: number; ok: boolean; value?: Response; error?: string }[]) => {
      for (const answer of answers) {
        const call = this.pending.get(answer.id);
        if (!call) continue;
        this.pending.delete(answer.id);
        if (answer.ok) call.resolve(answer.value as Response);
        else call.reject(new Error(answer.error ?? 'the thread failed'));
      }
    });
    const died = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(err);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
    this.outbox = [];
  }
}
