import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { refineDocument } from './refine.js';

/** Where the generated types live (committed, so that a fresh clone generates nothing by hand). */
export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.ts', import.meta.url));

const HEADER = `/**
 * Generated from the platform's OpenAPI document by \`npm run client:generate\` (openapi-typescript): do not
 * edit. test/api/openapi-client-types.test.ts fails when this file differs from what the document gives now.
 */

`;

/** The TypeScript source of the document's types: \`paths\`, \`webhooks\`, \`components\`, \`operations\`. */
export async function schemaSource(document: unknown): Promise<string> {
  // openapi-typescript may annotate the object it reads: refineDocument hands it a copy.
  const ast = await openapiTS(refineDocument(document) as OpenAPI3, { silent: true });
  return HEADER + astToString(ast);
}

// `npm run client:generate` writes build/openapi.json, then this turns it into src/schema.ts.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const input = process.argv[2] ?? 'build/openapi.json';
  writeFileSync(SCHEMA_FILE, await schemaSource(JSON.parse(readFileSync(input, 'utf8'))));
  process.stdout.write(`wrote ${relative(process.cwd(), SCHEMA_FILE)}\n`);
}
