import { EVENT_TYPES } from './webhooks.schemas.js';
import { WEBHOOK_MESSAGE_STATUSES } from '../../db/schema/index.js';
import type { MessageView } from './webhooks.views.js';
import type { Pagination } from '../../http/pagination.js';

/** Server-rendered dashboard: no script at all, plain forms; every value is escaped. */
export const DASHBOARD_PATH = '/core/v1/webhooks/dashboard/view';
export const DASHBOARD_REPLAY_PATH = '/core/v1/webhooks/dashboard/replay';

/** No script, no outside resources, not framable, and the token in the URL never leaks through Referer. */
export const DASHBOARD_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageFilters {
  status?: string;
  type?: string;
  page?: number;
}

export function pageHref(token: string, f: PageFilters): string {
  const q = new URLSearchParams({ token });
  if (f.status) q.set('status', f.status);
  if (f.type) q.set('type', f.type);
  if (f.page && f.page > 1) q.set('page', String(f.page));
  return `${DASHBOARD_PATH}?${q.toString()}`;
}

const hidden = (name: string, value: unknown) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${esc(value)}">`);

function attemptsTable(m: MessageView): string {
  if (m.attempts.length === 0) return '<p class="muted">No attempt yet.</p>';
  const rows = m.attempts
    .map((a, i) => `<tr><td>${i + 1}</td><td>${esc(a.at)}</td><td>${esc(a.status_code ?? '—')}</td><td>${esc(a.duration_ms)} ms</td><td>${esc(a.error ?? '')}</td></tr>`)
    .join('');
  return `<table class="attempts"><thead><tr><th>#</th><th>At</th><th>Status code</th><th>Duration</th><th>Error</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function messageRow(m: MessageView, token: string, f: PageFilters, companyName?: string): string {
  const replay =
    m.status === 'FAILED'
      ? `<form method="post" action="${DASHBOARD_REPLAY_PATH}">${hidden('token', token)}${hidden('event_id', m.id)}${hidden('status', f.status)}${hidden('type', f.type)}${hidden('page', f.page)}<button type="submit" data-replay="${esc(m.id)}">Replay</button></form>`
      : '';
  return `<tr class="message" data-event-id="${esc(m.id)}" data-status="${esc(m.status)}">
<td><span class="status ${esc(m.status.toLowerCase())}">${esc(m.status)}</span></td>
<td>${esc(m.type)}</td><td>${companyName ? `${esc(companyName)}<br>` : ''}<code class="muted">${esc(m.company_id)}</code></td><td>${esc(m.created_at)}</td>
<td><details><summary>${m.attempts.length} attempt${m.attempts.length === 1 ? '' : 's'}${m.next_attempt_at ? ` · next ${esc(m.next_attempt_at)}` : ''}</summary>${attemptsTable(m)}<p class="muted">Event <code>${esc(m.id)}</code></p></details></td>
<td>${replay}</td></tr>`;
}

function select(name: string, values: readonly string[], current: string | undefined, label: string): string {
  const options = [`<option value="">All</option>`, ...values.map((v) => `<option value="${esc(v)}"${v === current ? ' selected' : ''}>${esc(v)}</option>`)];
  return `<label>${label} <select name="${name}">${options.join('')}</select></label>`;
}

export function renderDashboard(input: { token: string; filters: PageFilters; messages: MessageView[]; companyNames?: Map<string, string>; pagination: Pagination; expiresAt?: string; notice?: string }): string {
  const { token, filters: f, messages, pagination: p } = input;
  const rows = messages.length
    ? messages.map((m) => messageRow(m, token, f, input.companyNames?.get(m.company_id))).join('\n')
    : '<tr><td colspan="6" class="muted">No messages match.</td></tr>';
  const nav = [
    p.hasPrev ? `<a rel="prev" href="${esc(pageHref(token, { ...f, page: p.page - 1 }))}">← Newer</a>` : '',
    `<span>Page ${p.page} of ${Math.max(p.totalPages, 1)} · ${p.total} message${p.total === 1 ? '' : 's'}</span>`,
    p.hasNext ? `<a rel="next" href="${esc(pageHref(token, { ...f, page: p.page + 1 }))}">Older →</a>` : '',
  ].join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Webhook deliveries</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1f24}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e6ea;vertical-align:top}
.attempts{margin:6px 0;font-size:13px}.muted{color:#6b7280}.status{font-weight:600;padding:2px 6px;border-radius:4px}
.pending{background:#fef3c7}.delivered{background:#d1fae5}.failed{background:#fee2e2}
form.filters{margin:12px 0;display:flex;gap:12px;align-items:center}.notice{background:#eef2ff;padding:8px;border-radius:4px}
</style></head><body>
<h1>Webhook deliveries</h1>
${input.notice ? `<p class="notice" role="status">${esc(input.notice)}</p>` : ''}
<form class="filters" method="get" action="${DASHBOARD_PATH}">${hidden('token', token)}
${select('status', WEBHOOK_MESSAGE_STATUSES, f.status, 'Status')} ${select('type', EVENT_TYPES, f.type, 'Type')}
<button type="submit">Filter</button> <a href="${esc(pageHref(token, {}))}">Clear</a></form>
<table id="messages"><thead><tr><th>Status</th><th>Type</th><th>Company</th><th>Time</th><th>Attempts</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>
<nav>${nav}</nav>
${input.expiresAt ? `<p class="muted">This link expires at ${esc(input.expiresAt)}.</p>` : ''}
</body></html>`;
}
