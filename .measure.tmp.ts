import { performance } from 'node:perf_hooks';
import { openDatabase } from './src/db/client.js';
import { migrate } from './src/db/migrate.js';
const t0 = performance.now();
const { PGlite } = await import('@electric-sql/pglite');
const t1 = performance.now();
const h = await openDatabase({});
const t2 = performance.now();
await migrate(h);
const t3 = performance.now();
console.log(`import pglite ${(t1-t0).toFixed(0)}ms, start ${(t2-t1).toFixed(0)}ms, migrate ${(t3-t2).toFixed(0)}ms`);
const c = new PGlite(); await c.waitReady; const t4 = performance.now();
console.log(`second start ${(t4-t3).toFixed(0)}ms`);
const raw = await (h as any);
// dump
const pg2 = new PGlite(); await pg2.waitReady;
const { listMigrations } = await import('./src/db/migrate.js');
for (const m of listMigrations()) await pg2.exec(m.sql);
const t5 = performance.now();
const blob = await pg2.dumpDataDir('none');
const t6 = performance.now();
console.log(`dump ${(t6-t5).toFixed(0)}ms size ${blob.size}`);
for (let i=0;i<3;i++){ const a = performance.now(); const p = new PGlite({ loadDataDir: blob }); await p.waitReady; const b = performance.now(); const r = await p.query('select count(*) from information_schema.tables'); console.log(`load ${(b-a).toFixed(0)}ms`, r.rows); }
const gz = await pg2.dumpDataDir('gzip');
for (let i=0;i<2;i++){ const a = performance.now(); const p = new PGlite({ loadDataDir: gz }); await p.waitReady; const b = performance.now(); console.log(`load gz ${(b-a).toFixed(0)}ms size ${gz.size}`); }
