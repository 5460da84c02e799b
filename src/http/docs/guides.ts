import { readFileSync } from 'node:fs';
import { Marked } from 'marked';

/**
 * product.md §15's guides, in the order the docs list them. Their Markdown lives in `docs/guides/<slug>.md`
 * (readable in the repository too); `test/e2e/guides.test.ts` runs every `sh` sample against a sandbox.
 */
export const GUIDES = [
  { slug: 'quick-start', title: 'Quick start' },
  { slug: 'authentication', title: 'Authentication and API keys' },
  { slug: 'idempotency', title: 'Idempotency' },
  { slug: 'errors', title: 'Errors' },
  { slug: 'pagination', title: 'Pagination' },
  { slug: 'webhooks', title: 'Webhooks' },
  { slug: 'sandbox', title: 'Sandbox' },
  { slug: 'card-encryption', title: 'Card encryption and the PCI host' },
  { slug: 'going-to-production', title: 'Going to production' },
] as const;

// src/http/docs and dist/http/docs are both three levels below the repository root.
const GUIDES_DIR = new URL('../../../docs/guides/', import.meta.url);
const marked = new Marked({ gfm: true });
const rendered = new Map<string, string>();

export const guideSource = (slug: string): string => readFileSync(new URL(`${slug}.md`, GUIDES_DIR), 'utf8');

/** The guide's HTML (rendered once; the Markdown is ours, so its HTML blocks are trusted). */
export function guideHtml(slug: string): string | undefined {
  if (!GUIDES.some((g) => g.slug === slug)) return undefined;
  let html = rendered.get(slug);
  if (!html) {
    // Info strings like "ts receiver.ts" name the file a sample is saved as: show the name above the code.
    const source = guideSource(slug).replace(/^```(\w+) ([\w.-]+)$/gm, '<p class="file">$2</p>\n\n```$1');
    html = marked.parse(source, { async: false });
    rendered.set(slug, html);
  }
  return html;
}
