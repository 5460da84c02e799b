import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';

/**
 * The shared part of the provider doubles (providers.md R7.2): a local HTTP(S) server on 127.0.0.1 that
 * records every request (with the problems the official document finds in it), and fault knobs:
 * `POST /__double/fail { path_prefix, status: 401|422|429|500|503|"timeout"|"reset", count }`,
 * `GET /__double/requests`, `DELETE /__double/requests`. A `500`/`503`/`401`/`422`/`429` fault answers before the
 * request is applied; `timeout` (no answer until the client gives up) and `reset` (the socket is destroyed)
 * apply it first, as a provider that did the work and lost the answer.
 */
export interface DoubleRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  rawBody: string;
  /** Parsed JSON, or the form fields of an `application/x-www-form-urlencoded` body. */
  body: unknown;
  /** The client certificate's subject CN over mTLS, if one was presented and verified. */
  clientCertificate: string | null;
}
export interface DoubleAnswer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}
export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
  status: number | null;
  /** What the official document says is wrong with the request ([] when it validates). */
  problems: string[];
}
export type FaultStatus = 401 | 403 | 422 | 429 | 500 | 502 | 503 | 504 | 'timeout' | 'reset';
interface Fault {
  pathPrefix: string;
  status: FaultStatus;
  count: number;
}
export type Handler = (req: DoubleRequest, recorded: RecordedRequest) => Promise<DoubleAnswer>;

export interface DoubleServerOptions {
  handler: Handler;
  /** Shows a request for `GET /__double/requests` without secrets (card numbers, API keys, tokens). */
  redact: (req: DoubleRequest) => { headers: Record<string, string | undefined>; body: unknown };
  /** An answer for a fault status, in the provider's error shape. */
  faultBody: (status: number) => unknown;
  /** The official document's problems with a request ([] when valid): a request with any is answered `invalid`. */
  check: (req: DoubleRequest) => string[];
  invalid: (problems: string[]) => DoubleAnswer;
  tls?: { key: string; cert: string; ca: string; requestCert: boolean };
}

export class DoubleServer {
  readonly requests: RecordedRequest[] = [];
  private readonly faults: Fault[] = [];
  private readonly server: Server;
  private port = 0;

  constructor(private readonly options: DoubleServerOptions) {
    const listener = (req: IncomingMessage, res: ServerResponse) => void this.serve(req, res);
    this.server = options.tls
      ? createHttpsServer(
          {
            key: options.tls.key,
            cert: options.tls.cert,
            ca: options.tls.ca,
            requestCert: options.tls.requestCert,
            rejectUnauthorized: false,
          },
          listener,
        )
      : createHttpServer(listener);
  }

  get url(): string {
    return `${this.options.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
  }

  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  fail(pathPrefix: string, status: FaultStatus, count = 1): void {
    this.faults.push({ pathPrefix, status, count });
  }

  /** Removes the faults not yet used (a test that failed a path for as long as it needed). */
  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Requests to a path (exact, or a prefix ending in `*`), oldest first. */
  received(path?: string): RecordedRequest[] {
    if (!path) return this.requests;
    return this.requests.filter((r) => (path.endsWith('*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    );
    const socket = req.socket as TLSSocket;
    const peer =
      typeof socket.getPeerCertificate === 'function' && socket.authorized ? socket.getPeerCertificate() : null;
    const request: DoubleRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      rawBody,
      body: parseBody(rawBody, headers['content-type']),
      clientCertificate: peer?.subject?.CN ? String(peer.subject.CN) : null,
    };
    try {
      if (url.pathname.startsWith('/__double/')) return send(res, await this.control(request));
      const shown = this.options.redact(request);
      const recorded: RecordedRequest = {
        at: this.requests.length,
        method: request.method,
        path: request.path,
        headers: shown.headers,
        body: shown.body,
        status: null,
        problems: [],
      };
      this.requests.push(recorded);
      recorded.problems = this.options.check(request);
      if (recorded.problems.length) {
        const answer = this.options.invalid(recorded.problems);
        recorded.status = answer.status;
        return send(res, answer);
      }
      const fault = this.takeFault(request.path);
      if (fault !== null && typeof fault === 'number') {
        recorded.status = fault;
        return send(res, { status: fault, json: this.options.faultBody(fault) });
      }
      const answer = await this.options.handler(request, recorded);
      recorded.status = answer.status;
      if (fault === 'reset') return void req.socket.destroy();
      if (fault === 'timeout') return; // applied; the answer never comes (the connection closes with the server)
      send(res, answer);
    } catch (err) {
      send(res, {
        status: 500,
        json: { status: 500, errorCode: '000', message: `double: ${(err as Error).message}`, errorType: 'internal' },
      });
    }
  }

  private async control(req: DoubleRequest): Promise<DoubleAnswer> {
    if (req.path === '/__double/requests' && req.method === 'GET')
      return { status: 200, json: { requests: this.requests } };
    if (req.path === '/__double/requests' && req.method === 'DELETE') {
      this.requests.length = 0;
      return { status: 200, json: { cleared: true } };
    }
    if (req.path === '/__double/fail' && req.method === 'POST') {
      const b = (req.body ?? {}) as { path_prefix?: string; status?: FaultStatus; count?: number };
      if (typeof b.path_prefix !== 'string' || b.status === undefined)
        return { status: 400, json: { message: 'path_prefix and status are required' } };
      this.fail(b.path_prefix, b.status, b.count ?? 1);
      return { status: 200, json: { queued: true } };
    }
    return this.options.handler(req, {
      at: -1,
      method: req.method,
      path: req.path,
      headers: {},
      body: null,
      status: null,
      problems: [],
    });
  }

  private takeFault(path: string): FaultStatus | null {
    const fault = this.faults.find((f) => path.startsWith(f.pathPrefix) && f.count > 0);
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return fault.status;
  }
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, answer: DoubleAnswer): void {
  const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
  res.writeHead(answer.status, {
    'content-type': answer.json !== undefined ? 'application/json' : 'text/plain',
    ...answer.headers,
  });
  res.end(body);
}

const loopbackAgent = new Agent({ connect: { rejectUnauthorized: false } });

/**
 * How a double reaches the platform it calls back (PIX callbacks, Adyen notifications). A local sandbox serves
 * https with its own self-signed certificate (data/tls), which a stand-in on the same machine cannot know: for a
 * loopback address only the certificate is not verified; anything else is verified as usual (undici's default).
 */
export function callbackDispatcher(url: string): Dispatcher | undefined {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? loopbackAgent : undefined;
}
