import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { buildDependencies } from '../../src/composition.js';
import type { CompanyPrincipal } from '../../src/kernel/context.js';
import { operationDeps } from '../../src/modules/payments/capture-cancel/operations.context.js';
import { createRefund } from '../../src/modules/payments/refunds/refunds.provider.js';
import { toRefundView } from '../../src/modules/payments/refunds/refunds.schemas.js';

/**
 * The refund create's baseline (issue 28): a bare node:http server calling the platform's own refund service
 * (createRefund: the reach check, the recording transaction, the provider call, the answer's read) with the
 * platform's dependencies (the same environment and data directory as the platform, so the same sealed
 * provider credentials), for an organization principal given in the query. Its statements are the platform's
 * by construction; what it skips is the request path around them: Fastify, authentication, the rate pools,
 * Zod validation, the response schema, logging. POST /refund?org=<id>&tx=<transaction id>, body ignored:
 * a refund of 1 cent.
 */
const built = await buildDependencies(loadConfig());
const deps = operationDeps(built.deps);

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  for await (const chunk of req) void chunk;
  const org = url.searchParams.get('org')!;
  const principal: CompanyPrincipal = {
    kind: 'organization',
    companyId: org,
    organizationId: org,
    via: 'api_key',
    credentialId: 'bench',
  };
  try {
    const created = await createRefund(
      deps,
      { requestId: randomUUID(), principal },
      principal,
      url.searchParams.get('tx')!,
      {
        amount: 1,
      },
    );
    const body = JSON.stringify(toRefundView(created.row));
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}
// serve answers its own failures (500), so the promise the server drops never rejects.
createServer((req, res) => void serve(req, res)).listen(Number(process.env.REFUND_BASELINE_PORT), '127.0.0.1', () =>
  process.stdout.write('ready\n'),
);
