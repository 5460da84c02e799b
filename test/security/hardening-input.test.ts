import { createConnection } from 'node:net';
import { request as httpsRequest } from 'node:https';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * product.md §14, the input half: strings no database can store, JSON nested too deep, card numbers in free
 * text, metadata limits, and every refusal the server gives before a route (bad URL encoding, long URLs,
 * oversized headers, plain HTTP on a TLS port) answered in the envelope with an x-request-id.
 */
let t: TestApp;
let org: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp();
  org = await t.createOrganization();
}, 120_000);
afterAll(async () => t?.close());

const createUser = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/core/v1/users', key: org.apiKey, payload: payload as object, headers });
const userBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Souza',
  identifier: { type: 'email', value: `u${Math.random().toString(36).slice(2)}@example.com` },
  ...extra,
});

function expectEnvelope(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const error = JSON.parse(res.body).error;
  expect(error).toMatchObject({ status, requestId: res.headers['x-request-id'] });
  return error;
}

describe('strings the database cannot store and deep JSON', () => {
  it.each([
    ['a NUL in a value', userBody({ first_name: 'Ana\u0000' }), 'first_name'],
    ['an unpaired surrogate in a value', userBody({ last_name: 'x\ud800y' }), 'last_name'],
    ['a lone low surrogate in metadata', userBody({ metadata: { note: '\udc00' } }), 'metadata.note'],
    ['a NUL in a key', userBody({ metadata: { 'a\u0000b': 'x' } }), 'metadata'],
  ])('%s answers 400 INVALID_FORMAT on the field', async (_name, body, field) => {
    const error = expectEnvelope(await createUser(body), 400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.issues).toContainEqual(expect.objectContaining({ field, type: 'INVALID_FORMAT' }));
  });

  it('a NUL in a query value or a path id is a 400, never a 500', async () => {
    expectEnvelope(await t.request({ method: 'GET', url: '/core/v1/users?sort=%00', key: org.apiKey }), 400);
    expectEnvelope(await t.request({ method: 'GET', url: '/core/v1/users/%00', key: org.apiKey }), 400);
  });

  it('JSON nested deeper than 32 levels answers 400 BAD_REQUEST on body; 32 levels reach the schema', async () => {
    for (const depth of [33, 5000, 100_000]) {
      const payload = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const error = expectEnvelope(
        await t.request({
          method: 'POST',
          url: '/core/v1/users',
          key: org.apiKey,
          payload,
          headers: { 'content-type': 'application/json' },
        }),
        400,
      );
      expect(error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'body' } });
    }
    const nested = `{"first_name":"A","last_name":"B","metadata":${'['.repeat(30)}${']'.repeat(30)}}`;
    const ok = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: nested,
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(ok.body).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('card numbers outside card fields', () => {
  it.each([
    ['request_id', { request_id: 'tx-4111-1111-1111-1111' }],
    ['first_name', { first_name: 'Ana 5555 5555 5555 4444' }],
    ['metadata.note', { metadata: { note: '378282246310005' } }],
    ['metadata', { metadata: { '4111111111111111': 'x' } }],
    ['metadata.n', { metadata: { n: 4111111111111111 } }],
  ])('%s refuses a card number without echoing it', async (field, extra) => {
    const res = await createUser(userBody(extra));
    const error = expectEnvelope(res, 400);
    expect(error.details.issues).toContainEqual(expect.objectContaining({ field, type: 'INVALID_FORMAT' }));
    expect(res.body.replace(/\D/g, '')).not.toMatch(/4111111111111111|5555555555554444|378282246310005/);
  });

  it('documents, phones and UUIDs in free text are not card numbers', async () => {
    const res = await createUser(
      userBody({
        metadata: { cnpj: '11222333000181', phone: '+5511987654321', ref: 'a3f1c2d4-1234-4111-8111-111111111111' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the Idempotency-Key header is free text too', async () => {
    const error = expectEnvelope(await createUser(userBody(), { 'idempotency-key': 'k-4111111111111111' }), 400);
    expect(error.details.issues[0]).toMatchObject({ field: 'Idempotency-Key', type: 'INVALID_FORMAT' });
  });
});

describe('metadata limits', () => {
  it('at most 50 keys of 1-40 characters; values strings up to 500, numbers, booleans or null', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    let error = expectEnvelope(await createUser(userBody({ metadata: many })), 400);
    expect(error.details.issues).toContainEqual(expect.objectContaining({ field: 'metadata', type: 'TOO_LARGE' }));
    error = expectEnvelope(await createUser(userBody({ metadata: { ['k'.repeat(41)]: 1 } })), 400);
    expect(error.details.issues[0]).toMatchObject({ type: 'TOO_LARGE' });
    error = expectEnvelope(await createUser(userBody({ metadata: { '': 1 } })), 400);
    expect(error.details.issues[0]).toMatchObject({ type: 'TOO_LARGE' });
    expectEnvelope(await createUser(userBody({ metadata: { v: 'x'.repeat(501) } })), 400);
    const fifty = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`k${i}`.padEnd(40, 'x'), i % 2 ? 'x'.repeat(500) : null]),
    );
    expect((await createUser(userBody({ metadata: { ...fifty } }))).statusCode).toBe(201);
  });
});

describe('refusals before any route', () => {
  it('a bad %-encoding, a long path id and a URL over 8 KiB answer in the envelope (in-process)', async () => {
    let error = expectEnvelope(await t.request({ method: 'GET', url: '/core/v1/users/%ZZ', key: org.apiKey }), 400);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'path' } });
    error = expectEnvelope(
      await t.request({ method: 'GET', url: `/core/v1/users/${'a'.repeat(150)}`, key: org.apiKey }),
      400,
    );
    expect(error.details.invalidField).toBe('id');
    error = expectEnvelope(
      await t.request({ method: 'GET', url: `/core/v1/users/${'a'.repeat(9000)}`, key: org.apiKey }),
      414,
    );
    expect(error.code).toBe('URI_TOO_LONG');
  });

  async function raw(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(text));
      let received = '';
      socket.on('data', (d) => (received += String(d)));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 5000);
    });
  }
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    const status = Number(head!.split(' ')[1]);
    const requestId = /x-request-id: (\S+)/i.exec(head!)?.[1];
    return { status, error: JSON.parse(body!).error, requestId };
  };

  it('over a socket: 40 KB of headers is 431, of query 414 (a URL over 8 KiB), a bad request line 400, each in the envelope', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const cases: [string, number, string][] = [
      [`GET /core/v1/users HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
      [`GET /core/v1/users?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG'],
      ['GET /core/v1/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'BAD_REQUEST'],
      ['GARBAGE\r\n\r\n', 400, 'BAD_REQUEST'],
    ];
    for (const [text, status, code] of cases) {
      const answer = parse(await raw(port, text));
      expect(answer.status).toBe(status);
      expect(answer.error).toMatchObject({ status, code });
      expect(answer.error.requestId).toBe(answer.requestId);
    }
  });

  it('plain HTTP to a TLS listener answers 400 protocol; TLS still works', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
    } as never);
    const tls = await createTestApp({}, {}, { https: { cert: pems.cert, key: pems.private } } as never);
    try {
      await tls.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = tls.app.server.address() as { port: number };
      const answer = parse(await raw(port, 'GET /core/health HTTP/1.1\r\nHost: x\r\n\r\n'));
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'protocol' } });
      const status = await new Promise<number>((resolve, reject) => {
        httpsRequest({ host: '127.0.0.1', port, path: '/core/health', rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
    } finally {
      await tls.close();
    }
  }, 120_000);
});
