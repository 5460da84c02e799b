import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { loggerOptions } from '../../src/http/logger.js';
import { buildPciApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantBody } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { standardRps: 5, highRps: 8 } });
});
afterAll(async () => t?.close());

describe('rate limits', () => {
  it('counts the standard pool per key, sets headers on every response and answers 429 with an empty body', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const responses = [];
    for (let i = 0; i < 7; i++)
      responses.push(await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.apiKey }));
    const codes = responses.map((r) => r.statusCode);
    // A one-second window can roll over mid-loop; what matters is that the excess is refused.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
    const first = responses[0];
    expect(first!.headers['x-ratelimit-limit']).toBe('5');
    expect(Number(first!.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(4);
    expect(Number(first!.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    const limited = responses.find((r) => r.statusCode === 429)!;
    expect(limited.body).toBe('');
    expect(limited.headers['x-ratelimited']).toBe('true');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another credential has its own pool.
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', key: other.apiKey })).statusCode).toBe(200);
  });

  it('counts unauthenticated requests by client address', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++)
      codes.push((await t.request({ method: 'GET', url: '/core/v1/merchants', remoteAddress: '10.9.9.9' })).statusCode);
    expect(codes).toContain(401);
    expect(codes).toContain(429);
  });
});

describe('transport rules', () => {
  it('in TRUST_PROXY mode rejects a forwarded protocol other than https', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const plain = await proxied.request({ method: 'GET', url: '/core/health' });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error).toMatchObject({
        code: 'BAD_REQUEST',
        details: { invalidField: 'protocol', receivedValue: 'http' },
      });
      const http = await proxied.request({
        method: 'GET',
        url: '/core/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.json().error.details.receivedValue).toBe('http');
      const https = await proxied.request({
        method: 'GET',
        url: '/core/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('the PCI host answers what the core answers for its routes', async () => {
    const pci = await buildPciApp(t.deps, {}, { core: t.app });
    // No credential: the core's 401, relayed as it is.
    const res = await pci.inject({ method: 'POST', url: '/core/v1/transactions', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'AUTHENTICATION_ERROR', requestId: res.headers['x-request-id'] });
    await pci.close();
  });

  it('bodies over 1 MiB answer 413 PAYLOAD_TOO_LARGE', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: { ...merchantBody(), name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('logs', () => {
  it('never contain API keys, even at debug level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = { ...(loggerOptions('debug') as object), stream: sink };
    const logged = await createTestApp({}, {}, { logger });
    try {
      const org = await logged.createOrganization();
      const res = await logged.request({
        method: 'GET',
        url: '/core/v1/companies/me?x=1',
        key: org.apiKey,
        headers: { authorization: 'Bearer secret-token' },
      });
      const all = lines.join('');
      expect(lines.length).toBeGreaterThan(2);
      expect(all).toContain(res.headers['x-request-id'] as string);
      expect(all).not.toContain(org.apiKey);
      expect(all).not.toContain('secret-token');
    } finally {
      await logged.close();
    }
  });
});

describe('overload', () => {
  // An API route: health, the docs and the guides are never shed (test/api/load-guard.test.ts).
  it('answers 503 in the envelope while the event loop is blocked, then recovers', async () => {
    const stressed = await createTestApp(
      {},
      { pressure: { maxEventLoopDelayMs: 50, sampleIntervalMs: 100, startupGraceMs: 0 } },
    );
    try {
      // Block the event loop as a CPU-bound overload would, then watch for the shed answer; the sampler
      // runs on its own interval, so poll rather than assume its timing.
      const until = Date.now() + 600;
      while (Date.now() < until) {
        /* busy */
      }
      let shed;
      for (let i = 0; i < 100 && !shed; i++) {
        const res = await stressed.request({ method: 'GET', url: '/core/v1/encryption-keys' });
        if (res.statusCode === 503) shed = res;
        else await new Promise((r) => setTimeout(r, 2));
      }
      if (!shed) throw new Error('no 503 while overloaded');
      expect(shed.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(shed.headers['retry-after']).toBe('1');
      let status = 503;
      for (let i = 0; i < 50 && status === 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await stressed.request({ method: 'GET', url: '/core/v1/encryption-keys' })).statusCode;
      }
      expect(status).toBe(200);
    } finally {
      await stressed.close();
    }
  });
});

describe('slow clients', () => {
  it('a request that never finishes arriving is cut off by the request timeout', async () => {
    const { createConnection } = await import('node:net');
    const slow = await createTestApp({ requestTimeoutMs: 300 });
    try {
      await slow.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = slow.app.server.address() as { port: number };
      const socket = createConnection({ host: '127.0.0.1', port });
      let received = '';
      socket.on('data', (d) => (received += String(d)));
      // Headers that never end: the request never completes arriving.
      socket.write('GET /core/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      const closed = await new Promise<boolean>((resolve) => {
        socket.on('close', () => resolve(true));
        setTimeout(() => resolve(false), 10_000);
      });
      expect(closed).toBe(true);
      expect(received.startsWith('HTTP/1.1 408')).toBe(true);
      socket.destroy();
    } finally {
      await slow.close();
    }
  });
});
