/**
 * A value the code's own logic guarantees (an element of an array just built to the same length, a row a
 * statement just wrote) but the types cannot prove (noUncheckedIndexedAccess). Absent means a bug, not bad
 * input: an internal error that says which guarantee broke, never a silent skip.
 */
export function must<T>(value: T | undefined | null, reason: string): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${reason}`);
  return value;
}
