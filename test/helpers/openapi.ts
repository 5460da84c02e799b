/**
 * The OpenAPI document with every `#/components/schemas/…` reference replaced by the schema itself, for tests
 * that walk operations' bodies (the document names its body schemas, product.md §15).
 */
export function inlinedDocument<T>(doc: unknown): T {
  const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const inline = (node: unknown, depth: number): unknown => {
    if (!node || typeof node !== 'object' || depth > 50) return node;
    if (Array.isArray(node)) return node.map((n) => inline(n, depth + 1));
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
      return inline(schemas[ref.slice('#/components/schemas/'.length)], depth + 1);
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, depth + 1)]));
  };
  return inline(doc, 0) as T;
}
