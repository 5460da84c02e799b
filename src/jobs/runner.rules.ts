import { textOf } from '../kernel/text.js';
/** Pure rules of the job runner: retry backoff and what of an error may be stored. */

const BASE_MS = 1000;
const CAP_MS = 15 * 60_000;
const MAX_ERROR_CHARS = 500;

/** Exponential backoff after the n-th failed attempt (1-based): 1 s, 2 s, 4 s, ... capped at 15 minutes. */
export function backoffMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(CAP_MS, BASE_MS * 2 ** Math.min(n - 1, 30));
}

/**
 * The text stored as a job's last_error and logged: the error's code and message, never a query's text or
 * its parameters (Drizzle's "Failed query: ... params: ..." wraps the driver error: its cause is used
 * instead), cut to a bounded length.
 */
export function safeErrorText(err: unknown): string {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { message?: unknown; code?: unknown; cause?: unknown; name?: unknown };
    const message = typeof e.message === 'string' ? e.message : textOf(cur);
    if (/^Failed query:/i.test(message) || /\bparams:/i.test(message)) {
      cur = e.cause;
      continue;
    }
    const code = typeof e.code === 'string' ? `${e.code}: ` : '';
    return `${code}${message}`.slice(0, MAX_ERROR_CHARS);
  }
  return 'query failed';
}
