import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How the fake receiver answers one request: a status, a hang, a connection reset, a slow answer. */
export type Behaviour =
  | { status: number; headers?: Record<string, string> }
  | { hang: true }
  | { reset: true }
  | { delayMs: number; status: number };

export interface ReceivedWebhook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified envelope, or null when the signature did not verify (answered 400, as the contract asks). */
  envelope: Record<string, any> | null;
  verified: boolean;
}

export interface FakeReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Verified deliveries only. */
  delivered(): ReceivedWebhook[];
  /** Sets the secret to verify with (from PUT webhook-endpoint). */
  setSecret(secret: string): void;
  /** Answers for the next requests, in order; then `fallback`. */
  script(...behaviours: Behaviour[]): void;
  fallback: Behaviour;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 (random port) that verifies every delivery with the standardwebhooks library. */
/** `port` reopens a receiver where a closed one listened (the fault tests take a receiver down and bring it back). */
export async function startFakeReceiver(
  options: { secret?: string; path?: string; port?: number } = {},
): Promise<FakeReceiver> {
  let verifier = options.secret ? new Webhook(options.secret) : undefined;
  const queue: Behaviour[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const received: ReceivedWebhook[] = [];
  const receiver: Partial<FakeReceiver> = { fallback: { status: 204 } };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let envelope: Record<string, any> | null;
      try {
        envelope = verifier
          ? (verifier.verify(body, req.headers as Record<string, string>) as Record<string, any>)
          : null;
      } catch {
        envelope = null;
      }
      received.push({
        id: String(req.headers['webhook-id']),
        headers: req.headers,
        body,
        envelope,
        verified: envelope !== null,
      });
      const behaviour = queue.shift() ?? receiver.fallback!;
      if (envelope === null) {
        res.writeHead(400).end('bad signature');
      } else if ('hang' in behaviour) {
        hanging.add(res);
      } else if ('reset' in behaviour) {
        req.socket.destroy();
      } else if ('delayMs' in behaviour) {
        setTimeout(() => res.writeHead(behaviour.status).end(), behaviour.delayMs);
      } else {
        res.writeHead(behaviour.status, behaviour.headers).end();
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${options.path ?? '/webhooks'}`,
    received,
    delivered: () => received.filter((r) => r.verified),
    setSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    script(...behaviours: Behaviour[]) {
      queue.push(...behaviours);
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as FakeReceiver;
}

/** Creates an organization whose webhook endpoint is a fresh fake receiver (the secret wired for verification). */
export async function organizationWithReceiver(
  t: {
    request: (o: any) => Promise<any>;
    platformKey: string;
    createOrganization(): Promise<{ id: string; apiKey: string }>;
  },
  receiverOptions: { path?: string } = {},
) {
  const org = await t.createOrganization();
  const receiver = await startFakeReceiver(receiverOptions);
  const res = await t.request({
    method: 'PUT',
    url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
    key: t.platformKey,
    payload: { url: receiver.url },
  });
  if (res.statusCode !== 200) throw new Error(`webhook endpoint set failed: ${res.statusCode} ${res.body}`);
  receiver.setSecret(res.json().signing_secret);
  return { org, receiver };
}
