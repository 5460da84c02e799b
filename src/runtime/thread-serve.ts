import { parentPort } from 'node:worker_threads';

/**
 * The thread side of ThreadCalls: answers each `{ id, request }` with the handler's value, or with the error's
 * message only (an error object may carry data that must not cross, and the caller maps failures itself).
 * A request with id 0 is an order: applied, never answered. A message holds the calls of one turn of the
 * caller's event loop, in order; their answers go back as one message.
 */
export function serveThreadCalls<Request, Response>(handler: (request: Request) => Response): void {
  const port = parentPort;
  if (!port) throw new Error('serveThreadCalls runs in a worker thread');
  port.on('message', (messages: { id: number; request: Request }[]) => {
    const answers: { id: number; ok: boolean; value?: Response; error?: string }[] = [];
    for (const { id, request } of messages) {
      try {
        const value = handler(request);
        if (id !== 0) answers.push({ id, ok: true, value });
      } catch (err) {
        if (id !== 0) answers.push({ id, ok: false, error: err instanceof Error ? err.message : 'the thread failed' });
      }
    }
    if (answers.length > 0) port.postMessage(answers);
  });
}
