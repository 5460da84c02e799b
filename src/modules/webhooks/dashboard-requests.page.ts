import { textOf } from '../../kernel/text.js';
import type { Pagination } from '../../http/pagination.js';
import type { RequestLogView } from '../request-logs/request-logs.schemas.js';
import { DASHBOARD_PATH, timeTag } from './dashboard.page.js';
import { DASHBOARD_STYLES } from './dashboard.styles.js';

/**
 * The dashboard's request logs (issue 27, item 7): what the organization's integration (and its merchants') sent
 * and what it got, newest first, from `GET /v1/request-logs`'s store. Server-rendered, no script, every value
 * escaped; bodies only as their redacted summary (field names and size: values are never kept).
 */
export const DASHBOARD_REQUESTS_PATH = '/core/v1/webhooks/dashboard/requests';

const esc = (v: unknown) =>
  textOf(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

export interface RequestFilters {
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  path?: string;
  request_id?: string;
  /** datetime-local values, read as UTC. */
  from?: string;
  to?: string;
  page?: number;
}

export function requestsHref(token: string, f: RequestFilters): string {
  const q = new URLSearchParams({ token });
  for (const key of ['status', 'path', 'request_id', 'from', 'to'] as const) if (f[key]) q.set(key, f[key]);
  if (f.page && f.page > 1) q.set('page', String(f.page));
  return `${DASHBOARD_REQUESTS_PATH}?${q.toString()}`;
}

const statusClass = (status: number) => (status >= 500 ? 'failed' : status >= 400 ? 'pending' : 'delivered');

function bodySummary(summary: RequestLogView['body_summary']): string {
  if (!summary) return '<span class="muted">—</span>';
  const fields = summary.fields.length
    ? summary.fields.map((f) => `<code>${esc(f)}</code>`).join(', ')
    : '<span class="muted">no fields</span>';
  return `${fields} <span class="muted">· ${esc(summary.bytes)} bytes</span>`;
}

function row(log: RequestLogView, locale: string, companyName: string | undefined): string {
  const key = log.idempotency_key
    ? `<code class="id">${esc(log.idempotency_key)}</code>${log.replayed ? ' <span class="status pending" data-replayed>replayed</span>' : ''}`
    : '<span class="muted">—</span>';
  const who =
    log.source === 'API_KEY' ? `API key <code class="id">${esc(log.api_key_id ?? '—')}</code>` : 'User session';
  return `<tr class="request" data-request-id="${esc(log.request_id)}" data-status="${esc(log.status)}">
<td data-label="Time">${timeTag(log.created_at, locale)}</td>
<td data-label="Request"><code>${esc(log.method)}</code> <code class="id path">${esc(log.path)}</code><br><span class="muted">${companyName ? `${esc(companyName)} · ` : ''}${who}</span></td>
<td data-label="Status"><span class="status ${statusClass(log.status)}">${esc(log.status)}</span>${log.error_code ? `<br><code class="error-code">${esc(log.error_code)}</code>` : ''}</td>
<td data-label="Duration">${esc(log.duration_ms)} ms</td>
<td data-label="Request id"><code class="id">${esc(log.request_id)}</code></td>
<td data-label="Idempotency key">${key}</td>
<td data-label="Body" class="body-summary">${bodySummary(log.body_summary)}</td></tr>`;
}

export interface RequestsPageInput {
  token: string;
  filters: RequestFilters;
  logs: RequestLogView[];
  companyNames: Map<string, string>;
  pagination: Pagination;
  locale: string;
  expiresAt: string;
  /** The link was issued to someone without `request_log.list`: the page says so and lists nothing. */
  allowed: boolean;
}

export function renderRequestsPage(input: RequestsPageInput): string {
  const { token, filters: f, pagination: p, locale } = input;
  const statusOptions = ['', ...STATUS_CLASSES]
    .map((v) => `<option value="${v}"${v === (f.status ?? '') ? ' selected' : ''}>${v || 'All'}</option>`)
    .join('');
  const exactStatus = f.status && !STATUS_CLASSES.includes(f.status as never) ? f.status : '';
  const rows = input.logs.length
    ? input.logs.map((log) => row(log, locale, input.companyNames.get(log.company_id))).join('\n')
    : '<tr><td colspan="7" class="muted">No requests match.</td></tr>';
  const nav = [
    p.hasPrev ? `<a rel="prev" href="${esc(requestsHref(token, { ...f, page: p.page - 1 }))}">← Newer</a>` : '',
    `<span>Page ${p.page} of ${Math.max(p.totalPages, 1)} · ${p.total} request${p.total === 1 ? '' : 's'}</span>`,
    p.hasNext ? `<a rel="next" href="${esc(requestsHref(token, { ...f, page: p.page + 1 }))}">Older →</a>` : '',
  ].join(' ');
  const body = input.allowed
    ? `<form class="filters" method="get" action="${DASHBOARD_REQUESTS_PATH}"><input type="hidden" name="token" value="${esc(token)}">
<label>Status class <select name="status">${statusOptions}</select></label>
<label>or status <input name="status" inputmode="numeric" pattern="[1-5][0-9]{2}" maxlength="3" size="4" value="${esc(exactStatus)}" placeholder="404"></label>
<label class="grow">Path starts with <input type="search" name="path" maxlength="2048" value="${esc(f.path)}" placeholder="/core/v1/transactions"></label>
<label class="grow">Request id <input type="search" name="request_id" maxlength="255" value="${esc(f.request_id)}"></label>
<label>From (UTC) <input type="datetime-local" name="from" value="${esc(f.from)}"></label>
<label>To (UTC) <input type="datetime-local" name="to" value="${esc(f.to)}"></label>
<button type="submit">Search</button> <a href="${esc(requestsHref(token, {}))}">Clear</a></form>
<table id="requests"><thead><tr><th>Time</th><th>Request</th><th>Status</th><th>Duration</th><th>Request id</th><th>Idempotency key</th><th>Body (redacted)</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<nav>${nav}</nav>
<p class="muted">Requests are kept 7 days. Bodies are never kept: only their field names and size. The API: <code>GET /v1/request-logs</code>.</p>`
    : `<p class="notice" role="alert" id="not-allowed">This link does not show request logs: the credential that asked for it lacks the permission <code>request_log.list</code>.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Requests</title>
<style>${DASHBOARD_STYLES}${REQUESTS_STYLES}</style></head><body>
<nav class="tabs"><a href="${esc(`${DASHBOARD_PATH}?${new URLSearchParams({ token }).toString()}`)}">Webhook deliveries</a> <strong aria-current="page">Requests</strong></nav>
<h1>Requests</h1>
${body}
<p class="muted">This link expires at ${timeTag(input.expiresAt, locale)}.</p>
</body></html>`;
}

/** The requests table: fixed columns on a wide screen, one card per request under 640px (as the messages table). */
const REQUESTS_STYLES = `
#requests{table-layout:fixed}#requests th:nth-child(1){width:11em}#requests th:nth-child(3){width:9em}#requests th:nth-child(4){width:6em}#requests th:nth-child(5){width:17%}#requests th:nth-child(6){width:13%}
#requests td{overflow-wrap:anywhere}
nav.tabs{display:flex;gap:16px;margin:4px 0}
@media (max-width:640px){
#requests thead{display:none}
#requests,#requests tbody,#requests tr.request,#requests tr.request>td{display:block;width:100%}
#requests tr.request{border:1px solid #e3e6ea;border-radius:6px;margin:0 0 10px;padding:4px 0}
#requests tr.request>td{border:0;padding:3px 10px}
#requests tr.request>td[data-label]::before{content:attr(data-label);display:block;font-size:12px;color:#6b7280}
}
`;
