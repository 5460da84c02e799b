import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../kernel/errors.js';
import { guideHtml } from './guides.js';
import { guidePage, referencePage } from './page.js';

/**
 * product.md §15: `/core/docs` is the reference (Redoc, a maintained renderer, bundled from node_modules and
 * served here: no CDN), `/core/docs/guides/<slug>` the guides, `/core/docs/console` Swagger UI to try calls.
 */
const redocBundlePath = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
let redocBundle: string | undefined;
/** The bundle, read once, with its one remote asset (the footer's logo on Redoc's CDN) made a local empty image. */
const bundle = () =>
  (redocBundle ??= readFileSync(redocBundlePath, 'utf8').replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E'));
const html = 'text/html; charset=utf-8';
// Everything from this origin: Redoc's inline init and styles, its search worker from a blob, nothing remote
// (its footer logo from a CDN is blocked rather than fetched).
const CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const htmlHeaders = { 'content-type': html, 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' };

export async function docsRoutes(app: FastifyInstance, options: { base: string }): Promise<void> {
  const prefix = options.base;
  const reference = referencePage(prefix);
  app.get(`${prefix}/docs`, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.headers(htmlHeaders).send(reference));
  app.get(`${prefix}/docs/assets/redoc.standalone.js`, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bundle()),
  );
  app.get(`${prefix}/docs/guides`, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect(`${prefix}/docs/guides/quick-start`));
  app.get<{ Params: { slug: string } }>(`${prefix}/docs/guides/:slug`, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const body = guideHtml(request.params.slug);
    if (!body) throw notFound('Guide');
    return reply.headers(htmlHeaders).send(guidePage(prefix, request.params.slug, body));
  });
}
