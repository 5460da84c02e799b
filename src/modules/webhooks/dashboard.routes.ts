import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../kernel/errors.js';
import { paginate } from '../../http/pagination.js';
import { callerCompany } from '../../http/route-helpers.js';
import { ephemeralDashboardSecret, signDashboardToken, verifyDashboardClaims } from './dashboard-token.js';
import {
  DASHBOARD_HEADERS,
  pageHref,
  pageLocale,
  renderDashboard,
  renderForbidden,
  type PageFilters,
} from './dashboard.page.js';
import { dashboardLinkSchema } from './webhooks.schemas.js';
import {
  dashboardRecoverBody,
  dashboardReplayBody,
  dashboardViewQuery,
  parseSince,
  toDatetimeLocal,
  type DashboardNotice,
} from './dashboard.schemas.js';
import { replayMessage } from './webhooks.service.js';
import { endpointHealth, eventEnvelopes, recoverUndeliveredSince, searchMessages } from './dashboard.data.js';
import { hasPermission } from '../../http/permissions.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { listRequestLogs } from '../request-logs/request-logs.repo.js';
import { toRequestLogView } from '../request-logs/request-logs.schemas.js';
import { companyNames } from './messages.repo.js';
import { renderRequestsPage } from './dashboard-requests.page.js';
import { dashboardRequestsQuery, requestsFilters } from './dashboard-requests.schemas.js';

const DASHBOARD_PAGE_SIZE = 50;
const DAY_MS = 24 * 3600_000;

function noticeText(notice: DashboardNotice | undefined, count: number | undefined): string | undefined {
  switch (notice) {
    case 'replayed':
      return 'Replay queued: the message is pending delivery again.';
    case 'already-pending':
      return 'That message is already pending delivery.';
    case 'no-endpoint':
      return 'No webhook endpoint is configured; set one up, then replay.';
    case 'not-found':
      return 'That message does not exist.';
    case 'recovered':
      return count
        ? `Recovery queued: ${count} undelivered message${count === 1 ? ' is' : 's are'} sent again now.`
        : 'No undelivered message since that time.';
    case 'invalid-since':
      return 'Recover: give a date and time (UTC), like 2026-11-23T06:30.';
    case 'future-since':
      return 'Recover: the time is in the future; give a past time (UTC).';
    default:
      return undefined;
  }
}

