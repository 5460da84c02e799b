import { EVENT_TYPES } from './webhooks.schemas.js';
import { WEBHOOK_MESSAGE_STATUSES } from '../../db/schema/index.js';
import type { MessageView } from './webhooks.views.js';
import type { Pagination } from '../../http/pagination.js';
import type { EndpointHealth, EventEnvelope } from './dashboard.data.js';
import { DASHBOARD_STYLES } from './dashboard.styles.js';
import { textOf } from '../../kernel/text.js';

/** Server-rendered dashboard: no script at all, plain forms; every value is escaped. */
export const DASHBOARD_PATH = '/core/v1/webhooks/dashboard/view';
export const DASHBOARD_REPLAY_PATH = '/core/v1/webhooks/dashboard/replay';
export const DASHBOARD_RECOVER_PATH = '/core/v1/webhooks/dashboard/recover';

/** No script, no outside resources, not framable, and the token in the URL never leaks through Referer. */
export const DASHBOARD_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const esc = (v: unknown) =>
  textOf(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The reader's locale for dates: the first Accept-Language tag Intl knows, else en-GB (day month year, 24 h).
 * Times are shown in UTC (the server does not know the reader's zone) and say so.
 */
export function pageLocale(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').slice(0, 256).split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // not a language tag: try the next
    }
  }
  return 'en-GB';
}

/** A time for people (`27 Nov 2026, 18:45:12 UTC`), the ISO value kept for machines and on hover (title). */
export function timeTag(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return esc(iso);
  const text = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `<time datetime="${esc(iso)}" title="${esc(iso)}">${esc(text)} UTC</time>`;
}

export interface PageFilters {
  q?: string;
  status?: string;
  type?: string;
  page?: number;
}

export function pageHref(token: string, f: PageFilters): string {
  const q = new URLSearchParams({ token });
  if (f.q) q.set('q', f.q);
  if (f.status) q.set('status', f.status);
  if (f.type) q.set('type', f.type);
  if (f.page && f.page > 1) q.set('page', String(f.page));
  return `${DASHBOARD_PATH}?${q.toString()}`;
}

const hidden = (name: string, value: unknown) =>
  value === undefined || value === '' ? '' : `<input type="hidden" name="${name}" value="${esc(value)}">`;
const filterFields = (f: PageFilters) =>
  `${hidden('q', f.q)}${hidden('status', f.status)}${hidden('type', f.type)}${hidden('page', f.page)}`;

/** What the page knows besides the messages: the endpoints' URLs by id, the reader's locale. */
interface RowContext {
  endpointUrls: Map<string, string>;
  locale: string;
}

/**
 * The attempts, oldest first. With several endpoints their attempts interleave, so each names its endpoint; the
 * error wraps (it was cut off at the table's edge, issue 27).
 */
