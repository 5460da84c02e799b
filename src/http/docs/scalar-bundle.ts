import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

/**
 * Scalar's standalone browser bundle (the reference page's script), read on the first request for it. Its Fastify
 * integration carries the bundle as an ~8 MB string literal in its own module: importing the integration at start
 * kept that module's source and the string in the V8 heap for the process's life (+20 MB of live heap, +34 MB
 * RSS, measured), though the API never serves it and V8 sizes the heap's growth on what is live
 * (docs/performance.md, section "2026-11-28, 04:10-05:20 UTC"). Here the integration's file is read as text once, the literal
 * evaluated alone (an isolated context, nothing else of the module runs) and kept as bytes outside the heap.
 */
let bundle: Promise<Buffer> | undefined;

export function scalarBundle(): Promise<Buffer> {
  bundle ??= load().catch((err: unknown) => {
    bundle = undefined;
    throw err;
  });
  return bundle;
}

const MARKER = 'var standalone_default = "';

async function load(): Promise<Buffer> {
  // The package's `default` export condition (vitest's module runner has no import.meta.resolve).
  const file = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  const text = await readFile(file, 'utf8');
  const start = text.indexOf(MARKER);
  if (start < 0) throw new Error('the Scalar bundle was not found in its integration (a new version?)');
  const open = start + MARKER.length - 1;
  // The end of a double-quoted literal: the first `"` not escaped by a backslash.
  let i = open + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  const literal = text.slice(open, i + 1);
  const value: unknown = runInNewContext(literal);
  if (typeof value !== 'string') throw new Error('the Scalar bundle is not a string literal');
  return Buffer.from(value, 'utf8');
}
