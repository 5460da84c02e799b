import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import {
  createPolicyBody,
  feePolicySchema,
  merchantQuoteBody,
  merchantQuoteSchema,
  quoteBody,
  quoteSchema,
  replacePolicyBody,
  toPolicyView,
} from './fees.schemas.js';
import {
  createPolicy,
  deactivatePolicy,
  getPolicy,
  listPolicies,
  quoteForMerchant,
  quotePolicy,
  replacePolicy,
} from './fees.service.js';

const idParam = idParams('id');
const merchantParam = idParams('merchantId');
/** Fastify hands a bodiless DELETE a null body. */
const noBody = emptyBody.nullable();
const org = (permission: string) => ({ permission, organizationOnly: true });
const policyListQuery = listQuery({
  sort: ['name'],
  extra: {
    is_active: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  },
});

/** Fee policies and quotes (platform-api.md Fee policy, product.md §9): organization-level pricing. */
export default async function feesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/pricing/fee-policies',
    {
      config: org('fee_policy.create'),
      schema: {
        summary: 'Create a fee policy',
        body: createPolicyBody,
        response: { 200: feePolicySchema, 201: feePolicySchema },
      },
    },
    async (request, reply) => {
      const created = await createPolicy(db, app.deps.clock, callerCompany(request), request.body);
      createdOrReplayed(reply, created.replayed);
      return toPolicyView(created.row);
    },
  );

  r.get(
    '/v1/pricing/fee-policies',
    {
      config: org('fee_policy.list'),
      schema: {
        summary: 'List fee policies',
        querystring: policyListQuery,
        response: { 200: listEnvelope(feePolicySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listPolicies(db, callerCompany(request), q);
      return { data: rows.map(toPolicyView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/pricing/fee-policies/:id',
    {
      config: org('fee_policy.view'),
      schema: { summary: 'Get a fee policy', params: idParam, response: { 200: feePolicySchema } },
    },
    async (request) => toPolicyView(await getPolicy(db, callerCompany(request), request.params.id)),
  );

  r.put(
    '/v1/pricing/fee-policies/:id',
    {
      config: org('fee_policy.edit'),
      schema: {
        summary: 'Replace a fee policy',
        params: idParam,
        body: replacePolicyBody,
        response: { 200: feePolicySchema },
      },
    },
    async (request) =>
      toPolicyView(await replacePolicy(db, app.deps.clock, callerCompany(request), request.params.id, request.body)),
  );

  r.delete(
    '/v1/pricing/fee-policies/:id',
    {
      config: org('fee_policy.delete'),
      schema: { summary: 'Deactivate a fee policy', params: idParam, body: noBody, response: { 200: feePolicySchema } },
    },
    async (request) =>
      toPolicyView(await deactivatePolicy(db, app.deps.clock, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/pricing/fee-policies/:id/quote',
    {
      config: org('fee_policy.view'),
      schema: {
        summary: 'Quote the fee of a transaction',
        params: idParam,
        body: quoteBody,
        response: { 200: quoteSchema },
      },
    },
    async (request) => quotePolicy(db, callerCompany(request), request.params.id, request.body.transaction),
  );

  // money.md M1; a merchant key may quote for its own id (docs/decisions/fees.md).
  r.post(
    '/v1/merchants/:merchantId/fee-quote',
    {
      config: { permission: 'merchant.fee_quote.view' },
      schema: {
        summary: "Quote a merchant's fee and receivables",
        params: merchantParam,
        body: merchantQuoteBody,
        response: { 200: merchantQuoteSchema },
      },
    },
    async (request) =>
      quoteForMerchant(db, app.deps.clock, callerCompany(request), request.params.merchantId, request.body.transaction),
  );
}
