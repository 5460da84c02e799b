import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLogger, loggerOptions } from './logger.js';

/** A pino logger with the platform's options (redaction, serializers) writing its lines into `lines`. */
function logger(level: string, lines: string[]): FastifyBaseLogger {
  const options = loggerOptions(level) as pino.LoggerOptions;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return pino({ ...options, timestamp: false, base: undefined }, sink);
}

const calls: [string, (log: FastifyBaseLogger) => void][] = [
  ['a message', (log) => log.warn('slow answer')],
  ['an object and a message', (log) => log.error({ card: { number: '4111111111111111' }, n: 1 }, 'failed')],
  ['a child of the request logger', (log) => log.child({ errorCode: 'X' }).warn('refused')],
  ['a level below the logger’s (nothing written)', (log) => log.info('incoming request')],
];

describe('lazyChildLogger: the lines Fastify’s own child would write, and no child when nothing is written', () => {
  it.each(calls)('%s', (_name, use) => {
    const eager: string[] = [];
    const lazy: string[] = [];
    use(logger('warn', eager).child({ reqId: 'req-1' }, {}));
    use(lazyChildLogger(logger('warn', lazy), { reqId: 'req-1' }, {}));
    expect(lazy).toEqual(eager);
  });

  it('asks the parent for a child only when a line is written', () => {
    const lines: string[] = [];
    const parent = logger('warn', lines);
    let made = 0;
    const child = parent.child.bind(parent);
    parent.child = (...args: Parameters<FastifyBaseLogger['child']>) => {
      made++;
      return child(...args);
    };
    const log = lazyChildLogger(parent, { reqId: 'req-2' }, {});
    log.info('not written');
    log.debug('not written');
    expect(made).toBe(0);
    log.warn('written');
    log.error('written');
    expect(made).toBe(1);
    expect(lines.map((l) => JSON.parse(l).reqId)).toEqual(['req-2', 'req-2']);
  });

  it('a route’s own log level gets its child at once', () => {
    const lines: string[] = [];
    const log = lazyChildLogger(logger('warn', lines), { reqId: 'req-3' }, { level: 'info' });
    log.info('written at the route’s level');
    expect(lines).toHaveLength(1);
  });
});
