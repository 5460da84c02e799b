import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { CARD_STATUSES, storedCardSchema, storeCardBody, toCardView } from './cards.schemas.js';
import { closeCard, getCard, listCards, storeCard } from './cards.service.js';

const merchantParams = idParams('merchantId');
const cardParams = idParams('merchantId', 'id');

/** Stored cards (platform-api.md Stored card, product.md §8). The ciphertext goes in and never comes out. */
export default async function cardsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/merchants/:merchantId/cards',
    {
      config: { permission: 'merchant.card.create' },
      schema: {
        summary: 'Store a card',
        params: merchantParams,
        body: storeCardBody,
        response: { 200: storedCardSchema, 201: storedCardSchema },
      },
    },
    async (request, reply) => {
      const stored = await storeCard(
        db,
        app.deps.clock,
        app.deps.storedCardNumbers,
        callerCompany(request),
        request.params.merchantId,
        request.body,
      );
      createdOrReplayed(reply, stored.replayed);
      return toCardView(stored.row);
    },
  );

  r.get(
    '/v1/merchants/:merchantId/cards',
    {
      config: { permission: 'merchant.card.list' },
      schema: {
        summary: 'List stored cards',
        params: merchantParams,
        querystring: listQuery({ statuses: CARD_STATUSES }),
        response: { 200: listEnvelope(storedCardSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listCards(db, callerCompany(request), request.params.merchantId, q);
      return { data: rows.map(toCardView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/merchants/:merchantId/cards/:id',
    {
      config: { permission: 'merchant.card.view' },
      schema: { summary: 'Get a stored card', params: cardParams, response: { 200: storedCardSchema } },
    },
    async (request) =>
      toCardView(await getCard(db, callerCompany(request), request.params.merchantId, request.params.id)),
  );

  r.delete(
    '/v1/merchants/:merchantId/cards/:id',
    {
      config: { permission: 'merchant.card.delete' },
      schema: {
        summary: 'Close a stored card',
        params: cardParams,
        body: emptyBody.nullable(),
        response: { 200: storedCardSchema },
      },
    },
    async (request) =>
      toCardView(
        await closeCard(db, app.deps.clock, callerCompany(request), request.params.merchantId, request.params.id),
      ),
  );
}
