/**
 * The text of a value the type system cannot vouch for (a JSON body, a job payload, a driver's row): a string as
 * it is, a number, boolean or bigint written out, null and undefined as '', anything else as JSON, never
 * "[object Object]" (what `String(value)` gives, and what the lint rule `no-base-to-string` guards against).
 */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint' ||
    typeof value === 'symbol'
  ) {
    return value.toString();
  }
  if (value instanceof Date) return value.toISOString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return Object.prototype.toString.call(value);
  }
}
