import { expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { TestApp } from './app.js';

/** The event stream test files' client (test/api/event-stream*.test.ts): EventSource's reading of text/event-stream. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** A real listening server: a stream never ends, so inject cannot read it. Answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** `openStream(key, options)` against the base URL `baseOf()` answers when called. */
export function streamClient(baseOf: () => string) {
  return async function openStream(key: string, options: { lastEventId?: string; query?: string } = {}) {
    const controller = new AbortController();
    const res = await request(`${baseOf()}/core/v1/webhooks/stream${options.query ?? ''}`, {
      headers: {
        'x-api-key': key,
        accept: 'text/event-stream',
        ...(options.lastEventId && { 'last-event-id': options.lastEventId }),
      },
      signal: controller.signal,
    });
    const frames: Frame[] = [];
    const comments: string[] = [];
    let ended = false;
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body) {
          buffer += String(chunk);
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            const frame: Frame = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              const m = /^(id|event|data): (.*)$/.exec(line);
              if (m) frame[m[1] as keyof Frame] = m[2];
            }
            if (frame.id) frames.push(frame);
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
    return {
      status: res.statusCode,
      headers: res.headers,
      frames,
      comments,
      ended: () => ended,
      close: () => controller.abort(),
    };
  };
}

/** POST /v1/sandbox/events/trigger, expected to answer 201. */
export async function triggerEvent(t: TestApp, key: string, type: string) {
  const res = await t.request({ method: 'POST', url: '/core/v1/sandbox/events/trigger', key, payload: { type } });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; type: string; company_id: string }>();
}
