import type { Server, Socket } from 'node:net';
import { containsPan } from '../domain/pan.js';
import { systemClock } from '../jobs/clock.js';
import { randomUUID } from 'node:crypto';

/**
 * Answers the server gives before Fastify has a request (product.md §14): Node's parser refusing the request
 * (headers over 16 KiB: 431; anything else malformed: 400) and plain HTTP sent to a TLS listener (400,
 * `invalidField: "protocol"`). Each is the error envelope with an `x-request-id`, written raw to the socket.
 */

export const MAX_URL_BYTES = 8 * 1024;

/** A path safe to echo: no query, and any card-shaped digit run masked. */
export function safePath(url: string): string {
  const path = url.split('?')[0].slice(0, 2048);
  return containsPan(path) ? path.replace(/\d[\d -]{11,}\d/g, '[REDACTED]') : path;
}

export function rawEnvelope(status: number, reason: string, code: string, message: string, path: string, details?: Record<string, unknown>): string {
  const requestId = randomUUID();
  const body = JSON.stringify({
    error: { code, message, status, path: safePath(path), timestamp: systemClock.now().toISOString(), requestId, ...(details ? { details } : {}) },
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

/** Fastify's `clientErrorHandler`: Node's parser refused the request before any route could see it. */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const path = targetOf(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined);
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawEnvelope(431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers (or its URL) exceed 16 KiB', path)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawEnvelope(408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive', path)
        : rawEnvelope(400, 'Bad Request', 'BAD_REQUEST', 'The request is not valid HTTP', path, { invalidField: 'request', receivedValue: null });
  socket.end(answer);
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
      socket.end(rawEnvelope(400, 'Bad Request', 'BAD_REQUEST', 'This port speaks HTTPS; send the request over TLS', targetOf(chunk), { invalidField: 'protocol', receivedValue: 'http' }));
    });
  });
}
