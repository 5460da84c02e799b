import { GUIDES } from './guides.js';

/** The docs' HTML shell: one top bar (the reference with its try-it client, the guides) over the reference or a guide. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root { --ink: #1f2933; --muted: #616e7c; --line: #e4e7eb; --accent: #0b6e4f; --code: #f5f7fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
header { display: flex; flex-wrap: wrap; gap: 4px 20px; align-items: center; padding: 10px 20px; border-bottom: 1px solid var(--line); background: #fff; position: sticky; top: 0; z-index: 10; }
header strong { margin-right: 8px; }
header a { color: var(--muted); text-decoration: none; font-size: 15px; }
header a[aria-current="page"], header a:hover { color: var(--accent); }
.guide { display: grid; grid-template-columns: 240px minmax(0, 1fr); max-width: 1180px; margin: 0 auto; }
.guide nav { padding: 24px 16px; border-right: 1px solid var(--line); font-size: 15px; }
.guide nav a { display: block; padding: 4px 8px; color: var(--ink); text-decoration: none; border-radius: 4px; }
.guide nav a[aria-current="page"] { background: var(--code); color: var(--accent); font-weight: 600; }
article { padding: 24px 40px 80px; max-width: 860px; }
article h1 { font-size: 32px; line-height: 1.2; }
article a { color: var(--accent); }
pre { background: #0f1720; color: #e6edf3; padding: 14px 16px; border-radius: 6px; overflow-x: auto; font-size: 13.5px; line-height: 1.5; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:not(pre) > code { background: var(--code); padding: 1px 5px; border-radius: 4px; font-size: 0.9em; }
p.file { margin: 16px 0 -8px; font: 600 13px ui-monospace, monospace; color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: 14.5px; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
th { background: var(--code); }
@media (max-width: 760px) {
  .guide { grid-template-columns: minmax(0, 1fr); }
  .guide nav { border-right: 0; border-bottom: 1px solid var(--line); padding: 12px 16px; }
  article { padding: 16px 16px 60px; }
}`;

export function topBar(prefix: string, current: 'reference' | 'guides'): string {
  const link = (href: string, label: string, here: boolean) =>
    `<a href="${href}"${here ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<header><strong>Payment Platform</strong>${link(`${prefix}/docs`, 'API reference', current === 'reference')}${link(`${prefix}/docs/guides/quick-start`, 'Guides', current === 'guides')}</header>`;
}

export function page(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body>${body}</body></html>`;
}

export function guidePage(prefix: string, slug: string, html: string): string {
  const title = GUIDES.find((g) => g.slug === slug)?.title ?? slug;
  const nav = GUIDES.map(
    (g) =>
      `<a href="${prefix}/docs/guides/${g.slug}"${g.slug === slug ? ' aria-current="page"' : ''}>${escapeHtml(g.title)}</a>`,
  ).join('');
  return page(
    `${title} · Payment Platform`,
    '',
    `${topBar(prefix, 'guides')}<div class="guide"><nav aria-label="Guides">${nav}</nav><article>${html}</article></div>`,
  );
}

/** Where the platform serves Scalar's standalone bundle (docs.routes.ts): from node_modules, no CDN. */
export const scalarBundlePath = (prefix: string) => `${prefix}/docs/assets/scalar/js/scalar.js`;

/**
 * Scalar's look in the platform's colours (its CSS variables), in the system font (no web fonts fetched), under the
 * docs' top bar (Scalar's sticky sidebar and header start below `--scalar-custom-header-height`).
 */
const SCALAR_CSS = `
.light-mode, .dark-mode { --scalar-color-accent: #0b6e4f; --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.light-mode { --scalar-color-1: #1f2933; --scalar-color-2: #3e4c59; --scalar-color-3: #616e7c; --scalar-border-color: #e4e7eb; --scalar-button-1: #0b6e4f; --scalar-button-1-hover: #095c42; --scalar-button-1-color: #fff; }
.dark-mode { --scalar-color-accent: #3fbf8f; --scalar-button-1: #3fbf8f; --scalar-button-1-color: #0f1720; }
body { --scalar-custom-header-height: 46px; }`;

/**
 * The reference: Scalar's API reference over /openapi.json, with its try-it client (every operation's "Test
 * Request"). Calls go to this host (whatever the document's `servers` say: the page and the API share an origin),
 * and nothing Scalar offers that needs its cloud is on (telemetry, AI agent, MCP, proxy, fonts).
 */
export function referencePage(prefix: string): string {
  const configuration = {
    url: `${prefix}/openapi.json`,
    theme: 'default',
    customCss: SCALAR_CSS,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: false,
    documentDownloadType: 'json',
    persistAuth: false,
    defaultOpenAllTags: false,
    operationTitleSource: 'summary',
    authentication: { preferredSecurityScheme: 'apiKey' },
    metaData: { title: 'API reference · Payment Platform' },
  };
  const script = `Scalar.createApiReference('#reference', Object.assign(${JSON.stringify(configuration)}, { servers: [{ url: location.origin + ${JSON.stringify(prefix)}, description: 'This host' }] }))`;
  return page(
    'API reference · Payment Platform',
    '<style>body > header { height: 46px; flex-wrap: nowrap; overflow-x: auto; white-space: nowrap; }</style>',
    `${topBar(prefix, 'reference')}<div id="reference"></div><script src="${scalarBundlePath(prefix)}"></script><script>${script}</script>`,
  );
}
