import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMIT } from '../../http/pipeline.js';
import { notFound } from '../../kernel/errors.js';
import { acceptedSchema } from './provider-webhooks.schemas.js';
import { eventStore, receiveWebhook, type IntakeDeps, type WebhookSecrets } from './intake.service.js';

/**
 * providers.md R4.1: the providers' own webhooks, no API key (authenticity per connector, R4.2), counted per
 * account id in the high pool. The body is read as text (signatures cover bytes) whatever its content type.
 */
const ACCOUNT_PARAMS = z.object({ accountId: z.string().max(100) });
const PIX_PARAMS = z.object({ accountId: z.string().max(100), token: z.string().max(200) });
const WEBHOOK_CONFIG = { auth: 'public' as const, ratePool: 'high' as const, rateBucket: 'accountId' as const };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// No body schema: the body is the provider's text, never validated as a client body (a provider may carry card
// data, redacted before it is kept, R4.4, which the general input guard would refuse); the connector checks it.
const DESCRIPTION =
  'Called by the provider, not by API clients. SANDBOX: header `x-sandbox-signature`; ADYEN_CHECKOUT: every notification item signed ' +
  '(`additionalData.hmacSignature`), answered `[accepted]` as text/plain. The events are stored and processed by a job (the answer comes within 2 s).';

export default async function providerWebhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secrets = app.deps.providerWebhookSecrets ?? noSecrets;
  const deps: IntakeDeps = { db: app.deps.db.db, clock: app.deps.clock, secrets, store: eventStore(app.deps.db.db) };
  const trustProxy = Boolean(app.deps.config.trustProxy);
  // This plugin's own parser (encapsulated): the raw text, whatever the content type, up to 1 MiB (413 above).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, String(body)),
  );

  const receive = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: { accountId: string; token?: string },
  ) => {
    if (!UUID.test(params.accountId)) throw notFound('Provider account');
    const result = await receiveWebhook(deps, {
      accountId: params.accountId,
      token: params.token,
      headers: request.headers,
      rawBody: typeof request.body === 'string' ? request.body : '',
      clientCertificatePem: clientCertificate(request, trustProxy),
    });
    if (result.connector === 'ADYEN_CHECKOUT')
      return reply.code(200).type('text/plain').serializer(String).send('[accepted]');
    return reply.code(200).send({ accepted: result.accepted });
  };

  r.post(
    '/v1/provider-webhooks/:accountId',
    {
      config: WEBHOOK_CONFIG,
      schema: {
        summary: "Receive a provider's webhook (SANDBOX and ADYEN_CHECKOUT accounts)",
        description: DESCRIPTION,
        tags: ['provider-webhooks'],
        params: ACCOUNT_PARAMS,
        response: {
          200: {
            description: 'Accepted: `{ accepted }` (SANDBOX) or the text `[accepted]` (ADYEN_CHECKOUT)',
            content: {
              'application/json': { schema: acceptedSchema },
              'text/plain': { schema: z.literal('[accepted]') },
            },
          },
        },
      },
    },
    (request, reply) => receive(request, reply, request.params),
  );

  for (const suffix of ['/pix', '']) {
    r.post(
      `/v1/provider-webhooks/:accountId/:token${suffix}`,
      {
        config: WEBHOOK_CONFIG,
        schema: {
          summary: suffix
            ? "Receive a PIX PSP's callback (PIX_API_BCB accounts)"
            : "Receive a PIX PSP's callback (PSPs that do not append /pix)",
          description:
            "Called by the PSP: `{ pix: [Pix] }` (API Pix 2.9.0 callback). The path token is the account's secret; LIVE accounts also need a client certificate.",
          tags: ['provider-webhooks'],
          params: PIX_PARAMS,
          response: { 200: acceptedSchema },
        },
      },
      (request, reply) => receive(request, reply, request.params),
    );
  }
}

const noSecrets: WebhookSecrets = async () => ({ current: null, previous: null });

/** The TLS client certificate (PEM), or behind a trusted TLS-terminating proxy its URL-encoded `X-Client-Cert`. */
function clientCertificate(request: FastifyRequest, trustProxy: boolean): string | null {
  if (trustProxy) {
    const header = request.headers['x-client-cert'];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    if (value) {
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    return null;
  }
  const socket = request.raw.socket as Partial<TLSSocket>;
  if (typeof socket.getPeerCertificate !== 'function') return null;
  const cert = socket.getPeerCertificate(false);
  if (!cert || !cert.raw) return null;
  return `-----BEGIN CERTIFICATE-----\n${cert.raw
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;
}
