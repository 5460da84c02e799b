import { createServer } from 'node:http';

/** Baseline: the bare node:http ceiling on this machine. */
const body = JSON.stringify({ hello: 'world' });
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
