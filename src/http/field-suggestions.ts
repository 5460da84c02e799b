import type { z } from 'zod';

/**
 * "Did you mean `limit`?" for an unknown field: the schema's known keys at the unknown key's place, and the
 * closest of them by edit distance when it is close enough to be a typo (at most a third of its length, and 2).
 */
export function suggestField(
  schema: z.ZodType | undefined,
  path: readonly PropertyKey[],
  unknownKey: string,
): string | null {
  const known = schema ? keysAt(schema, path) : null;
  if (!known || known.length === 0) return null;
  const limit = Math.min(2, Math.max(1, Math.floor(unknownKey.length / 3)));
  let best: { key: string; distance: number } | null = null;
  for (const key of known) {
    const distance = editDistance(unknownKey.toLowerCase(), key.toLowerCase());
    if (distance <= limit && (best === null || distance < best.distance)) best = { key, distance };
  }
  return best?.key ?? null;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object keys the schema accepts at `path` (unions merged), or null when it cannot tell. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[], depth = 0): string[] | null {
  if (depth > 32) return null;
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter?.() : undefined);
  if (inner) return keysAt(inner, path, depth + 1);
  if (def.type === 'union' && def.options) {
    const all = def.options.map((o) => keysAt(o, path, depth + 1)).filter((k): k is string[] => k !== null);
    return all.length ? [...new Set(all.flat())] : null;
  }
  if (def.type === 'intersection' && def.left && def.right) {
    return [...(keysAt(def.left, path, depth + 1) ?? []), ...(keysAt(def.right, path, depth + 1) ?? [])];
  }
  if (path.length === 0) return def.type === 'object' && def.shape ? Object.keys(def.shape) : null;
  const [head, ...rest] = path;
  if (def.type === 'object' && def.shape && typeof head === 'string' && def.shape[head])
    return keysAt(def.shape[head], rest, depth + 1);
  if (def.type === 'array' && def.element && typeof head === 'number') return keysAt(def.element, rest, depth + 1);
  return null;
}

/** Levenshtein distance (insertions, deletions, substitutions), two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
