import { Agent, request, type Dispatcher } from 'undici';
import { wallMillis } from '../../kernel/clock.js';
import { errorCode } from '../adyen-checkout/http.js';
import { ConnectorError } from '../connector-error.js';
import { classifyPixAnswer, classifyPixNetworkError, type PixAnswerClass } from './classify.js';
import { PIX_DEFAULTS, type PixApiSettings } from './settings.js';
import { textOf } from '../../kernel/text.js';

export interface PixAnswer {
  class: PixAnswerClass;
  status: number | null;
  /** Parsed JSON; never logged (it names payers). */
  body: Record<string, unknown> | undefined;
}
export type PixCallLog = (entry: {
  method: string;
  path: string;
  status: number | null;
  class: PixAnswerClass;
}) => void;

/**
 * API Pix transport (R3.1): OAuth2 client credentials (HTTP Basic) over mTLS with the account's client
 * certificate, the token cached until `expires_in` − 60 s; a `401` drops it, fetches another and repeats the
 * call once. No call is replayed here: R3.8 resolves an unknown `PUT` by a `GET` (the connector's).
 */
export class PixTransport {
  private readonly dispatcher: Dispatcher;
  private readonly readMs: number;
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  /** How many tokens were fetched (tests: "requested once and reused"). */
  tokensFetched = 0;

  constructor(
    private readonly settings: PixApiSettings,
    private readonly log: PixCallLog = () => {},
    private readonly nowMs: () => number = wallMillis,
  ) {
    const t = settings.timeouts ?? {};
    this.readMs = t.readMs ?? PIX_DEFAULTS.readMs;
    const tls = settings.tls
      ? { cert: settings.tls.cert, key: settings.tls.key, ...(settings.tls.ca ? { ca: settings.tls.ca } : {}) }
      : {};
    this.dispatcher = new Agent({ connect: { timeout: t.connectMs ?? PIX_DEFAULTS.connectMs, ...tls } });
  }

  async call(
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body: object | undefined,
    operation: string,
  ): Promise<PixAnswer> {
    let answer = await this.once(method, path, body, await this.bearer(operation));
    if (answer.status === 401) {
      this.token = null;
      answer = await this.once(method, path, body, await this.bearer(operation));
    }
    this.log({ method, path, status: answer.status, class: answer.class });
    return answer;
  }

  private async once(method: string, path: string, body: object | undefined, token: string): Promise<PixAnswer> {
    try {
      const res = await request(`${this.settings.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        dispatcher: this.dispatcher,
        headersTimeout: this.readMs,
        bodyTimeout: this.readMs,
      });
      const parsed = parseJson(await res.body.text());
      return { class: classifyPixAnswer(res.statusCode, parsed), status: res.statusCode, body: parsed };
    } catch (err) {
      return { class: classifyPixNetworkError(errorCode(err)), status: null, body: undefined };
    }
  }

  /** The cached token, or one fetched now (concurrent callers share one fetch). */
  private async bearer(operation: string): Promise<string> {
    if (this.token && this.nowMs() < this.token.until) return this.token.value;
    this.pendingToken ??= this.fetchToken(operation).finally(() => (this.pendingToken = null));
    return this.pendingToken;
  }

  /** R3.1's token request as sent (client credentials by HTTP Basic, over the account's mTLS agent). */
  private async tokenRequest(): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
    const basic = Buffer.from(
      `${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`,
    ).toString('base64');
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      ...(this.settings.scopes.length ? { scope: this.settings.scopes.join(' ') } : {}),
    });
    const res = await request(this.settings.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      dispatcher: this.dispatcher,
      headersTimeout: this.readMs,
      bodyTimeout: this.readMs,
    });
    return { status: res.statusCode, body: parseJson(await res.body.text()) };
  }

  /**
   * R1.4's credentials check for an API Pix account: a fresh token request (never the cached token), answered
   * as `OK` or the class of R3.8 with the PSP's own words (`error`, `error_description`; never a credential).
   */
  async checkCredentials(): Promise<{ ok: true } | { ok: false; error: string }> {
    let answer: { status: number; body: Record<string, unknown> | undefined };
    try {
      answer = await this.tokenRequest();
    } catch (err) {
      const code = errorCode(err);
      return {
        ok: false,
        error: `${classifyPixNetworkError(code)}: the token endpoint could not be reached (${code ?? 'network error'})`,
      };
    }
    const token = answer.body?.access_token;
    if (answer.status === 200 && typeof token === 'string' && token.length > 0) return { ok: true };
    // R3.1: a token answer 400 or 401 (`invalid_client`, `invalid_grant`...) is AUTH_FAILED, as a 403 is.
    const cls =
      answer.status === 200
        ? 'UNKNOWN'
        : [400, 401, 403].includes(answer.status)
          ? 'AUTH_FAILED'
          : classifyPixAnswer(answer.status, answer.body);
    const said = [answer.body?.error, answer.body?.error_description ?? answer.body?.detail]
      .filter((v) => typeof v === 'string' && v.length > 0)
      .map((v) => textOf(v).slice(0, 200))
      .join(': ');
    const what = answer.status === 200 ? 'answered 200 without an access_token' : `answered ${answer.status}`;
    return { ok: false, error: `${cls}: the token endpoint ${what}${said ? ` (${said})` : ''}` };
  }

  private async fetchToken(operation: string): Promise<string> {
    let status: number;
    let parsed: Record<string, unknown> | undefined;
    try {
      ({ status, body: parsed } = await this.tokenRequest());
    } catch {
      // No token answer: nothing of the operation was sent.
      throw new ConnectorError(
        'unavailable',
        'PROVIDER_UNAVAILABLE',
        'The PSP token endpoint could not be reached',
        operation,
      );
    }
    this.tokensFetched += 1;
    if (status === 400 || status === 401 || status === 403)
      throw new ConnectorError(
        'unavailable',
        'PROVIDER_AUTH_FAILED',
        `The PSP refused the client credentials (${textOf(parsed?.error ?? status)})`,
        operation,
        textOf(parsed?.error ?? status),
        status,
      );
    const value = parsed?.access_token;
    if (status !== 200 || typeof value !== 'string')
      throw new ConnectorError(
        'unavailable',
        'PROVIDER_UNAVAILABLE',
        `The PSP token endpoint answered ${status}`,
        operation,
        null,
        status,
      );
    const expiresIn = Number(parsed?.expires_in ?? 0);
    this.token = { value, until: this.nowMs() + Math.max(0, expiresIn - PIX_DEFAULTS.tokenMarginS) * 1000 };
    return value;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
