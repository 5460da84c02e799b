import { parentPort } from 'node:worker_threads';

/**
 * The thread side of ThreadCalls: answers each `{ id, request }` with the handler's value, or with the error's
 * message only (an error object may carry data that must not cross, and the caller maps failures itself).
 * A request with id 0 is an order: applied, never answered.
 */
export function serveThreadCalls<Request, Response>(handler: (request: Request) => Response): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadCalls runs in a worker thread');
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    try {
      const value = handler(request);
      if (id !== 0) port.postMessage({ id, ok: true, value });
    } catch (err) {
      if (id !== 0)
        port.postMessage({ id, ok: false, error: err instanceof Error ? err.message : 'the thread failed' });
    }
  });
}
