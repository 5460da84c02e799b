import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError, forbidden } from '../../kernel/errors.js';
import { listEnvelope } from '../../http/pagination.js';
import { callerCompany } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { ephemeralDashboardSecret, signDashboardToken, verifyDashboardToken } from './dashboard-token.js';
import { DASHBOARD_HEADERS, pageHref, renderDashboard } from './dashboard.page.js';
import { dashboardLinkSchema, dashboardPageQuery, dashboardReplayForm, messageListQuery, messageSchema } from './webhooks.schemas.js';
import { listOrganizationMessages, replayMessage } from './webhooks.service.js';
import { companyNames } from './messages.repo.js';

const DASHBOARD_PAGE_SIZE = 50;
const NOTICES: Record<string, string> = {
  replayed: 'Replay queued: the message is pending delivery again.',
  'already-pending': 'That message is already pending delivery.',
  'no-endpoint': 'No webhook endpoint is configured; ask platform support to set one, then replay.',
  'not-found': 'That message does not exist.',
};

export default async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const secret = app.deps.webhookDashboardSecret ?? ephemeralDashboardSecret();
  const baseUrl = (request: FastifyRequest) => app.deps.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  r.get('/v1/webhooks/messages', {
    config: { permission: 'webhook.message.list', organizationOnly: true },
    schema: { summary: 'List webhook messages and their delivery attempts', tags: ['webhooks'], querystring: messageListQuery, response: { 200: listEnvelope(messageSchema) } },
  }, async (request) => listOrganizationMessages(db, callerCompany(request).organizationId, request.query));

  r.post('/v1/webhooks/messages/:eventId/replay', {
    config: { permission: 'webhook.message.replay', organizationOnly: true },
    schema: { summary: 'Replay a delivered or failed webhook message (same event id)', tags: ['webhooks'], params: idParams('eventId'), body: emptyBody, response: { 200: messageSchema } },
  }, async (request) => replayMessage(db, callerCompany(request).organizationId, request.params.eventId));

  r.get('/v1/webhooks/dashboard', {
    config: { permission: 'webhook.dashboard.view', organizationOnly: true },
    schema: { summary: 'A signed, expiring link to the delivery dashboard', tags: ['webhooks'], response: { 200: dashboardLinkSchema } },
  }, async (request) => {
    const { token, expiresAt } = signDashboardToken(secret, callerCompany(request).organizationId, app.deps.clock.now());
    return { url: `${baseUrl(request)}${pageHref(token, {})}`, expires_at: expiresAt.toISOString() };
  });

  const organizationOf = (token: unknown) => {
    const org = verifyDashboardToken(secret, token, app.deps.clock.now());
    if (!org) throw forbidden('The dashboard link is invalid or has expired; request a new one');
    return org;
  };

  r.get('/v1/webhooks/dashboard/view', {
    config: { auth: 'public' },
    schema: { summary: 'The delivery dashboard page (HTML), opened through the signed link', tags: ['webhooks'], querystring: dashboardPageQuery, hide: true },
  }, async (request, reply) => {
    const q = request.query;
    const organizationId = organizationOf(q.token);
    const page = q.page ?? 1;
    const result = await listOrganizationMessages(db, organizationId, {
      page,
      limit: DASHBOARD_PAGE_SIZE,
      status: q.status ? [q.status] : undefined,
      type: q.type ? [q.type] : undefined,
    });
    const html = renderDashboard({
      token: q.token!,
      filters: { status: q.status, type: q.type, page },
      messages: result.data,
      companyNames: await companyNames(db, result.data.map((m) => m.company_id)),
      pagination: result.pagination,
      notice: q.notice ? NOTICES[q.notice] : undefined,
    });
    return reply.headers(DASHBOARD_HEADERS).send(html);
  });

  // The page's replay button posts a plain HTML form; only this route parses form bodies.
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    forms.withTypeProvider<ZodTypeProvider>().post('/v1/webhooks/dashboard/replay', {
      config: { auth: 'public' },
      schema: { summary: 'Replay from the dashboard page (HTML form)', tags: ['webhooks'], body: dashboardReplayForm, hide: true },
    }, async (request, reply) => {
      const form = request.body;
      const organizationId = organizationOf(form.token);
      let notice = 'replayed';
      try {
        await replayMessage(db, organizationId, form.event_id);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        notice = err.status === 404 ? 'not-found' : err.details?.field === 'status' ? 'already-pending' : 'no-endpoint';
      }
      const target = `${pageHref(form.token!, { status: form.status, type: form.type, page: form.page })}&notice=${notice}`;
      // 303: the browser follows with a GET, so reloading the page never replays twice.
      return reply.code(303).header('location', target).header('referrer-policy', 'no-referrer').send();
    });
  });
}
