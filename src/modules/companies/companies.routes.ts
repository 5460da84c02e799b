import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import { notFound } from '../../kernel/errors.js';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed, requestContext } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import { findCompany, listCompanies } from './companies.repo.js';
import {
  COMPANY_STATUSES,
  createMerchantBody,
  merchantCreatedSchema,
  merchantSchema,
  myCompanySchema,
  patchMerchantBody,
  patchMyCompanyBody,
} from './companies.schemas.js';
import { createCompany, getMerchant, patchMerchant, patchMyCompany } from './companies.service.js';
import { toMerchantView, toMyCompanyView } from './companies.views.js';
import { listQuery } from '../../http/pagination.js';
import { and } from 'drizzle-orm';

const merchantListQuery = listQuery({ sort: ['name'], statuses: COMPANY_STATUSES });
const merchantParams = idParams('merchantId');

export default async function companiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/merchants',
    {
      config: { permission: 'merchant.company.create', organizationOnly: true },
      schema: {
        summary: 'Create a merchant',
        body: createMerchantBody,
        response: { 200: merchantSchema, 201: merchantCreatedSchema },
      },
    },
    async (request, reply) => {
      const principal = callerCompany(request);
      const created = await createCompany(db, app.deps.clock, requestContext(request), {
        kind: 'MERCHANT',
        organizationId: principal.organizationId,
        input: request.body,
        idempotencyCompanyId: principal.companyId,
      });
      createdOrReplayed(reply, created.replayed);
      return { ...toMerchantView(created.company), ...(created.apiKey ? { api_key: created.apiKey } : {}) };
    },
  );

  r.get(
    '/v1/merchants',
    {
      config: { permission: 'merchant.company.list', organizationOnly: true },
      schema: {
        summary: 'List merchants',
        querystring: merchantListQuery,
        response: { 200: listEnvelope(merchantSchema) },
      },
    },
    async (request) => {
      const principal = callerCompany(request);
      const q = request.query;
      const scope = and(eq(companies.organizationId, principal.organizationId), eq(companies.kind, 'MERCHANT'))!;
      const { rows, total } = await listCompanies(db, scope, q);
      return { data: rows.map(toMerchantView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/merchants/:merchantId',
    {
      config: { permission: 'merchant.company.view' },
      schema: { summary: 'Get a merchant', params: merchantParams, response: { 200: merchantSchema } },
    },
    async (request) => toMerchantView(await getMerchant(db, callerCompany(request), request.params.merchantId)),
  );

  r.patch(
    '/v1/merchants/:merchantId',
    {
      config: { permission: 'merchant.company.edit' },
      schema: {
        summary: 'Update a merchant',
        params: merchantParams,
        body: patchMerchantBody,
        response: { 200: merchantSchema },
      },
    },
    async (request) =>
      toMerchantView(
        await patchMerchant(db, app.deps.clock, callerCompany(request), request.params.merchantId, request.body),
      ),
  );

  r.get(
    '/v1/companies/me',
    {
      config: { permission: 'company.view' },
      schema: { summary: 'The authenticated company', response: { 200: myCompanySchema } },
    },
    async (request) => {
      const row = await findCompany(db, eq(companies.id, callerCompany(request).companyId));
      if (!row) throw notFound('Company');
      return toMyCompanyView(row);
    },
  );

  // money.md M1: the organization sets its default fee policy here (a merchant key answers 403).
  r.patch(
    '/v1/companies/me',
    {
      config: { permission: 'company.edit', organizationOnly: true },
      schema: {
        summary: 'Update the authenticated organization',
        body: patchMyCompanyBody,
        response: { 200: myCompanySchema },
      },
    },
    async (request) => toMyCompanyView(await patchMyCompany(db, app.deps.clock, callerCompany(request), request.body)),
  );
}
