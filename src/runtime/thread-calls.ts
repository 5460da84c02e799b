import { Worker } from 'node:worker_threads';

/**
 * The URL of a serving module beside the caller's (`siblingModule(import.meta.url, './qr-thread')`): its `.ts`
 * source when the caller runs from sources (tsx, vitest), its `.js` once built.
 */
export function siblingModule(callerUrl: string, relativeName: string): URL {
  return new URL(`${relativeName}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/**
 * Calls into one worker thread that runs a module serving `serveThreadCalls` (thread-serve.ts). The request
 * thread is the platform's bottleneck under load (one core runs every request's JavaScript while PostgreSQL and
 * the rest use the other), so pure CPU work with no shared state (the vault's ECDH, a PIX QR code) runs beside
 * it. A call costs the request thread ~5 µs (a port message each way): piscina was measured at ~66 µs per task
 * here, more than a quarter of what it would move (docs/decisions/offloading.md), hence this small class.
 *
 * The thread starts on the first call and is unref'd (it never keeps a process alive). If it dies, its pending
 * calls fail and the next call starts a new one.
 */
export class ThreadCalls<Request, Response> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (value: Response) => void; reject: (err: Error) => void }>();
  private next = 1;

  /** `module`: the serving module's URL (a `.ts` source under tsx or vitest, a `.js` file once built). */
  constructor(
    private readonly module: URL,
    private readonly workerData: unknown = undefined,
  ) {}

  call(request: Request): Promise<Response> {
    const worker = this.worker ?? this.start();
    const id = this.next++;
    return new Promise<Response>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  /** Sends a request to the thread without waiting (an order the thread applies before any later call). */
  tell(request: Request): void {
    this.worker?.postMessage({ id: 0, request });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the thread was closed'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = this.module.pathname.endsWith('.ts')
      ? // Sources run through tsx's loader, which a worker does not inherit: the thread imports the module with it.
        new Worker(
          `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(this.module.href)}, ${JSON.stringify(this.module.href)}))`,
          { eval: true, workerData: this.workerData },
        )
      : new Worker(this.module, { workerData: this.workerData });
    worker.unref();
    worker.on('message', (message: { id: number; ok: boolean; value?: Response; error?: string }) => {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.ok) call.resolve(message.value as Response);
      else call.reject(new Error(message.error ?? 'the thread failed'));
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
  }
}
