import { performance } from 'node:perf_hooks';
import { cpSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { listMigrations } from './src/db/migrate.js';
const mode = process.argv[2];
if (mode === 'prep') {
  rmSync('/dev/shm/ts-snap', { recursive: true, force: true });
  const p = new PGlite('/dev/shm/ts-snap'); await p.waitReady;
  for (const m of listMigrations()) await p.exec(m.sql);
  await p.exec('checkpoint');
  const blob = await p.dumpDataDir('none');
  writeFileSync('/dev/shm/ts-snap.tar', Buffer.from(await blob.arrayBuffer()));
  await p.close();
  console.log('prepared', blob.size);
} else if (mode === 'dir') {
  const a = performance.now();
  rmSync('/dev/shm/ts-copy', { recursive: true, force: true });
  cpSync('/dev/shm/ts-snap', '/dev/shm/ts-copy', { recursive: true });
  const b = performance.now();
  const p = new PGlite('/dev/shm/ts-copy'); await p.waitReady;
  const c = performance.now();
  const r = await p.query('select count(*)::int n from information_schema.tables');
  console.log(`dir copy ${(b-a).toFixed(0)}ms start ${(c-b).toFixed(0)}ms`, r.rows);
} else {
  const a = performance.now();
  const buf = readFileSync('/dev/shm/ts-snap.tar');
  const p = new PGlite({ loadDataDir: new Blob([buf]) }); await p.waitReady;
  const c = performance.now();
  const r = await p.query('select count(*)::int n from information_schema.tables');
  console.log(`tar load ${(c-a).toFixed(0)}ms`, r.rows);
}
process.exit(0);