/** The delivery dashboard: the signed link (API key) and the page and its forms (the link's token only). */
export default async function webhookDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const secret = app.deps.webhookDashboardSecret ?? ephemeralDashboardSecret();
  const baseUrl = (request: FastifyRequest) => app.deps.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  r.get(
    '/v1/webhooks/dashboard',
    {
      config: { permission: 'webhook.dashboard.view', organizationOnly: true },
      schema: {
        summary: 'A signed, expiring link to the delivery dashboard',
        tags: ['webhooks'],
        response: { 200: dashboardLinkSchema },
      },
    },
    async (request) => {
      const caller = callerCompany(request);
      // The link shows the request logs too when its asker may list them (an API key may; a user needs the grant).
      const requestLogs = caller.via !== 'jwt' || hasPermission(caller.permissions ?? [], 'request_log.list');
      const { token, expiresAt } = signDashboardToken(secret, caller.organizationId, app.deps.clock.now(), undefined, {
        requestLogs,
      });
      return { url: `${baseUrl(request)}${pageHref(token, {})}`, expires_at: expiresAt.toISOString() };
    },
  );

  // The page is for a person in a browser: a bad link answers an HTML page that says so (403), not JSON.
  const claimsOf = (token: unknown) => verifyDashboardClaims(secret, token, app.deps.clock.now());
  const organizationOf = (token: unknown) => claimsOf(token)?.organizationId ?? null;
  const refuse = (reply: FastifyReply) => reply.code(403).headers(DASHBOARD_HEADERS).send(renderForbidden());
  // 303: the browser follows with a GET, so reloading the page never posts the form twice.
  const backToPage = (reply: FastifyReply, token: string, f: PageFilters, notice: DashboardNotice, count?: number) =>
    reply
      .code(303)
      .header('location', `${pageHref(token, f)}&notice=${notice}${count === undefined ? '' : `&count=${count}`}`)
      .header('referrer-policy', 'no-referrer')
      .send();

  r.get(
    '/v1/webhooks/dashboard/view',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The delivery dashboard page (HTML), opened through the signed link',
        tags: ['webhooks'],
        querystring: dashboardViewQuery,
        hide: true,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const claims = claimsOf(q.token);
      if (!claims) return refuse(reply);
      const { organizationId } = claims;
      // The organization's clock: its messages' times are on it (deliveries.repo.ts organizationNow).
      const now = app.deps.clock.now(organizationId);
      const filters: PageFilters = { q: q.q?.trim() || undefined, status: q.status, type: q.type, page: q.page ?? 1 };
      const result = await searchMessages(db, organizationId, {
        q: filters.q,
        status: q.status,
        type: q.type,
        page: filters.page!,
        limit: DASHBOARD_PAGE_SIZE,
      });
      const html = renderDashboard({
        token: q.token!,
        filters,
        messages: result.data,
        companyNames: result.companyNames,
        envelopes: await eventEnvelopes(
          db,
          organizationId,
          result.data.map((m) => m.id),
        ),
        endpoints: await endpointHealth(db, organizationId, now),
        pagination: result.pagination,
        recoverSince: toDatetimeLocal(new Date(now.getTime() - DAY_MS)),
        recoverMax: toDatetimeLocal(now),
        notice: noticeText(q.notice, q.count),
        expiresAt: claims.expiresAt.toISOString(),
        locale: pageLocale(request.headers['accept-language']),
      });
      return reply.headers(DASHBOARD_HEADERS).send(html);
    },
  );

  r.get(
    '/v1/webhooks/dashboard/requests',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The request logs page (HTML), opened through the signed link',
        tags: ['webhooks'],
        querystring: dashboardRequestsQuery,
        hide: true,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const claims = claimsOf(q.token);
      if (!claims) return refuse(reply);
      const { organizationId } = claims;
      const { filters, list } = requestsFilters(q, DASHBOARD_PAGE_SIZE);
      // The organization's reach: its own requests and its merchants' (as GET /v1/request-logs with its key).
      const reach: CompanyPrincipal = {
        kind: 'organization',
        companyId: organizationId,
        organizationId,
        via: 'api_key',
        credentialId: 'webhooks-dashboard',
      };
      if (claims.requestLogs) await app.deps.requestLogs?.flush();
      const { rows, total } = claims.requestLogs ? await listRequestLogs(db, reach, list) : { rows: [], total: 0 };
      const logs = rows.map(toRequestLogView);
      const html = renderRequestsPage({
        token: q.token!,
        filters,
        logs,
        companyNames: await companyNames(db, [...new Set(logs.map((l) => l.company_id))]),
        pagination: paginate(list.page, list.limit, total),
        locale: pageLocale(request.headers['accept-language']),
        expiresAt: claims.expiresAt.toISOString(),
        allowed: claims.requestLogs,
      });
      return reply.headers(DASHBOARD_HEADERS).send(html);
    },
  );

  // The page's buttons post plain HTML forms; only these routes parse form bodies.
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const f = forms.withTypeProvider<ZodTypeProvider>();
    const filtersOf = (form: { q?: string; status?: string; type?: string; page?: number }): PageFilters => ({
      q: form.q?.trim() || undefined,
      status: form.status,
      type: form.type,
      page: form.page,
    });

    f.post(
      '/v1/webhooks/dashboard/replay',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Replay from the dashboard page (HTML form)',
          tags: ['webhooks'],
          body: dashboardReplayBody,
          hide: true,
        },
      },
      async (request, reply) => {
        const form = request.body;
        const organizationId = organizationOf(form.token);
        if (!organizationId) return refuse(reply);
        let notice: DashboardNotice = 'replayed';
        try {
          await replayMessage(db, organizationId, form.event_id);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          notice =
            err.status === 404 ? 'not-found' : err.details?.field === 'status' ? 'already-pending' : 'no-endpoint';
        }
        return backToPage(reply, form.token!, filtersOf(form), notice);
      },
    );

    f.post(
      '/v1/webhooks/dashboard/recover',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Recover undelivered messages since a time, from the dashboard page (HTML form)',
          tags: ['webhooks'],
          body: dashboardRecoverBody,
          hide: true,
        },
      },
      async (request, reply) => {
        const form = request.body;
        const organizationId = organizationOf(form.token);
        if (!organizationId) return refuse(reply);
        const filters = { ...filtersOf(form), page: undefined };
        const parsed = parseSince(form.since, app.deps.clock.now(organizationId));
        if ('error' in parsed) return backToPage(reply, form.token!, filters, parsed.error);
        try {
          const count = await recoverUndeliveredSince(db, organizationId, parsed.since);
          return backToPage(reply, form.token!, filters, 'recovered', count);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          return backToPage(reply, form.token!, filters, 'no-endpoint');
        }
      },
    );
  });
}
