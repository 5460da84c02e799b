import type { Lang } from '../../../http/page-language.js';
import { pageText } from '../../../http/page-text.js';
import { esc, page, pageHeaders } from './challenge.page.js';

/**
 * providers.md R2.8: the challenge page of a session at a real provider (Adyen) is one form that carries the
 * browser to the provider's redirect action (its `url`, `method` and `data` as hidden inputs), submitted on load;
 * the return route's pages (a result missing, the provider not answering). No third-party script, no client key.
 */
export interface RedirectAction {
  url: string;
  method: string;
  data: Record<string, string>;
}

/** The provider challenge pages' texts, in the platform pages' one table (src/http/page-text.ts). */
const text = pageText('providerChallenge');

/** Only http(s) action URLs are followed (a provider's answer is data, never a script URL). */
export function safeActionUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/** The auto-submitting form and its headers (form-action allows the provider's origin only besides our own). */
export function renderRedirect(
  action: RedirectAction,
  lang: Lang,
  nonce: string,
): { html: string; headers: Record<string, string> } | null {
  const url = safeActionUrl(action.url);
  if (!url) return null;
  const method = action.method.toUpperCase() === 'POST' ? 'post' : 'get';
  const inputs = Object.entries(action.data ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const body =
    `<h1>${esc(text(lang, 'title'))}</h1>` +
    `<form id="provider-redirect" method="${method}" action="${esc(url.href)}">${inputs}` +
    `<button type="submit">${esc(text(lang, 'go'))}</button></form>`;
  const script = `document.getElementById('provider-redirect').submit();`;
  return {
    html: page(lang, text(lang, 'title'), body, script, nonce),
    headers: pageHeaders(nonce, `'self' ${url.origin}`),
  };
}

/** `400`: the return came without `redirectResult`. */
export const renderMissingResult = (lang: Lang): string =>
  page(
    lang,
    text(lang, 'missingTitle'),
    `<h1 data-refusal="MISSING_RESULT">${esc(text(lang, 'missingTitle'))}</h1><p>${esc(text(lang, 'missing'))}</p>`,
  );

/** `502`: `/payments/details` gave no answer (R2.2: the session stays ACTION_REQUIRED; the same link retries). */
export const renderProviderUnknown = (lang: Lang): string =>
  page(
    lang,
    text(lang, 'unknownTitle'),
    `<h1 data-refusal="PROVIDER_UNAVAILABLE">${esc(text(lang, 'unknownTitle'))}</h1><p>${esc(text(lang, 'unknown'))}</p>`,
  );
