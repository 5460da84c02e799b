import { performance } from 'node:perf_hooks';
import { cpSync, rmSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
let p: PGlite;
if (process.argv[2] === 'dir') { rmSync('/dev/shm/ts-copy', { recursive: true, force: true }); cpSync('/dev/shm/ts-snap', '/dev/shm/ts-copy', { recursive: true }); p = new PGlite('/dev/shm/ts-copy'); }
else p = new PGlite({ loadDataDir: new Blob([readFileSync('/dev/shm/ts-snap.tar')]) });
await p.waitReady;
await p.exec('create table z (id serial primary key, v text)');
const a = performance.now();
for (let i = 0; i < 1000; i++) await p.transaction(async (tx) => { await tx.query('insert into z (v) values ($1)', ['x' + i]); await tx.query('select count(*) from z'); });
console.log(process.argv[2], `1000 txs ${(performance.now() - a).toFixed(0)}ms`);
process.exit(0);
