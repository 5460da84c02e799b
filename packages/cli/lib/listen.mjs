// @ts-check
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describeFailure, platformRequest, readText } from './connection.mjs';

/** @typedef {{ id: string, event: string, data: string }} StreamEvent */

/**
 * Splits a text/event-stream into events (the WHATWG rules that matter here: `field: value` lines, several
 * `data` lines joined by newlines, comments ignored, a blank line dispatches; `\r\n` tolerated).
 */
export class EventStreamParser {
  constructor() {
    this.buffer = '';
    /** @type {{ id?: string, event?: string, data: string[] }} */
    this.current = { data: [] };
    /** @type {number | undefined} */
    this.retryMs = undefined;
  }

  /**
   * @param {string} chunk
   * @returns {StreamEvent[]}
   */
  push(chunk) {
    this.buffer += chunk;
    /** @type {StreamEvent[]} */
    const out = [];
    for (let i = this.buffer.search(/\r?\n/); i >= 0; i = this.buffer.search(/\r?\n/)) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(this.buffer[i] === '\r' ? i + 2 : i + 1);
      if (line === '') {
        const { id, event, data } = this.current;
        if (id !== undefined && data.length > 0) out.push({ id, event: event ?? 'message', data: data.join('\n') });
        this.current = { data: [] };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') this.current.id = value;
      else if (field === 'event') this.current.event = value;
      else if (field === 'data') this.current.data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    return out;
  }
}

/** A Standard Webhooks signing secret, new for each run unless one is given. */
export function newSigningSecret() {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const clockTime = () => new Date().toTimeString().slice(0, 8);

/**
 * Forwards one event as the platform's webhooks arrive: the envelope as the body, byte for byte, signed.
 * @param {{ url: string, signer: Webhook, event: StreamEvent, timeoutMs?: number }} options
 * @returns {Promise<string>} the status code, or why it failed
 */
export async function forward({ url, signer, event, timeoutMs = 10_000 }) {
  const at = new Date();
  try {
    const res = await fetch(url, {
      method: 'POST',
      body: event.data,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'platform-cli/1',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(event.id, at, event.data),
      },
    });
    await res.arrayBuffer().catch(() => undefined);
    return String(res.status);
  } catch (err) {
    const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (err).cause;
    return `failed: ${cause?.code ?? cause?.message ?? /** @type {Error} */ (err).message}`;
  }
}

/**
 * `platform listen`: reads the event stream, reconnecting after the last event received, and forwards each
 * event in order to `forwardTo`. Resolves when `signal` aborts; rejects when the platform refuses the key.
 * @param {{ connection: import('./connection.mjs').Connection, forwardTo: string, secret: string, types?: string[], signal: AbortSignal, log: (line: string) => void }} options
 */
export async function listen({ connection, forwardTo, secret, types, signal, log }) {
  const signer = new Webhook(secret);
  /** @type {string | undefined} */
  let lastEventId;
  let failures = 0;
  let announced = false;
  while (!signal.aborted) {
    const parser = new EventStreamParser();
    try {
      const res = await platformRequest(connection, {
        method: 'GET',
        path: '/v1/webhooks/stream',
        headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal,
      });
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        const text = await readText(res);
        if (status === 401 || status === 403)
          throw Object.assign(new Error(`The platform refused the key: ${describeFailure(status, text)}`), {
            fatal: true,
          });
        if (status === 400 && lastEventId) {
          // The last event is gone (a new sandbox database): start again from now.
          log(`${clockTime()}  the stream does not know event ${lastEventId}; continuing from now`);
          lastEventId = undefined;
          continue;
        }
        throw new Error(describeFailure(status, text));
      }
      failures = 0;
      log(
        announced
          ? `${clockTime()}  reconnected`
          : `Ready: listening to ${connection.baseUrl}/v1/webhooks/stream (Ctrl-C to stop)`,
      );
      announced = true;
      // The server sends a heartbeat every 15 s: silence for 45 s is a connection that died without a word.
      res.setTimeout(45_000, () => res.destroy(new Error('no heartbeat for 45 s')));
      res.setEncoding('utf8');
      for await (const chunk of res) {
        for (const event of parser.push(chunk)) {
          lastEventId = event.id;
          if (types && !types.includes(event.event)) continue;
          const outcome = await forward({ url: forwardTo, signer, event });
          log(`${clockTime()}  ${event.event}  ${event.id}  -> ${outcome}`);
        }
      }
      if (!signal.aborted) log(`${clockTime()}  the stream ended; reconnecting`);
    } catch (err) {
      if (signal.aborted) break;
      if (/** @type {{ fatal?: boolean }} */ (err).fatal) throw err;
      failures++;
      if (failures === 1 || failures % 10 === 0)
        log(`${clockTime()}  cannot reach the stream (${/** @type {Error} */ (err).message}); retrying`);
    }
    // The server's advice (retry:), backing off to 10 s while it stays unreachable.
    const wait = Math.min(10_000, Math.max(parser.retryMs ?? 1000, 500 * 2 ** Math.min(failures, 5)));
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, failures === 0 ? 250 : wait);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
        { once: true },
      );
    });
  }
}
