import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/http/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** product.md §15: readable development logs, and a 4xx line that names its error code. */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const logger = { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } };
  t = await createTestApp({}, {}, { logger });
}, 60_000);
afterAll(async () => t?.close());

const completed = (status: number) =>
  lines
    .map((l) => JSON.parse(l) as Record<string, any>)
    .filter((l) => l.msg === 'request completed' && l.res?.statusCode === status);

describe('development logs', () => {
  it('a 4xx "request completed" line names the error code', async () => {
    expect((await t.request({ method: 'GET', url: '/core/v1/no-such-route' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', key: 'sk_org_not-a-key' })).statusCode).toBe(
      401,
    );
    expect(completed(404).at(-1)?.errorCode).toBe('RESOURCE_NOT_FOUND');
    expect(completed(401).at(-1)?.errorCode).toBe('AUTHENTICATION_ERROR');
  });

  it('a 2xx line carries no error code', async () => {
    expect((await t.request({ method: 'GET', url: '/core/health' })).statusCode).toBe(200);
    expect(completed(200).at(-1)).toBeDefined();
    expect(completed(200).at(-1)?.errorCode).toBeUndefined();
  });

  it('pretty lines for a terminal, JSON otherwise, LOG_FORMAT overriding', () => {
    const pretty = loggerOptions('info', 'pretty') as { transport?: { target: string } };
    expect(pretty.transport?.target).toBe('pino-pretty');
    expect((loggerOptions('info', 'json') as { transport?: unknown }).transport).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
  });
});
