import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { BASELINE_QUERIES } from '../queries.js';

/**
 * Baseline for the API scenarios: a bare node:http server running the same SQL statements the platform
 * runs for the scenario, through the same driver and pool size, and serializing the row to JSON.
 * Paths: /<scenario>?<params> with the statement's parameters in order.
 */
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
