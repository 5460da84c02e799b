import { isIP } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, isPublicAddress, isSandboxLocalhost } from '../../kernel/url-safety.js';
import { isAcknowledged } from './retry.rules.js';
import type { AttemptOutcome } from './deliveries.repo.js';
import { systemClock, type Clock } from '../../kernel/clock.js';

/** platform-api.md Limits: a receiver answers within 5 seconds. */
export const DELIVERY_TIMEOUT_MS = 5000;

export interface SendInput {
  url: string;
  secret: string | readonly string[];
  eventId: string;
  body: string;
}

export interface Sender {
  /** `secret` may be several (during a rotation): each signs, and `webhook-signature` carries them space-separated. */
  send(input: SendInput): Promise<AttemptOutcome>;
  close(): Promise<void>;
}

/**
 * Signs and POSTs one delivery. Standard Webhooks headers, `webhook-id` = the event id on every attempt (receivers
 * deduplicate by it); a fresh timestamp and signature per attempt. Redirects are not followed. Non-public
 * addresses are refused at connect time unless the URL is the sandbox's localhost exception.
 */
export function createSender(options: { env: 'sandbox' | 'production'; timeoutMs?: number; clock?: Clock }): Sender {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const agentOptions = {
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    keepAliveTimeout: 4000,
  };
  const guarded = new Agent({ ...agentOptions, connect: { lookup: guardedLookup as never } });
  const local = new Agent(agentOptions);

  async function send({ url, secret, eventId, body }: SendInput): Promise<AttemptOutcome> {
    // Deliveries keep real time (money.md M7), whatever the organization's test clock says.
    const at = clock.now();
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null): AttemptOutcome => ({
      at,
      url,
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error,
      succeeded: error === null && statusCode !== null && isAcknowledged(statusCode),
    });
    let dispatcher: Dispatcher;
    try {
      const parsed = new URL(url);
      const literal = parsed.hostname.replace(/^\[|\]$/g, '');
      const local_ = isSandboxLocalhost(parsed, options.env);
      if (!local_ && parsed.protocol !== 'https:') return done(null, 'endpoint URL is not https');
      if (!local_ && isIP(literal) && !isPublicAddress(literal)) return done(null, 'endpoint address is not public');
      dispatcher = local_ ? local : guarded;
    } catch {
      return done(null, 'endpoint URL is malformed');
    }
    // Standard Webhooks: several `v1,<sig>` separated by spaces; a receiver's verify accepts any one of them.
    const signature = (typeof secret === 'string' ? [secret] : secret)
      .map((s) => new Webhook(s).sign(eventId, at, body))
      .join(' ');
    try {
      const res = await request(url, {
        method: 'POST',
        body,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'payment-platform-webhooks/1',
          'webhook-id': eventId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      // The answer's body is never used; read a little and drop the rest so the connection is freed.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => {});
      const code = res.statusCode;
      if (isAcknowledged(code)) return done(code, null);
      const kind = code >= 300 && code < 400 ? 'redirect not followed' : 'receiver answered an error';
      return done(code, `${kind} (HTTP ${code})`);
    } catch (err) {
      return done(null, describeError(err, timeoutMs));
    }
  }

  return {
    send,
    async close() {
      await Promise.all([guarded.close(), local.close()]);
    },
  };
}

/** A short, safe description: never the receiver's body, never headers. */
function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return `no answer within ${timeoutMs} ms`;
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset by the receiver';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'EADDRNOTALLOWED') return 'endpoint resolves to a non-public address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'endpoint host name does not resolve';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `TLS error (${code})`;
  return code ? `delivery failed (${code})` : 'delivery failed';
}
