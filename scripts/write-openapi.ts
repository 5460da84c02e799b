import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../src/composition.js';
import { testConfig } from '../src/config.js';

/** Writes the OpenAPI document generated from the route schemas to build/openapi.json (CI lints it). */
const built = await buildDependencies(testConfig(), { database: {}, migrate: false, secrets: ephemeralSecrets(), redis: null, checkHealth: false, cardKeys: false });
const app = await buildApp(built.deps);
await app.ready();
mkdirSync('build', { recursive: true });
writeFileSync('build/openapi.json', JSON.stringify(app.swagger(), null, 2));
await app.close();
await built.close();
process.stdout.write('wrote build/openapi.json\n');
