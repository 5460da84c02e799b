import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Log options: credentials and card fields are redacted wherever they appear, and request URLs are logged
 * without their query string (signed links carry their signature there).
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.code',
  '*.api_key',
  '*.signing_secret',
  '*.access_token',
  '*.card',
  '*.card_data',
  '*.number',
  '*.cvv',
  '*.content_base64',
  // Provider account credentials (providers.md R1.4): never in a log, whatever carries them.
  '*.credentials',
  '*.hmac_key',
  '*.client_secret',
  '*.client_private_key_pem',
  '*.webhook_secret',
];

/** Secret-shaped text a message may carry: card ciphertexts, webhook secrets, API keys, bearer tokens, card numbers. */
const SECRET_PATTERNS = [
  /ev:[A-Za-z0-9+/=:_$-]+/g,
  /whsec_[A-Za-z0-9+/=]+/g,
  /sk_[a-z]+_[A-Za-z0-9_-]+/g,
  /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
];

/** A message with anything secret-shaped and any long digit run replaced (card numbers in any grouping). */
export function scrubMessage(message: string): string {
  let out = message;
  for (const p of SECRET_PATTERNS) out = out.replace(p, '[REDACTED]');
  return out.replace(/\d(?:[ -]?\d){11,}/g, '[REDACTED]');
}

type AnyError = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
  stack?: unknown;
  statusCode?: unknown;
};

/**
 * Errors are logged by their safe fields only (product.md §14): a failed query's SQLSTATE, constraint, table
 * and column, never its SQL, parameters or `detail` (Drizzle's DrizzleQueryError message is the whole SQL with
 * its parameters; PostgreSQL's detail quotes the offending values). Other messages are scrubbed; stacks keep
 * their frames without the message line.
 */
export function serializeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: 'Error',
    message: '',
    stack: '',
  };
  let cur = err as AnyError | undefined;
  let database = false;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const name = typeof cur.name === 'string' ? cur.name : undefined;
    if (name === 'DrizzleQueryError' || (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)))
      database = true;
    if (depth === 0 && name) out.type = name;
    // 'sqlState', not 'code': redaction censors every `code` (one-time codes).
    if (typeof cur.code === 'string' && out.sqlState === undefined) out.sqlState = cur.code;
    if (typeof cur.statusCode === 'number' && out.statusCode === undefined) out.statusCode = cur.statusCode;
    for (const field of ['constraint', 'table', 'column'] as const) {
      if (typeof cur[field] === 'string' && out[field] === undefined) out[field] = cur[field];
    }
    cur = cur.cause as AnyError | undefined;
  }
  const top = err as AnyError | undefined;
  if (database) out.message = 'database query failed';
  else if (typeof top?.message === 'string') out.message = scrubMessage(top.message).slice(0, 500);
  if (typeof top?.stack === 'string')
    out.stack = top.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 12)
      .join('\n');
  return out;
}

/**
 * Readable lines for a person at a terminal (pino-pretty in pino's worker thread; redaction and the
 * serializers above still run first, in this process), JSON lines for everything else.
 */
export function prettyTransport(format: 'pretty' | 'json' = 'json') {
  if (format !== 'pretty') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        singleLine: true,
        // One short line per request: "request completed GET /core/v1/x 404 RESOURCE_NOT_FOUND".
        messageFormat:
          '{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}{if errorCode} {errorCode}{end}',
        ignore: 'pid,hostname,req,res,errorCode,reqId,responseTime',
      },
    },
  };
}

export function loggerOptions(level: string, format: 'pretty' | 'json' = 'json'): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...prettyTransport(format),
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
    },
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type PinoLike = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  bindings(): Bindings;
  flush(cb?: (err?: Error) => void): void;
};
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger, made only when something is written: Fastify makes a pino child per request (its bindings
 * serialized and redacted at once), which at the usual `warn` level no request path ever writes to
 * (docs/performance.md, 2026-11-28 04:15: 1.5% of a merchant read's CPU). The first call at an enabled level (or
 * any other use: `child`, `bindings`, a level change) makes the same child Fastify would have made, so what is
 * written is unchanged.
 */
class LazyRequestLogger {
  private made: PinoLike | undefined;
  constructor(
    private readonly parent: PinoLike,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private real(): PinoLike {
    return (this.made ??= this.parent.child(this.childBindings, this.options) as PinoLike);
  }
  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    const real = this.real();
    Reflect.apply(real[level], real, args);
  }
  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
  bindings(): Bindings {
    return this.real().bindings();
  }
  flush(cb?: (err?: Error) => void): void {
    this.parent.flush(cb);
  }
  silent(): void {}
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
}

/** Fastify's `childLoggerFactory`: a route's own log level (Fastify passes it in `options`) gets its child at once. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pino = logger as PinoLike;
  if (options.level !== undefined || typeof pino.isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(pino, bindings, options);
}
