/**
 * The `Idempotency-Key` header (product.md §15): on a create (a route whose body takes `request_id`) it means
 * exactly what `request_id` means. Pure, so it is tested by table and property.
 */

export const IDEMPOTENCY_KEY_MAX = 255;

export type MergeOutcome =
  /** The body to validate: unchanged, or with `request_id` taken from the header. */
  { ok: true; body: unknown } | { ok: false; message: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Folds the header into the body. Absent: nothing changes. Present: 1-255 characters, and equal to the body's
 * `request_id` when the body has one (both given and different is the client's mistake, never guessed at).
 * A body that is not an object is left for the schema to refuse.
 */
export function mergeIdempotencyKey(header: string | string[] | undefined, body: unknown): MergeOutcome {
  if (header === undefined) return { ok: true, body };
  if (Array.isArray(header)) return { ok: false, message: 'Send one Idempotency-Key header' };
  if (header.length < 1 || header.length > IDEMPOTENCY_KEY_MAX) {
    return { ok: false, message: `Idempotency-Key must have 1-${IDEMPOTENCY_KEY_MAX} characters` };
  }
  if (!isPlainObject(body)) return { ok: true, body };
  if (body.request_id === undefined) return { ok: true, body: { ...body, request_id: header } };
  if (body.request_id === header) return { ok: true, body };
  return { ok: false, message: 'Idempotency-Key and request_id differ; send one, or the same value in both' };
}
