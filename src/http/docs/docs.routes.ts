import type { FastifyInstance } from 'fastify';
import { notFound } from '../../kernel/errors.js';
import { guideHtml } from './guides.js';
import { guidePage, referencePage, scalarBundlePath } from './page.js';
import { scalarBundle } from './scalar-bundle.js';

/**
 * product.md §15: `/core/docs` is the reference (Scalar's API reference, with its try-it client, bundled from
 * node_modules and served here: no CDN), `/core/docs/guides/<slug>` the guides; `/core/docs/console` (once a
 * separate Swagger UI) leads to the reference, where every operation has its "Test Request".
 */
const html = 'text/html; charset=utf-8';
// Everything from this origin: the inline init and Scalar's injected styles, nothing remote (fonts and Scalar's
// cloud features are off in the configuration; the CSP makes sure).
const CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const htmlHeaders = { 'content-type': html, 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' };

export async function docsRoutes(app: FastifyInstance, options: { base: string }): Promise<void> {
  const prefix = options.base;
  const reference = referencePage(prefix);
  app.get(`${prefix}/docs`, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.headers(htmlHeaders).send(reference),
  );
  for (const console of [`${prefix}/docs/console`, `${prefix}/docs/console/`]) {
    app.get(console, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(`${prefix}/docs`),
    );
  }
  // Scalar's bundle, read on its first request (scalar-bundle.ts: not its Fastify integration, whose module keeps
  // it in the heap). What the integration served under this prefix stays as it was: the script, and its own page
  // (with and without the slash) leading to the one reference above.
  const bundleRoute = scalarBundlePath(prefix);
  app.get(bundleRoute, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await scalarBundle()),
  );
  const integrationPage = bundleRoute.slice(0, -'/js/scalar.js'.length);
  for (const page of [integrationPage, `${integrationPage}/`]) {
    app.get(page, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(`${prefix}/docs`),
    );
  }
  app.get(`${prefix}/docs/guides`, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`${prefix}/docs/guides/quick-start`),
  );
  app.get<{ Params: { slug: string } }>(
    `${prefix}/docs/guides/:slug`,
    { config: { auth: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const body = guideHtml(request.params.slug);
      if (!body) throw notFound('Guide');
      return reply.headers(htmlHeaders).send(guidePage(prefix, request.params.slug, body));
    },
  );
}
