import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { HealthMonitor } from '../src/providers/health-monitor.js';
import { sandboxProviders } from '../src/providers/registry.js';

/** Writes the OpenAPI document generated from the route schemas to build/openapi.json (CI lints it). */
const config = testConfig();
const db = await openDatabase({});
const providers = sandboxProviders();
const app = await buildApp({ config, db, providers, health: new HealthMonitor(providers, 60_000) });
await app.ready();
mkdirSync('build', { recursive: true });
writeFileSync('build/openapi.json', JSON.stringify(app.swagger(), null, 2));
await app.close();
await db.close();
process.stdout.write('wrote build/openapi.json\n');
