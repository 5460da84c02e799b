import { textOf } from '../../../kernel/text.js';
import { randomBytes } from 'node:crypto';
import type { Lang } from '../../../http/page-language.js';
import { pageText } from '../../../http/page-text.js';

/**
 * The sandbox challenge page (payments.md P7) as HTML: the code form, the result (which tells the opener or
 * parent frame and then sends the browser to the return URL) and the refusal for a bad token. Served from the
 * platform's origin, framed by any merchant page (frame-ancestors *), with one nonce-allowed inline script.
 */
export const newNonce = () => randomBytes(16).toString('base64');

export function pageHeaders(nonce: string, formAction = "'self'"): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The token is in the URL: never sent on to another site.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors *; base-uri 'none'`,
  };
}

export const esc = (v: unknown) =>
  textOf(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `body{font:15px system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;background:#fff}
main{max-width:360px;margin:0 auto}h1{font-size:18px;margin:0 0 12px}.muted{color:#555;font-size:13px}
input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0;letter-spacing:4px}
button{font:inherit;padding:8px 16px;margin-right:8px;cursor:pointer}.error{color:#b00020}`;

export const page = (lang: Lang, title: string, body: string, script = '', nonce = '') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>` +
  (script ? `<script nonce="${esc(nonce)}">${script}</script>` : '') +
  `</body></html>`;

export interface ChallengeForm {
  lang: Lang;
  action: string;
  token: string;
  amount: number;
  brand: string;
  lastDigits: string;
  /** The card's expiry as stored (`MM`, `YYYY` or `YY`): shown `MM/AA`. */
  expiryMonth: string;
  expiryYear: string;
  /** Who the cardholder pays: the merchant's name. */
  merchantName: string;
  expiresAt: Date;
}

/** The challenge pages' texts, in the platform pages' one table (src/http/page-text.ts). */
const text = pageText('challenge');

/** Money as Brazilians write it (R$ 1.234,56), in either language: the amount is in reais. */
export const money = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');

const BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  ELO: 'Elo',
  HIPERCARD: 'Hipercard',
  DINERS: 'Diners Club',
  DISCOVER: 'Discover',
  JCB: 'JCB',
};
/** A brand as its owner writes it (`VISA` is Visa). */
export const brandName = (brand: string) => BRAND_NAMES[brand.toUpperCase()] ?? brand;

/** A card's expiry as printed on it: `MM/AA` (`07/30`). */
export const cardExpiry = (month: string, year: string) => `${month.padStart(2, '0').slice(-2)}/${year.slice(-2)}`;

/** The session's deadline for the reader: a local time in São Paulo, with the zone, never a raw ISO value. */
export const deadline = (lang: Lang, at: Date) =>
  new Intl.DateTimeFormat(lang, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
    timeZoneName: 'short',
  }).format(at);

export function renderChallenge(f: ChallengeForm): string {
  const l = f.lang;
  return page(
    l,
    text(l, 'title'),
    `<h1>${esc(text(l, 'heading'))}</h1>
<p id="paying">${esc(text(l, 'paying', { amount: money(f.amount), merchant: f.merchantName }))}</p>
<p id="card">${esc(text(l, 'card', { brand: brandName(f.brand), last: f.lastDigits, expiry: cardExpiry(f.expiryMonth, f.expiryYear) }))}</p>
<p class="muted">${esc(text(l, 'sandbox', { code: '1234' }))}</p>
<form method="post" action="${esc(f.action)}">
<input type="hidden" name="t" value="${esc(f.token)}">
<input type="hidden" name="lang" value="${esc(l)}">
<label for="code">${esc(text(l, 'code'))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="32" autofocus>
<button type="submit" name="action" value="submit" id="submit">${esc(text(l, 'verify'))}</button>
<button type="submit" name="action" value="cancel" id="cancel">${esc(text(l, 'cancel'))}</button>
</form>
<p class="muted" id="valid-until"><time datetime="${esc(f.expiresAt.toISOString())}" title="${esc(f.expiresAt.toISOString())}">${esc(text(l, 'validUntil', { time: deadline(l, f.expiresAt) }))}</time></p>`,
  );
}

export interface ChallengeDone {
  lang: Lang;
  sessionId: string;
  status: 'SUCCEEDED' | 'FAILED';
  outcome: 'success' | 'failure' | 'cancel';
  /** The return URL with the session id and status added, when the session has one. */
  redirect: string | null;
}

const MESSAGES = { success: 'success', failure: 'failure', cancel: 'cancelled' } as const;

/**
 * The result: posts `{ type: "platform-3ds", outcome, session_id }` to the parent frame and the opener (what
 * the library's ui.threeDSecure listens for; nothing secret in it, so any origin may receive it), then goes to
 * the return URL.
 */
export function renderDone(d: ChallengeDone, nonce: string): string {
  const message = JSON.stringify({
    type: 'platform-3ds',
    outcome: d.outcome,
    session_id: d.sessionId,
    status: d.status,
  }).replace(/</g, '\\u003c');
  const redirect = JSON.stringify(d.redirect).replace(/</g, '\\u003c');
  const script = `(function(){var m=${message},r=${redirect};
try{if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}
try{if(window.opener)window.opener.postMessage(m,'*');}catch(e){}
if(r)setTimeout(function(){window.location.replace(r);},150);})();`;
  const link = d.redirect
    ? `<p><a id="continue" href="${esc(d.redirect)}">${esc(text(d.lang, 'continue'))}</a></p>`
    : `<p class="muted">${esc(text(d.lang, 'close'))}</p>`;
  return page(
    d.lang,
    text(d.lang, 'doneTitle'),
    `<h1 data-status="${esc(d.status)}">${esc(text(d.lang, MESSAGES[d.outcome]))}</h1>${link}`,
    script,
    nonce,
  );
}

const REFUSALS: Record<string, Record<Lang, readonly [string, string]>> = {
  INVALID: {
    'pt-BR': [
      'Este link de autenticação não é válido',
      'O link foi alterado ou não pertence a esta sessão. Comece o pagamento de novo.',
    ],
    en: [
      'This authentication link is not valid',
      'The link was altered or does not belong to this session. Start the payment again.',
    ],
  },
  USED: {
    'pt-BR': [
      'Este link de autenticação já foi usado',
      'A autenticação terminou; este link não pode ser usado de novo.',
    ],
    en: [
      'This authentication link was already used',
      'The authentication is complete; this link cannot be used again.',
    ],
  },
  EXPIRED: {
    'pt-BR': [
      'Este link de autenticação expirou',
      'Os 10 minutos para autenticar passaram. Comece o pagamento de novo.',
    ],
    en: [
      'This authentication link has expired',
      'The 10 minutes to authenticate have passed. Start the payment again.',
    ],
  },
  NOT_READY: {
    'pt-BR': [
      'Esta autenticação ainda não está pronta',
      'O emissor do cartão ainda não respondeu; tente de novo em alguns segundos.',
    ],
    en: ['This authentication is not ready yet', 'The card issuer has not answered yet; try again in a few seconds.'],
  },
  UNAVAILABLE: {
    'pt-BR': [
      'Desafios de cartão não estão disponíveis aqui',
      'Este ambiente ainda não tem desafio do emissor; a sessão termina quando expirar.',
    ],
    en: [
      'Card challenges are not available here',
      'This deployment has no card issuer challenge yet; the session ends at its expiry.',
    ],
  },
};

export type RefusalKind = 'INVALID' | 'USED' | 'EXPIRED' | 'NOT_READY' | 'UNAVAILABLE';

/** The 403 page (P7: "a tampered or used token answers 403 with an HTML page that says so"), in the reader's language. */
export function renderRefusal(kind: RefusalKind, lang: Lang = 'pt-BR'): string {
  const [title, body] = REFUSALS[kind]![lang];
  return page(lang, title, `<h1 data-refusal="${kind}">${esc(title)}</h1><p>${esc(body)}</p>`);
}
