// node --import ./bench/pg-count.mjs: counts the statements this process sends through node-postgres (every
// Client#query, pooled or not) and writes the running total to /tmp/pg-count-<pid> twice a second, so a bench
// can read statements per request over a window (bench/cpu-per-request.ts, CPU_COUNT_STATEMENTS=1).
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

// Worker threads load this too (same pid): only the main thread, which sends every statement, counts and writes.
const require = createRequire(`${process.cwd()}/package.json`);
const pg = require('pg');
let count = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count++;
  return query.apply(this, args);
};
const file = `/tmp/pg-count-${process.pid}`;
// Written aside, then renamed: a reader never sees the file empty mid-write.
if (isMainThread)
  setInterval(() => {
    writeFileSync(`${file}.tmp`, String(count));
    renameSync(`${file}.tmp`, file);
  }, 500).unref();
