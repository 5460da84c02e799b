import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { emptyBody, idParams, upperEnum, uuid } from '../../http/schemas.js';
import { PIX_KEY_TYPES } from './pix.rules.js';
import { createPixKeyBody, pixKeySchema, toPixKeyView } from './pix.schemas.js';
import { createPixKey, deletePixKey, getPixKey, listPixKeys } from './pix.service.js';

const merchantParams = idParams('merchantId');
const keyParams = idParams('merchantId', 'id');
const pixListQuery = listQuery({
  statuses: ['ACTIVE', 'DELETED'],
  extra: { key_type: upperEnum(PIX_KEY_TYPES).optional(), bank_account_id: uuid().optional() },
});

/** PIX keys of a company's bank accounts (platform-api.md PIX key, product.md §7). */
export default async function pixRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const { providers } = app.deps;

  r.post(
    '/v1/merchants/:merchantId/pix-keys',
    {
      config: { permission: 'merchant.banking.create' },
      schema: {
        summary: 'Register a PIX key',
        params: merchantParams,
        body: createPixKeyBody,
        response: { 200: pixKeySchema, 201: pixKeySchema },
      },
    },
    async (request, reply) => {
      const created = await createPixKey(
        db,
        providers,
        app.deps.clock,
        callerCompany(request),
        request.params.merchantId,
        request.body,
        app.deps.config.recovery.requestLeaseMs,
      );
      createdOrReplayed(reply, created.replayed);
      return toPixKeyView(created.row);
    },
  );

  r.get(
    '/v1/merchants/:merchantId/pix-keys',
    {
      config: { permission: 'merchant.banking.list' },
      schema: {
        summary: 'List PIX keys',
        params: merchantParams,
        querystring: pixListQuery,
        response: { 200: listEnvelope(pixKeySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listPixKeys(db, callerCompany(request), request.params.merchantId, q);
      return { data: rows.map(toPixKeyView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/merchants/:merchantId/pix-keys/:id',
    {
      config: { permission: 'merchant.banking.view' },
      schema: { summary: 'Get a PIX key', params: keyParams, response: { 200: pixKeySchema } },
    },
    async (request) =>
      toPixKeyView(await getPixKey(db, callerCompany(request), request.params.merchantId, request.params.id)),
  );

  r.delete(
    '/v1/merchants/:merchantId/pix-keys/:id',
    {
      config: { permission: 'merchant.banking.delete' },
      schema: {
        summary: 'Delete a PIX key (soft delete)',
        params: keyParams,
        body: emptyBody.nullable(),
        response: { 200: pixKeySchema },
      },
    },
    async (request) =>
      toPixKeyView(
        await deletePixKey(
          db,
          providers,
          app.deps.clock,
          callerCompany(request),
          request.params.merchantId,
          request.params.id,
        ),
      ),
  );
}
