import { createConnection, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { generate } from 'selfsigned';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildPciApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * product.md §14 over real sockets, on both hosts and both transports: a URL over 8 KiB is 414 whatever its
 * length (even past Node's header bound), headers over 16 KiB are 431 (over TLS too, where the answer used to be
 * lost to the connection's reset), and plain HTTP on the PCI host's TLS listener is 400 `protocol`.
 */
let t: TestApp;
let plainCore: FastifyInstance;
let pci: FastifyInstance;
let tlsPort: number;
let plainPort: number;
let pciPort: number;
beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  } as never);
  const https = { https: { cert: pems.cert, key: pems.private } } as never;
  t = await createTestApp({}, {}, https);
  plainCore = await buildApp(t.deps, {});
  pci = await buildPciApp(t.deps, https, { core: t.app });
  for (const app of [t.app, plainCore, pci]) await app.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;
  [tlsPort, plainPort, pciPort] = [portOf(t.app), portOf(plainCore), portOf(pci)];
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([pci?.close(), plainCore?.close()]);
  await t?.close();
});

function send(port: number, text: string, tls: boolean): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket: Socket = tls
      ? tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => socket.write(text))
      : createConnection({ host: '127.0.0.1', port }, () => socket.write(text));
    socket.on('data', (d) => (received += String(d)));
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 5000);
  });
}

function envelope(answer: string, status: number, code: string) {
  expect(answer, 'the connection closed without an answer').not.toBe('');
  const [head, body] = answer.split('\r\n\r\n');
  expect(Number(head!.split(' ')[1]), answer.slice(0, 300)).toBe(status);
  const error = JSON.parse(body!).error;
  expect(error).toMatchObject({ status, code, requestId: /x-request-id: (\S+)/i.exec(head!)?.[1] });
  return error;
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;
const bigHeaders = (bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 1000) }, (_, i) => `X-Filler-${i}: ${'a'.repeat(985)}\r\n`).join('');
const listeners = () => [
  { name: 'core over TLS', port: tlsPort, tls: true },
  { name: 'core in plain HTTP', port: plainPort, tls: false },
  { name: 'PCI host over TLS', port: pciPort, tls: true },
];

describe('URLs over 8 KiB', () => {
  it('a 20,000-character path id answers 414 URI_TOO_LONG, not 431', async () => {
    for (const { name, port, tls } of listeners()) {
      const error = envelope(await send(port, get(`/core/v1/users/${'a'.repeat(20_000)}`), tls), 414, 'URI_TOO_LONG');
      expect(error.path, name).not.toContain('a'.repeat(3000));
    }
  });

  it('a URL past the parser bound (200,000 characters) still answers 414', async () => {
    for (const { port, tls } of listeners())
      envelope(await send(port, get(`/core/v1/users/${'a'.repeat(200_000)}`), tls), 414, 'URI_TOO_LONG');
  });
});

describe('headers over 16 KiB', () => {
  it('40 KB of headers answer 431 HEADERS_TOO_LARGE on every listener', async () => {
    for (const { port, tls } of listeners())
      envelope(await send(port, get('/core/v1/users', bigHeaders(40_000)), tls), 431, 'HEADERS_TOO_LARGE');
  });

  it('200 KB of headers (past the parser bound) answer 431 too', async () => {
    for (const { port, tls } of listeners())
      envelope(await send(port, get('/core/v1/users', bigHeaders(200_000)), tls), 431, 'HEADERS_TOO_LARGE');
  });

  it('15 KB of headers pass', async () => {
    for (const { port, tls } of listeners()) {
      const answer = await send(port, get('/core/health', bigHeaders(15_000)), tls);
      expect(Number(answer.split(' ')[1]), answer.slice(0, 200)).not.toBe(431);
    }
  });
});

describe('plain HTTP to a TLS listener', () => {
  it('the PCI host answers 400 BAD_REQUEST protocol, like the core', async () => {
    for (const port of [pciPort, tlsPort]) {
      const error = envelope(await send(port, get('/core/v1/transactions'), false), 400, 'BAD_REQUEST');
      expect(error.details).toMatchObject({ invalidField: 'protocol' });
    }
  });
});