function attemptsTable(m: MessageView, c: RowContext): string {
  if (m.attempts.length === 0) return '<p class="muted">No attempt yet.</p>';
  const mixed = c.endpointUrls.size > 1 || new Set(m.attempts.map((a) => a.endpoint_id)).size > 1;
  const rows = m.attempts
    .map(
      (a, i) =>
        `<tr><td data-label="#">${i + 1}</td><td data-label="At">${timeTag(a.at, c.locale)}</td>` +
        (mixed
          ? `<td data-label="Endpoint" class="endpoint-url"><code class="id">${esc((a.endpoint_id && c.endpointUrls.get(a.endpoint_id)) ?? a.endpoint_id ?? '—')}</code></td>`
          : '') +
        `<td data-label="Status code">${esc(a.status_code ?? '—')}</td><td data-label="Duration">${esc(a.duration_ms)} ms</td><td data-label="Error" class="error">${esc(a.error ?? '')}</td></tr>`,
    )
    .join('');
  const endpointHead = mixed ? '<th>Endpoint</th>' : '';
  return `<div class="scroll"><table class="attempts"><thead><tr><th>#</th><th>At</th>${endpointHead}<th>Status</th><th>Duration</th><th>Error</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The envelope as delivered, pretty-printed; escaped like everything else (payloads carry merchants' text). */
function payloadBlock(envelope: EventEnvelope | undefined): string {
  if (!envelope) return '';
  return `<details class="payload"><summary>Payload</summary><pre>${esc(JSON.stringify(envelope, null, 2))}</pre></details>`;
}

function messageRow(
  m: MessageView,
  token: string,
  f: PageFilters,
  companyName: string | undefined,
  envelope: EventEnvelope | undefined,
  c: RowContext,
): string {
  // Any message replays: a delivered one is sent again, a pending one now instead of at its next retry.
  const replay = `<form method="post" action="${DASHBOARD_REPLAY_PATH}">${hidden('token', token)}${hidden('event_id', m.id)}${filterFields(f)}<button type="submit" data-replay="${esc(m.id)}">Replay</button></form>`;
  const attempts = `${m.attempts.length} attempt${m.attempts.length === 1 ? '' : 's'}${m.next_attempt_at ? ` · next ${timeTag(m.next_attempt_at, c.locale)}` : ''}`;
  return `<tr class="message" data-event-id="${esc(m.id)}" data-status="${esc(m.status)}">
<td data-label="Status"><span class="status ${esc(m.status.toLowerCase())}">${esc(m.status)}</span></td>
<td data-label="Type"><span class="type">${esc(m.type)}</span><br><code class="id muted">${esc(m.id)}</code></td>
<td data-label="Company">${companyName ? `${esc(companyName)}<br>` : ''}<code class="id muted">${esc(m.company_id)}</code></td>
<td data-label="Time" class="time">${timeTag(m.created_at, c.locale)}</td>
<td><details class="attempts"><summary>${attempts}</summary>${attemptsTable(m, c)}</details>${payloadBlock(envelope)}</td>
<td>${replay}</td></tr>`;
}

function select(name: string, values: readonly string[], current: string | undefined, label: string): string {
  const options = [
    `<option value="">All</option>`,
    ...values.map((v) => `<option value="${esc(v)}"${v === current ? ' selected' : ''}>${esc(v)}</option>`),
  ];
  return `<label>${label} <select name="${name}">${options.join('')}</select></label>`;
}

function endpointsSection(endpoints: EndpointHealth[], locale: string): string {
  if (endpoints.length === 0)
    return '<section id="endpoints"><h2>Endpoints</h2><p class="muted">No webhook endpoint is configured.</p></section>';
  const items = endpoints
    .map((e) => {
      const last = e.last_attempt_at
        ? `${timeTag(e.last_attempt_at, locale)} · ${e.last_status_code === null ? 'no answer' : `HTTP ${esc(e.last_status_code)}`}`
        : 'none yet';
      return `<li class="endpoint" data-endpoint-id="${esc(e.id)}">
<p class="url"><code class="id">${esc(e.url)}</code> <span class="status ${e.disabled ? 'failed' : 'delivered'}">${e.disabled ? 'disabled' : 'enabled'}</span></p>
${e.description ? `<p>${esc(e.description)}</p>` : ''}<p>Last 24 h: <span data-delivered>${esc(e.delivered_24h)}</span> delivered, <span data-failed>${esc(e.failed_24h)}</span> failed attempts</p>
<p class="muted">Last attempt: ${last}</p></li>`;
    })
    .join('');
  return `<section id="endpoints"><h2>Endpoints</h2><ul class="endpoints">${items}</ul></section>`;
}

function recoverForm(token: string, f: PageFilters, sinceDefault: string, max: string): string {
  return `<section id="recover"><h2>Recover undelivered messages</h2>
<form class="recover" method="post" action="${DASHBOARD_RECOVER_PATH}">${hidden('token', token)}${filterFields({ ...f, page: undefined })}
<label>Last attempt at or after (UTC) <input type="datetime-local" name="since" value="${esc(sinceDefault)}" max="${esc(max)}" required></label>
<button type="submit">Recover undelivered messages</button></form>
<p class="muted">Every message not yet delivered (failed, or waiting for a retry) whose last attempt was at or after that time, or that was queued since then, is sent again now (same event id).</p></section>`;
}

export interface DashboardInput {
  token: string;
  filters: PageFilters;
  messages: MessageView[];
  companyNames?: Map<string, string>;
  envelopes?: Map<string, EventEnvelope>;
  endpoints?: EndpointHealth[];
  pagination: Pagination;
  /** datetime-local values (UTC): the recover form's default and latest time. */
  recoverSince: string;
  recoverMax: string;
  expiresAt?: string;
  notice?: string;
  /** The reader's locale for dates (`pageLocale`); en-GB when not given. */
  locale?: string;
}

export function renderDashboard(input: DashboardInput): string {
  const { token, filters: f, messages, pagination: p } = input;
  const locale = input.locale ?? 'en-GB';
  const context: RowContext = { locale, endpointUrls: new Map((input.endpoints ?? []).map((e) => [e.id, e.url])) };
  const rows = messages.length
    ? messages
        .map((m) => messageRow(m, token, f, input.companyNames?.get(m.company_id), input.envelopes?.get(m.id), context))
        .join('\n')
    : '<tr><td colspan="6" class="muted">No messages match.</td></tr>';
  const nav = [
    p.hasPrev ? `<a rel="prev" href="${esc(pageHref(token, { ...f, page: p.page - 1 }))}">← Newer</a>` : '',
    `<span>Page ${p.page} of ${Math.max(p.totalPages, 1)} · ${p.total} message${p.total === 1 ? '' : 's'}</span>`,
    p.hasNext ? `<a rel="next" href="${esc(pageHref(token, { ...f, page: p.page + 1 }))}">Older →</a>` : '',
  ].join(' ');
  return `${head('Webhook deliveries')}<body>
<nav class="tabs"><strong aria-current="page">Webhook deliveries</strong> <a id="requests-link" href="${esc(`/core/v1/webhooks/dashboard/requests?${new URLSearchParams({ token }).toString()}`)}">Requests</a></nav>
<h1>Webhook deliveries</h1>
${input.notice ? `<p class="notice" role="status">${esc(input.notice)}</p>` : ''}
${endpointsSection(input.endpoints ?? [], locale)}
${recoverForm(token, f, input.recoverSince, input.recoverMax)}
<section id="search"><h2>Messages</h2>
<form class="filters" method="get" action="${DASHBOARD_PATH}">${hidden('token', token)}
<label class="grow">Search <input type="search" name="q" value="${esc(f.q)}" maxlength="100" placeholder="Event id, company id or name"></label>
${select('status', WEBHOOK_MESSAGE_STATUSES, f.status, 'Status')} ${select('type', EVENT_TYPES, f.type, 'Type')}
<button type="submit">Search</button> <a href="${esc(pageHref(token, {}))}">Clear</a></form>
<table id="messages"><thead><tr><th>Status</th><th>Type · event</th><th>Company</th><th>Time</th><th>Attempts · payload</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>
<nav>${nav}</nav></section>
${input.expiresAt ? `<p class="muted">This link expires at ${timeTag(input.expiresAt, locale)}.</p>` : ''}
</body></html>`;
}

const head = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title>
<style>${DASHBOARD_STYLES}</style></head>`;

/** What a browser shows for a missing, tampered or expired link (status 403): says so, echoes nothing. */
export function renderForbidden(): string {
  return `${head('Dashboard link invalid or expired')}<body>
<h1>This dashboard link is invalid or has expired</h1>
<p class="notice" role="alert">The link was altered, or it is more than an hour old. Links are valid for one hour.</p>
<p>Ask for a new one with your organization's API key: <code>GET /v1/webhooks/dashboard</code>, then open the <code>url</code> it answers.</p>
</body></html>`;
}
