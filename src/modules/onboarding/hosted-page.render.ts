import { createHash } from 'node:crypto';
import { formatDocument } from '../../domain/brazilian-documents.js';
import { HOSTED_PAGE_PATH } from './hosted-link.js';
import { ERROR_NOTICES, formatDate, label, NOTICES, t, type Lang, type Notice } from './hosted-page.i18n.js';
import { MAX_DOCUMENT_BYTES, UPLOAD_CONTENT_TYPES, type RequirementView } from './onboarding.schemas.js';
import type { ReceivedDocument } from './hosted-page.repo.js';
import { textOf } from '../../kernel/text.js';

/**
 * The hosted onboarding page (product.md §15), server-rendered: no script at all, plain forms, one stylesheet
 * allowed by its hash, every value escaped. The token travels in the query string of GETs and in form bodies.
 */
export const HOSTED_FORMS = {
  documents: `${HOSTED_PAGE_PATH}/documents`,
  answers: `${HOSTED_PAGE_PATH}/answers`,
  biometrics: `${HOSTED_PAGE_PATH}/biometrics`,
  approveBiometric: `${HOSTED_PAGE_PATH}/biometrics/approve`,
} as const;

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0;padding:16px;color:#1b1f24;background:#f6f7f9}
main{max-width:720px;margin:0 auto}header{display:flex;justify-content:space-between;align-items:baseline;gap:12px;flex-wrap:wrap}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:24px 0 8px}.muted{color:#5b6470;font-size:13px}
.requirement{background:#fff;border:1px solid #e3e6ea;border-radius:8px;padding:12px 14px;margin:10px 0}
.requirement h3{font-size:15px;margin:0 0 4px}.badge{font-size:12px;font-weight:600;padding:1px 6px;border-radius:4px;background:#fff4d6}
.badge.rejected{background:#fde2e1}.badge.satisfied,.badge.waived{background:#dff5e3}
form{margin:8px 0 0}label{display:block;margin:6px 0 2px;font-size:13px}
select,input[type=file],textarea{font:inherit;width:100%;box-sizing:border-box;max-width:100%}textarea{min-height:80px}
button{font:inherit;padding:8px 14px;margin-top:8px;cursor:pointer;border-radius:6px;border:1px solid #1f5fbf;background:#2563eb;color:#fff}
.notice{padding:8px 12px;border-radius:6px;background:#dff5e3;margin:8px 0}.notice.error{background:#fde2e1}
ul.done{padding-left:18px}.sandbox{border-color:#b45309;background:#d97706}`;

/** The stylesheet is the page's only inline content; the CSP allows exactly it. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** No script, nothing from elsewhere, not framable; the token in the URL never leaves through Referer. */
export const HOSTED_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
} as const;

const esc = (v: unknown) =>
  textOf(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

export function pageHref(token: string, lang: Lang, notice?: Notice): string {
  const q = new URLSearchParams({ token, lang });
  if (notice) q.set('notice', notice);
  return `${HOSTED_PAGE_PATH}?${q.toString()}`;
}

const shell = (lang: Lang, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

export interface HostedPageInput {
  lang: Lang;
  token: string;
  provider: string;
  /** The provider as people call it (its account's display name); the page never shows the raw code. */
  providerName: string;
  companyName: string;
  expiresAt: Date;
  /** Null when the organization has company onboarding switched off. */
  requirements: RequirementView[] | null;
  /** Subjects with a biometric capture still PENDING, and that capture's id. */
  pendingCaptures: Map<string, string>;
  /** What the company already sent: a row with an identity pair half sent says which half arrived. */
  documents?: ReceivedDocument[];
  sandbox: boolean;
  notice?: Notice;
}

const OPEN = new Set(['PENDING', 'REJECTED']);

export function renderHostedPage(p: HostedPageInput): string {
  const other: Lang = p.lang === 'en' ? 'pt-BR' : 'en';
  const notice = p.notice
    ? `<p class="notice${ERROR_NOTICES.has(p.notice) ? ' error' : ''}" role="status" data-notice="${esc(p.notice)}">${esc(NOTICES[p.notice][p.lang])}</p>`
    : '';
  const rows = p.requirements ?? [];
  const open = rows.filter((r) => OPEN.has(r.status));
  const closed = rows.filter((r) => !OPEN.has(r.status));
  const pending =
    p.requirements === null
      ? `<p>${esc(t(p.lang, 'notAvailable'))}</p>`
      : open.length === 0
        ? `<p id="nothing-left">${esc(t(p.lang, 'nothingLeft'))}</p>`
        : open.map((r) => requirementCard(p, r)).join('\n');
  const done = closed.length
    ? `<h2>${esc(t(p.lang, 'done'))}</h2><ul class="done">${closed
        .map(
          (r) =>
            `<li data-requirement-id="${esc(r.id)}" data-status="${esc(r.status)}">${esc(label(p.lang, r.type))} · ${esc(formatDocument(r.subject_document_number))} · ${esc(label(p.lang, r.status))}</li>`,
        )
        .join('')}</ul>`
    : '';
  return shell(
    p.lang,
    t(p.lang, 'title'),
    `<header><h1>${esc(t(p.lang, 'title'))}</h1><a id="lang-switch" hreflang="${other}" href="${esc(pageHref(p.token, other))}">${esc(t(p.lang, 'switchTo'))}</a></header>
<p><strong>${esc(p.companyName)}</strong></p>
<p>${esc(t(p.lang, 'intro', { provider: p.providerName }))}</p>
${notice}
<h2>${esc(t(p.lang, 'pending'))}</h2>
${pending}
${done}
<p class="muted">${esc(t(p.lang, 'validUntil', { date: formatDate(p.lang, p.expiresAt) }))}</p>`,
  );
}

function requirementCard(p: HostedPageInput, r: RequirementView): string {
  const head = `<h3>${esc(label(p.lang, r.type))} <span class="badge ${esc(r.status.toLowerCase())}">${esc(label(p.lang, r.status))}</span></h3>
<p class="muted">${esc(t(p.lang, 'subject'))}: ${esc(label(p.lang, r.subject_role))} · ${esc(formatDocument(r.subject_document_number))}</p>
${r.description ? `<p>${esc(r.description)}</p>` : ''}${r.status === 'REJECTED' ? `<p class="muted">${esc(t(p.lang, 'rejectedHint'))}</p>` : ''}`;
  return `<section class="requirement" data-requirement-id="${esc(r.id)}" data-type="${esc(r.type)}" data-status="${esc(r.status)}">${head}${formFor(p, r)}</section>`;
}

const common = (p: HostedPageInput, r: RequirementView) =>
  hidden('token', p.token) + hidden('lang', p.lang) + hidden('requirement_id', r.id);
const fileInput = (p: HostedPageInput, multiple: boolean) =>
  `<label>${esc(t(p.lang, multiple ? 'files' : 'file'))}<input type="file" name="file" required accept="${UPLOAD_CONTENT_TYPES.join(',')}"${multiple ? ' multiple' : ''} data-max-bytes="${MAX_DOCUMENT_BYTES}"></label>`;
const answerInput = (p: HostedPageInput) =>
  `<label>${esc(t(p.lang, 'answer'))}<textarea name="answer" required maxlength="5000"></textarea></label>`;

function formFor(p: HostedPageInput, r: RequirementView): string {
  if (r.type === 'INFORMATION') {
    return `<form method="post" action="${HOSTED_FORMS.answers}">${common(p, r)}${answerInput(p)}<button type="submit">${esc(t(p.lang, 'sendAnswer'))}</button></form>`;
  }
  if (r.type === 'EVIDENCE_PACKAGE') {
    return `<form method="post" action="${HOSTED_FORMS.documents}" enctype="multipart/form-data">${common(p, r)}${fileInput(p, true)}${answerInput(p)}<button type="submit">${esc(t(p.lang, 'sendPackage'))}</button></form>`;
  }
  if (r.type === 'BIOMETRIC_VERIFICATION') {
    const capture = p.pendingCaptures.get(r.subject_document_number);
    if (!capture) {
      return `<form method="post" action="${HOSTED_FORMS.biometrics}">${common(p, r)}<button type="submit" data-action="start-capture">${esc(t(p.lang, 'startCapture'))}</button></form>`;
    }
    const approve = p.sandbox
      ? `<form method="post" action="${HOSTED_FORMS.approveBiometric}">${common(p, r)}${hidden('verification_id', capture)}<p class="muted">${esc(t(p.lang, 'sandboxNote'))}</p><button type="submit" class="sandbox" data-action="sandbox-approve">${esc(t(p.lang, 'sandboxApprove'))}</button></form>`
      : '';
    return `<p>${esc(t(p.lang, 'captureInReview'))}</p>${approve}`;
  }
  const types = r.accepted_document_types ?? [];
  const missing = missingHalf(sentTypes(p, r, types), types);
  const options = types
    .map(
      (type) =>
        `<option value="${esc(type)}"${type === missing ? ' selected' : ''}>${esc(label(p.lang, type))}</option>`,
    )
    .join('');
  const hint = r.type === 'IDENTITY_DOCUMENT' ? `<p class="muted">${esc(t(p.lang, 'identityHint'))}</p>` : '';
  const ask = missing
    ? `<p class="notice ask" role="status" data-missing="${esc(missing)}">${esc(t(p.lang, missing.endsWith('_BACK') ? 'sendBack' : 'sendFront', { sent: label(p.lang, pairOf(missing)), missing: label(p.lang, missing) }))}</p>`
    : '';
  return `${hint}${received(p, r, types)}${ask}<form method="post" action="${HOSTED_FORMS.documents}" enctype="multipart/form-data">${common(p, r)}<label>${esc(t(p.lang, 'documentType'))}<select name="file_type">${options}</select></label>${fileInput(p, false)}<button type="submit">${esc(t(p.lang, 'upload'))}</button></form>`;
}

/** The types this row's subject sent and the provider has not refused. */
function sentTypes(p: HostedPageInput, r: RequirementView, types: readonly string[]): Set<string> {
  const alive = (p.documents ?? []).filter(
    (d) => d.subject === r.subject_document_number && types.includes(d.fileType) && d.status !== 'REFUSED',
  );
  return new Set(alive.map((d) => d.fileType));
}

const pairOf = (type: string) =>
  type.endsWith('_FRONT') ? type.replace(/_FRONT$/, '_BACK') : type.replace(/_BACK$/, '_FRONT');

/**
 * The other half of an identity document half sent (a front without its back, or the reverse): the page asks for
 * it by name and preselects it (issue 27: fronts were accepted, and nothing said the back was still missing).
 */
export function missingHalf(sent: ReadonlySet<string>, accepted: readonly string[]): string | undefined {
  for (const type of accepted) {
    if (!/_(FRONT|BACK)$/.test(type) || !sent.has(type)) continue;
    const other = pairOf(type);
    if (accepted.includes(other) && !sent.has(other)) return other;
  }
  return undefined;
}

function received(p: HostedPageInput, r: RequirementView, types: readonly string[]): string {
  const sent = (p.documents ?? []).filter((d) => d.subject === r.subject_document_number && types.includes(d.fileType));
  if (sent.length === 0) return '';
  const items = sent.map(
    (d) =>
      `<li data-file-type="${esc(d.fileType)}" data-status="${esc(d.status)}">${esc(label(p.lang, d.fileType))} · ${esc(label(p.lang, d.status))}</li>`,
  );
  return `<p class="muted">${esc(t(p.lang, 'received'))}</p><ul class="received">${items.join('')}</ul>`;
}

/** The 403 for a tampered, expired or unknown link, in the reader's language. */
export function renderRefusal(lang: Lang, reason: 'INVALID' | 'EXPIRED'): string {
  return shell(
    lang,
    t(lang, 'forbiddenTitle'),
    `<h1>${esc(t(lang, 'forbiddenTitle'))}</h1><p id="refusal" data-reason="${reason}">${esc(t(lang, reason === 'EXPIRED' ? 'forbiddenExpired' : 'forbiddenInvalid'))}</p>`,
  );
}

/** A body past the size limit never reaches the form's route: this page tells the reader instead of JSON. */
export function renderTooLarge(lang: Lang): string {
  return shell(
    lang,
    t(lang, 'tooLargeTitle'),
    `<h1>${esc(t(lang, 'tooLargeTitle'))}</h1><p>${esc(t(lang, 'tooLargeBody'))}</p>`,
  );
}
