import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany } from '../../http/route-helpers.js';
import { wallMillis } from '../../kernel/clock.js';
import { apiKeyStillWorks } from './stream.repo.js';
import { CROSS_INSTANCE_POLL_MS, DEFAULT_TIMING, startCursor, type StreamTiming } from './stream.service.js';
import { EventStreamSession } from './stream.session.js';
import { eventSignals } from './stream.signals.js';

const streamHeaders = z.object({
  'last-event-id': z.uuid().optional().meta({
    description:
      'Resume after this event (sent by EventSource clients on reconnect): events recorded after it, in recorded order',
  }),
});
const streamQuery = z.strictObject({
  last_event_id: z
    .uuid()
    .optional()
    .meta({ description: 'The same as the Last-Event-ID header, for tools that cannot set headers (the header wins)' }),
});

const STREAM_DESCRIPTION = [
  'Server-sent events: the events of the organization and its merchants as they are recorded, each as',
  '`id: <event id>`, `event: <type>`, `data: <the envelope, exactly the body a webhook delivery carries>`, in recorded',
  'order. Comment lines (`: heartbeat`) come every 15 seconds. Without `Last-Event-ID` the stream starts now;',
  "with it, after that event (one of the organization's, else `400` before the stream starts). The stream ends when",
  'the key is revoked or expires, and when the server shuts down: reconnect with the last id received.',
  "An organization API key or an organization user's token (a merchant's answers `403`). Needs the permission `webhook.stream.view`.",
].join(' ');

/** How often the key the stream was opened with is checked again (the key cache's own lifetime). */
const KEY_RECHECK_MS = 10_000;

/** product.md §15: `GET /v1/webhooks/stream` (organization key). Options: tests shorten the timing. */
export default async function eventStreamRoutes(
  app: FastifyInstance,
  options: { timing?: Partial<StreamTiming> } = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const open = new Set<() => void>();
  // Open streams would hold Fastify's close forever: end them first (clients reconnect to another instance).
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  r.get(
    '/v1/webhooks/stream',
    {
      config: { permission: 'webhook.stream.view', organizationOnly: true },
      schema: {
        summary: "Stream the organization's events as they are recorded (text/event-stream)",
        description: STREAM_DESCRIPTION,
        tags: ['webhooks'],
        headers: streamHeaders,
        querystring: streamQuery,
        response: {
          200: {
            description: 'The event stream (stays open)',
            content: {
              'text/event-stream': {
                schema: z.string().meta({
                  example:
                    'id: 6f1c…\nevent: transaction.created\ndata: {"id":"6f1c…","type":"transaction.created",…}\n\n',
                }),
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = callerCompany(request);
      const cursor = await startCursor(
        db,
        caller.organizationId,
        request.headers['last-event-id'] ?? request.query.last_event_id,
      );
      const timing: StreamTiming = {
        ...DEFAULT_TIMING,
        ...(eventSignals.crossInstance ? { pollMs: CROSS_INSTANCE_POLL_MS } : {}),
        ...options.timing,
      };
      const out = new PassThrough();
      // The reconnection delay EventSource clients use, and a first line so the client sees the stream open.
      out.write('retry: 2000\n: connected\n\n');
      const end = () => {
        session.stop();
        if (!out.writableEnded) out.end();
      };
      // A revoked or expired key ends its stream (product.md §15: refused within a second; the stream follows):
      // checked when a revocation is heard and every 10 s, the key cache's own lifetime.
      const keyId = caller.via === 'api_key' ? caller.credentialId : undefined;
      const session = new EventStreamSession({
        db,
        organizationId: caller.organizationId,
        cursor,
        signals: eventSignals,
        timing,
        nowMs: wallMillis,
        onError: (err) => request.log.warn({ err }, 'event stream read failed'),
        sink: {
          // Never into a stream ended or destroyed (the client left): that would be an error event.
          write: (frame) => (out.writableEnded || out.destroyed ? true : out.write(frame)),
          // A client gone never drains: the close ends the wait too.
          drained: () => Promise.race([once(out, 'drain'), once(out, 'close')]).then(() => undefined),
        },
        ...(keyId && {
          credentialWorks: () => apiKeyStillWorks(db, keyId, app.deps.clock.now()),
          keyCheckMs: KEY_RECHECK_MS,
          onExpired: end,
        }),
      });
      open.add(end);
      const unsubscribe = app.deps.keyRevocations?.subscribe((message) => {
        if (message === 'all' || message.ids.includes(keyId ?? '')) void session.checkCredential();
      });

      out.on('error', (err) => request.log.debug({ err }, 'event stream closed with an error'));
      out.on('close', () => {
        open.delete(end);
        session.stop();
        unsubscribe?.();
      });
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(out as unknown as string); // a stream; the schema documents its text
    },
  );
}
