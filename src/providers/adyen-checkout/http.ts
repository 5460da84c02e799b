import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import { classifyAnswer, classifyNetworkError, type AnswerClass } from './mapping.js';
import { ADYEN_DEFAULTS, type AdyenCheckoutSettings } from './settings.js';

export interface AdyenAnswer {
  class: AnswerClass;
  status: number | null;
  /** The parsed JSON answer (undefined when none was readable). Never logged: it may echo card data. */
  body: Record<string, unknown> | undefined;
  /** How many times the request went out (1 + replays). */
  sent: number;
}

/** One line per call for the operator: never a body, a header value or a key. */
export type AdyenCallLog = (entry: { path: string; status: number | null; class: AnswerClass; sent: number }) => void;

/**
 * `POST {base_url}{path}` with the API key and the `Idempotency-Key` (R2.1), classified by R2.2. An `UNKNOWN`
 * answer is replayed with the same key and the same bytes, up to `replays` times `replayDelayMs` apart; the
 * first readable answer counts as if it were the first.
 */
export class AdyenTransport {
  private readonly dispatcher: Dispatcher;
  private readonly replays: number;
  private readonly replayDelayMs: number;
  private readonly readMs: number;

  constructor(
    private readonly settings: AdyenCheckoutSettings,
    private readonly log: AdyenCallLog = () => {},
  ) {
    const t = settings.timeouts ?? {};
    this.readMs = t.readMs ?? ADYEN_DEFAULTS.readMs;
    this.dispatcher = new Agent({ connect: { timeout: t.connectMs ?? ADYEN_DEFAULTS.connectMs } });
    this.replays = settings.replays ?? ADYEN_DEFAULTS.replays;
    this.replayDelayMs = settings.replayDelayMs ?? ADYEN_DEFAULTS.replayDelayMs;
  }

  async post(
    path: string,
    body: object,
    idempotencyKey: string | null,
    isAuthorization: boolean,
  ): Promise<AdyenAnswer> {
    const bytes = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': this.settings.apiKey };
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    let answer: AdyenAnswer = { class: 'UNKNOWN', status: null, body: undefined, sent: 0 };
    for (let sent = 1; sent <= 1 + this.replays; sent += 1) {
      if (sent > 1) await sleep(this.replayDelayMs);
      answer = { ...(await this.once(path, bytes, headers, isAuthorization)), sent };
      if (answer.class !== 'UNKNOWN') break;
    }
    this.log({ path, status: answer.status, class: answer.class, sent: answer.sent });
    return answer;
  }

  private async once(
    path: string,
    bytes: string,
    headers: Record<string, string>,
    isAuthorization: boolean,
  ): Promise<Omit<AdyenAnswer, 'sent'>> {
    try {
      const res = await request(`${this.settings.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers,
        body: bytes,
        dispatcher: this.dispatcher,
        headersTimeout: this.readMs,
        bodyTimeout: this.readMs,
      });
      const text = await res.body.text();
      let parsed: Record<string, unknown> | undefined;
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        parsed = undefined;
      }
      return { class: classifyAnswer(res.statusCode, parsed, isAuthorization), status: res.statusCode, body: parsed };
    } catch (err) {
      return { class: classifyNetworkError(errorCode(err)), status: null, body: undefined };
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

/** undici wraps socket errors: the code may sit on the error or on its cause. */
export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code && e.code !== 'UND_ERR_SOCKET' ? e.code : (e?.cause?.code ?? e?.code);
}
