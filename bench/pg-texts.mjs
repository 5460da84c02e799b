// node --import ./bench/pg-texts.mjs: counts the statements this process's main thread sends through node-postgres
// by normalized text (whitespace collapsed, literals and parameter lists folded) and writes the running counts as
// JSON to /tmp/pg-texts-<pid>.json twice a second, so a bench can list which statements a request sends
// (bench/cpu-per-request.ts, CPU_LIST_STATEMENTS=1, diffs two snapshots over its measured window).
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const require = createRequire(`${process.cwd()}/package.json`);
const pg = require('pg');
const counts = new Map();
const normalize = (text) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\$\d+/g, '$n')
    .replace(/\(\$n(?:, \$n)*\)(?:, \(\$n(?:, \$n)*\))*/g, '($n…)')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 400);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function listedQuery(config, ...rest) {
  if (isMainThread) {
    const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
    const key = `${config?.name ? `[${config.name}] ` : ''}${normalize(String(text))}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};
const file = `/tmp/pg-texts-${process.pid}.json`;
if (isMainThread)
  setInterval(() => {
    writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${file}.tmp`, file);
  }, 500).unref();
