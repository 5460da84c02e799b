import { randomBytes } from 'node:crypto';
import { textOf } from '../../kernel/text.js';

/**
 * The sandbox challenge page (payments.md P7) as HTML: the code form, the result (which tells the opener or
 * parent frame and then sends the browser to the return URL) and the refusal for a bad token. Served from the
 * platform's origin, framed by any merchant page (frame-ancestors *), with one nonce-allowed inline script.
 */
export const newNonce = () => randomBytes(16).toString('base64');

export function pageHeaders(nonce: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The token is in the URL: never sent on to another site.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors *; base-uri 'none'`,
  };
}

const esc = (v: unknown) => textOf(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:15px system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;background:#fff}
main{max-width:360px;margin:0 auto}h1{font-size:18px;margin:0 0 12px}.muted{color:#555;font-size:13px}
input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:8px 0;letter-spacing:4px}
button{font:inherit;padding:8px 16px;margin-right:8px;cursor:pointer}.error{color:#b00020}`;

const page = (title: string, body: string, script = '', nonce = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>` +
  (script ? `<script nonce="${esc(nonce)}">${script}</script>` : '') +
  `</body></html>`;

export interface ChallengeForm {
  action: string;
  token: string;
  amount: number;
  brand: string;
  lastDigits: string;
  expiresAt: Date;
}

const money = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;

export function renderChallenge(f: ChallengeForm): string {
  return page(
    '3-D Secure: confirm the purchase',
    `<h1>Confirm the purchase</h1>
<p>${esc(money(f.amount))} with ${esc(f.brand)} •••• ${esc(f.lastDigits)}</p>
<p class="muted">Sandbox: enter the code <strong>1234</strong> to authenticate; any other code fails.</p>
<form method="post" action="${esc(f.action)}">
<input type="hidden" name="t" value="${esc(f.token)}">
<label for="code">Verification code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="32" autofocus>
<button type="submit" name="action" value="submit" id="submit">Verify</button>
<button type="submit" name="action" value="cancel" id="cancel">Cancel</button>
</form>
<p class="muted">Valid until ${esc(f.expiresAt.toISOString())}.</p>`,
  );
}

export interface ChallengeDone {
  sessionId: string;
  status: 'SUCCEEDED' | 'FAILED';
  outcome: 'success' | 'failure' | 'cancel';
  /** The return URL with the session id and status added, when the session has one. */
  redirect: string | null;
}

const MESSAGES = { success: 'Authentication succeeded.', failure: 'Authentication failed.', cancel: 'Authentication cancelled.' } as const;

/**
 * The result: posts `{ type: "platform-3ds", outcome, session_id }` to the parent frame and the opener (what
 * the library's ui.threeDSecure listens for; nothing secret in it, so any origin may receive it), then goes to
 * the return URL.
 */
export function renderDone(d: ChallengeDone, nonce: string): string {
  const message = JSON.stringify({ type: 'platform-3ds', outcome: d.outcome, session_id: d.sessionId, status: d.status }).replace(/</g, '\\u003c');
  const redirect = JSON.stringify(d.redirect).replace(/</g, '\\u003c');
  const script = `(function(){var m=${message},r=${redirect};
try{if(window.parent&&window.parent!==window)window.parent.postMessage(m,'*');}catch(e){}
try{if(window.opener)window.opener.postMessage(m,'*');}catch(e){}
if(r)setTimeout(function(){window.location.replace(r);},150);})();`;
  const link = d.redirect ? `<p><a id="continue" href="${esc(d.redirect)}">Continue</a></p>` : '<p class="muted">You may close this window.</p>';
  return page('3-D Secure', `<h1 data-status="${esc(d.status)}">${esc(MESSAGES[d.outcome])}</h1>${link}`, script, nonce);
}

const REFUSALS = {
  INVALID: ['This authentication link is not valid', 'The link was altered or does not belong to this session. Start the payment again.'],
  USED: ['This authentication link was already used', 'The authentication is complete; this link cannot be used again.'],
  EXPIRED: ['This authentication link has expired', 'The 10 minutes to authenticate have passed. Start the payment again.'],
  NOT_READY: ['This authentication is not ready yet', 'The card issuer has not answered yet; try again in a few seconds.'],
  UNAVAILABLE: ['Card challenges are not available here', 'This deployment has no card issuer challenge yet; the session ends at its expiry.'],
} as const;

export type RefusalKind = keyof typeof REFUSALS;

/** The 403 page (P7: "a tampered or used token answers 403 with an HTML page that says so"). */
export function renderRefusal(kind: RefusalKind): string {
  const [title, text] = REFUSALS[kind];
  return page(title, `<h1 data-refusal="${kind}">${esc(title)}</h1><p>${esc(text)}</p>`);
}
