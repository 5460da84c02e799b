import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** A webhook receiver on 127.0.0.1 that keeps each delivery's headers and raw body (what verification needs). */
export async function startReceiver(onDelivery: (delivery: Delivery) => number) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => res.writeHead(onDelivery({ headers: req.headers, rawBody: Buffer.concat(chunks) })).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
