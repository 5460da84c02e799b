import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { companies } from '../../db/schema/index.js';
import { notFound } from '../../kernel/errors.js';
import { PLATFORM_SCOPE } from '../../kernel/idempotency.js';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { createdOrReplayed, requestContext } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { findCompany, isOrganization, listCompanies, updateCompany } from '../companies/companies.repo.js';
import {
  COMPANY_STATUSES,
  companyStatusBody,
  createOrganizationBody,
  merchantSchema,
  organizationCreatedSchema,
  organizationSchema,
  patchOrganizationBody,
} from '../companies/companies.schemas.js';
import { createCompany, setCompanyStatus } from '../companies/companies.service.js';
import { toMerchantView, toOrganizationView } from '../companies/companies.views.js';
import { webhookEndpointBody, webhookEndpointSchema } from './platform.schemas.js';
import { deleteWebhookEndpoint, putWebhookEndpoint } from './webhook-endpoints.service.js';

const platform = { auth: 'platform' as const };
const orgParams = idParams('id');

/** The platform staff API (product.md §4): only the platform staff key reaches it. */
export default async function platformRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/platform/organizations',
    {
      config: platform,
      schema: {
        summary: 'Create an organization',
        body: createOrganizationBody,
        response: { 200: organizationSchema, 201: organizationCreatedSchema },
      },
    },
    async (request, reply) => {
      const { kyc_enabled, share_documents, company_onboarding_enabled, ...input } = request.body;
      const created = await createCompany(db, app.deps.clock, requestContext(request), {
        kind: 'ORGANIZATION',
        input,
        settings: {
          kycEnabled: kyc_enabled,
          shareDocuments: share_documents,
          companyOnboardingEnabled: company_onboarding_enabled,
        },
        idempotencyCompanyId: PLATFORM_SCOPE,
      });
      createdOrReplayed(reply, created.replayed);
      return { ...toOrganizationView(created.company), ...(created.apiKey ? { api_key: created.apiKey } : {}) };
    },
  );

  r.get(
    '/v1/platform/organizations',
    {
      config: platform,
      schema: {
        summary: 'List organizations',
        querystring: listQuery({ sort: ['name'], statuses: COMPANY_STATUSES }),
        response: { 200: listEnvelope(organizationSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listCompanies(db, eq(companies.kind, 'ORGANIZATION'), q);
      return { data: rows.map(toOrganizationView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/platform/organizations/:id',
    {
      config: platform,
      schema: { summary: 'Get an organization', params: orgParams, response: { 200: organizationSchema } },
    },
    async (request) => {
      const row = await findCompany(db, isOrganization(request.params.id));
      if (!row) throw notFound('Organization');
      return toOrganizationView(row);
    },
  );

  r.patch(
    '/v1/platform/organizations/:id',
    {
      config: platform,
      schema: {
        summary: 'Change organization settings',
        params: orgParams,
        body: patchOrganizationBody,
        response: { 200: organizationSchema },
      },
    },
    async (request) => {
      const row = await findCompany(db, isOrganization(request.params.id));
      if (!row) throw notFound('Organization');
      const b = request.body;
      const updated = await updateCompany(
        db,
        row.id,
        {
          ...(b.kyc_enabled !== undefined && { kycEnabled: b.kyc_enabled }),
          ...(b.share_documents !== undefined && { shareDocuments: b.share_documents }),
          ...(b.company_onboarding_enabled !== undefined && { companyOnboardingEnabled: b.company_onboarding_enabled }),
        },
        app.deps.clock.now(row.id),
      );
      return toOrganizationView(updated);
    },
  );

  r.patch(
    '/v1/platform/companies/:companyId',
    {
      config: platform,
      schema: {
        summary: 'Change a company status',
        params: idParams('companyId'),
        body: companyStatusBody,
        response: { 200: merchantSchema },
      },
    },
    async (request) => {
      const updated = await setCompanyStatus(
        db,
        app.deps.clock,
        requestContext(request),
        request.params.companyId,
        request.body.status,
      );
      // Every instance's key cache forgets the company's keys and its merchants' (BLOCKED answers 403 at once, §14).
      await app.deps.keyRevocations?.publish([updated.id]);
      return toMerchantView(updated);
    },
  );

  r.put(
    '/v1/platform/organizations/:id/webhook-endpoint',
    {
      config: platform,
      schema: {
        summary: 'Set the webhook endpoint',
        params: orgParams,
        body: webhookEndpointBody,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) =>
      putWebhookEndpoint(
        db,
        app.deps.clock,
        app.deps.webhookSecretBox,
        request.params.id,
        request.body.url,
        app.deps.config.env,
      ),
  );

  r.delete(
    '/v1/platform/organizations/:id/webhook-endpoint',
    {
      config: platform,
      schema: {
        summary: 'Remove the webhook endpoint (deliveries stop)',
        params: orgParams,
        body: emptyBody,
        response: { 200: z.object({ deleted: z.boolean() }) },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(db, app.deps.clock, request.params.id);
      return { deleted: true };
    },
  );
}
