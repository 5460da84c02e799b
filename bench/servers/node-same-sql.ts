import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { BASELINE_QUERIES } from '../queries.js';
import * as schema from '../../src/db/schema/index.js';
import { RequestLogRecorder } from '../../src/modules/request-logs/request-logs.recorder.js';
import { systemClock } from '../../src/kernel/clock.js';
import { timeOrderedUuid } from '../../src/db/time-ordered-uuid.js';

/**
 * Baseline for the API scenarios: a bare node:http server running the same SQL statements the platform
 * runs for the scenario, through the same driver and pool size, and serializing the row to JSON.
 * Paths: /<scenario>?<params> with the statement's parameters in order.
 */
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/**
 * BASELINE_REQUEST_LOG=1: every answered request also leaves the row the platform's request log writes for an
 * authenticated call, through the platform's own recorder (same statement, batches of 200 or per 500 ms). Not a
 * baseline of any row: the ceiling a platform with the product's log of every call can reach against the bare
 * statement (docs/performance.md, "The merchant read's ceiling with the request log").
 */
const requestLog =
  process.env.BASELINE_REQUEST_LOG === '1' ? new RequestLogRecorder(drizzle(pool, { schema }), systemClock) : undefined;
requestLog?.start();
function logRow(req: IncomingMessage, url: URL, status: number, startedAt: number): void {
  const createdAt = systemClock.now();
  const org = url.searchParams.get('org');
  requestLog!.record({
    id: timeOrderedUuid(createdAt.getTime()),
    organizationId: org!,
    companyId: url.searchParams.get('id') ?? url.searchParams.get('company') ?? org!,
    apiKeyId: 'key_bench',
    userId: null,
    source: 'API_KEY',
    ip: req.socket.remoteAddress ?? null,
    method: req.method ?? 'GET',
    path: url.pathname,
    status,
    errorCode: null,
    durationMs: Math.round(performance.now() - startedAt),
    requestId: crypto.randomUUID(),
    idempotencyKey: null,
    replayed: false,
    bodySummary: null,
    createdAt,
  });
}
async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const startedAt = performance.now();
  const url = new URL(req.url ?? '/', 'http://x');
  const scenario = BASELINE_QUERIES[url.pathname.slice(1)];
  if (!scenario) {
    res.writeHead(404).end();
    return;
  }
  try {
    // A JSON body (POST) adds its fields to the parameters (e.g. a random origin account per request).
    let input = '';
    for await (const chunk of req) input += chunk;
    if (input)
      for (const [k, v] of Object.entries(JSON.parse(input) as Record<string, string>)) url.searchParams.set(k, v);
    const rows = await scenario(pool, url.searchParams);
    const body = JSON.stringify(rows);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    if (requestLog) logRow(req, url, 200, startedAt);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}
// serve answers its own failures (500), so the promise the server drops never rejects.
createServer((req, res) => void serve(req, res)).listen(Number(process.env.PORT), '127.0.0.1', () =>
  process.stdout.write('ready\n'),
);
// Exits through process.exit on SIGTERM, so `--cpu-prof` writes its profile (bench/read-path.ts READ_PROF).
process.on('SIGTERM', () => process.exit(0));
