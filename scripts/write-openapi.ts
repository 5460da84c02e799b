import { mkdirSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi-document.js';

/** Writes the OpenAPI document generated from the route schemas to build/openapi.json (CI lints it). */
const document = await buildOpenApiDocument();
mkdirSync('build', { recursive: true });
writeFileSync('build/openapi.json', JSON.stringify(document, null, 2));
process.stdout.write('wrote build/openapi.json\n');
