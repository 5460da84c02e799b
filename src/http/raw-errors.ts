import type { Server, Socket } from 'node:net';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { containsPan } from '../domain/pan.js';
import { systemClock } from '../kernel/clock.js';
import { randomUUID } from 'node:crypto';

/**
 * Answers the server gives before Fastify has a request (product.md §14): Node's parser refusing the request
 * (headers over 16 KiB: 431; anything else malformed: 400) and plain HTTP sent to a TLS listener (400,
 * `invalidField: "protocol"`). Each is the error envelope with an `x-request-id`, written raw to the socket.
 */

export const MAX_URL_BYTES = 8 * 1024;
/** §14: the request line and headers together. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Node's own parser bound, well above §14's: a request up to it is parsed, so the pipeline measures it exactly
 * (a long URL is 414, long headers 431). Past it Node refuses the request and `clientErrorHandler` can only
 * guess which part overflowed (see there).
 */
export const PARSER_HEADER_BOUND = 64 * 1024;

/** §14's refusal of a parsed request whose URL or headers are too long, or undefined. */
export function oversizedRequest(
  raw: IncomingMessage,
): { status: 414 | 431; code: 'URI_TOO_LONG' | 'HEADERS_TOO_LARGE'; message: string } | undefined {
  const url = raw.url ?? '';
  if (url.length > MAX_URL_BYTES)
    return { status: 414, code: 'URI_TOO_LONG', message: `The URL exceeds ${MAX_URL_BYTES} bytes` };
  // What Node counts against its bound: the request line, then each header line with its CRLF.
  let bytes = (raw.method ?? '').length + url.length + 12;
  const headers = raw.rawHeaders;
  for (let i = 0; i < headers.length; i += 2) bytes += headers[i].length + headers[i + 1].length + 4;
  if (bytes > MAX_HEADER_BYTES)
    return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers exceed 16 KiB' };
  return undefined;
}

/**
 * The HTTP(S) server both hosts listen with: request timeouts checked often (slowloris), Node's header bound
 * raised to PARSER_HEADER_BOUND with no cap on the header count (so §14's limits are measured, not guessed),
 * and on TLS a plain-HTTP request answered instead of dropped.
 */
export function serverFactory(options: { requestTimeout: number; tls?: { cert: string; key: string } }) {
  return (handler: RequestListener) => {
    const common = {
      requestTimeout: options.requestTimeout,
      connectionsCheckingInterval: options.requestTimeout > 0 ? Math.min(1000, options.requestTimeout) : 30_000,
      maxHeaderSize: PARSER_HEADER_BOUND,
    };
    const server = options.tls
      ? createHttpsServer({ ...common, ...options.tls }, handler)
      : createHttpServer(common, handler);
    // 0: no cap. Node's default (2000) drops headers past it silently, which would undercount their size.
    server.maxHeadersCount = 0;
    if (options.tls) answerPlainHttpOnTls(server);
    return server;
  };
}

/** The path as its reader sees it: percent-escapes decoded where they are valid, left as sent where not. */
function decodedPath(path: string): string {
  return path.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escaped) => {
    try {
      return decodeURIComponent(escaped);
    } catch {
      return escaped;
    }
  });
}

/**
 * A path safe to echo: no query, and any card-shaped digit run masked, whether sent plain or percent-encoded
 * (`4111%201111%20…`, `%34111…`). A path that carries one is echoed decoded with the run masked (an encoded
 * run cannot be masked in place); any other path is echoed exactly as received (product.md §2).
 */
export function safePath(url: string): string {
  const path = url.split('?')[0].slice(0, 2048);
  const decoded = decodedPath(path);
  if (!containsPan(path) && !containsPan(decoded)) return path;
  return decoded.replace(/\d[\d -]{11,}\d/g, '[REDACTED]');
}

export function rawEnvelope(
  status: number,
  reason: string,
  code: string,
  message: string,
  path: string,
  details?: Record<string, unknown>,
): string {
  const requestId = randomUUID();
  const body = JSON.stringify({
    error: {
      code,
      message,
      status,
      path: safePath(path),
      timestamp: systemClock.now().toISOString(),
      requestId,
      ...(details ? { details } : {}),
    },
  });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** The request target of a raw request's first line, when it can be read. */
function targetOf(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  return /^[A-Z]+ (\S+) HTTP\/1\.[01]$/.exec(line)?.[1] ?? '/';
}

/**
 * Past PARSER_HEADER_BOUND Node says only that the head overflowed and hands the chunk it was parsing. The URL
 * is taken to be the culprit when that chunk opens with a request line longer than MAX_URL_BYTES, or holds no
 * line break at all (the middle of one endless line: a URL far more often than a single 48 KiB header).
 */
function urlOverflowed(packet: Buffer | undefined): boolean {
  if (!packet) return false;
  const head = packet.subarray(0, MAX_URL_BYTES + 32).toString('latin1');
  if (/^[A-Z]+ \S/.test(head)) return !head.includes('\r\n');
  return !packet.includes('\r\n');
}

const answered = new WeakSet<Socket>();
/** How long a refused connection may keep sending before it is cut (its unread bytes would reset the answer away). */
const LINGER_MS = 2000;

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request before any route could see it. Node calls it
 * again for every later chunk of the same connection; only the first answers. The rest of what the client sends
 * is read and dropped until it has the answer (a lingering close, as nginx does): closing with unread bytes
 * resets the connection, and the client, still writing its oversized head, never reads the answer.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (answered.has(socket)) return;
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  answered.add(socket);
  const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;
  const path = targetOf(packet);
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? urlOverflowed(packet)
        ? rawEnvelope(414, 'URI Too Long', 'URI_TOO_LONG', `The URL exceeds ${MAX_URL_BYTES} bytes`, path)
        : rawEnvelope(
            431,
            'Request Header Fields Too Large',
            'HEADERS_TOO_LARGE',
            'The request headers exceed 16 KiB',
            path,
          )
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawEnvelope(408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive', path)
        : rawEnvelope(400, 'Bad Request', 'BAD_REQUEST', 'The request is not valid HTTP', path, {
            invalidField: 'request',
            receivedValue: null,
          });
  socket.on('error', () => socket.destroy());
  socket.end(answer);
  socket.resume();
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}

/**
 * Makes a TLS server answer plain HTTP with a 400 instead of closing the connection: the first byte of a
 * connection tells a TLS handshake (0x16) from anything else. A handshake is put back and handed to the TLS
 * machinery (which reads what the socket already buffered); anything else gets the envelope.
 */
export function answerPlainHttpOnTls(server: Server): void {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      if (chunk[0] === 0x16) {
        socket.unshift(chunk);
        for (const listener of tlsListeners) listener.call(server, socket);
        return;
      }
      socket.on('error', () => socket.destroy());
      socket.end(
        rawEnvelope(
          400,
          'Bad Request',
          'BAD_REQUEST',
          'This port speaks HTTPS; send the request over TLS',
          targetOf(chunk),
          { invalidField: 'protocol', receivedValue: 'http' },
        ),
      );
    });
  });
}
