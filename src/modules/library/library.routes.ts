import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../kernel/errors.js';
import { buildLibraryAssets, type Asset } from './library.assets.js';

const YEAR = 31_536_000;

/**
 * The browser library (payments.md P8): /js/v1/platform.js and its frames, public, readable from any origin.
 * The hashed name (platform.{version}.js) and frames asked for with the current `?v=` never change: cached for a
 * year. The plain name may change with a release: an hour, revalidated by its ETag.
 */
export default async function libraryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const assets = buildLibraryAssets(app.deps.config.env);
  const send = (request: FastifyRequest, reply: FastifyReply, asset: Asset | undefined, immutable: boolean) => {
    if (!asset) throw notFound('File');
    reply
      .header('access-control-allow-origin', '*')
      .header('etag', asset.etag)
      .header('x-content-type-options', 'nosniff');
    reply.header('cache-control', immutable ? `public, max-age=${YEAR}, immutable` : 'public, max-age=3600');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.body);
  };
  const pub = { auth: 'public' as const, ratePool: 'standard' as const };

  r.get(
    '/js/v1/:file',
    {
      config: pub,
      schema: {
        summary: 'The browser library (platform.js, or platform.{version}.js)',
        params: z.strictObject({ file: z.string() }),
        hide: true,
      },
    },
    async (request, reply) =>
      send(request, reply, assets.files.get(request.params.file), request.params.file !== 'platform.js'),
  );

  r.get(
    '/js/v1/frames/:file',
    {
      config: pub,
      schema: {
        summary: 'The library frames (card fields, wallet sheet)',
        params: z.strictObject({ file: z.string() }),
        querystring: z.object({ v: z.string().optional() }).passthrough(),
        hide: true,
      },
    },
    async (request, reply) =>
      send(request, reply, assets.frames.get(request.params.file), request.query.v === assets.version),
  );
}
