/** The rows of a raw `execute`: node-postgres answers `{ rows }`, PGlite too (some paths an array). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
