import { createServer } from 'node:http';
import { verifyWebhook } from '@payment-platform/client';

// The endpoint's signing secret (whsec_…), from the endpoint's create or its secret read.
const secret = process.env.WEBHOOK_SECRET ?? '';

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const event = verifyWebhook(secret, req.headers, Buffer.concat(chunks)); // the raw body, as received
      if (event.type === 'transaction.status-changed') console.log(event.payload.transaction_id, event.payload.new_status);
      if (event.type === 'cashout.status-changed') console.log(event.payload.cashout_id, event.payload.new_status);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end(); // not signed by the platform: ignore it
    }
  });
}).listen(3000, '127.0.0.1');
