import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { idParams, uuid } from '../../http/schemas.js';
import { confirmAffiliation, listAllAffiliations, rejectAffiliation } from './affiliation-confirmation.js';
import { engineContext } from './onboarding.context.js';
import { AFFILIATION_STATUSES, affiliationSchema } from './onboarding.schemas.js';
import { toAffiliationView } from './onboarding.views.js';

const staff = { auth: 'platform' as const };
const staffListQuery = listQuery({
  statuses: AFFILIATION_STATUSES,
  extra: {
    provider: z
      .string()
      .max(500)
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean),
      )
      .optional(),
    company_id: uuid().optional(),
    organization_id: uuid().optional(),
  },
});
const confirmBody = z.strictObject({ merchant_reference: z.record(z.string(), z.unknown()) });
const rejectBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** providers.md R1.1 / R1.7: staff see every affiliation and confirm or reject those with real provider accounts. */
export default async function affiliationsPlatformRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const coreUrl = (host: string, protocol: string) =>
    `${app.deps.config.publicBaseUrl ?? `${protocol}://${host}`}/core`;

  r.get(
    '/v1/platform/affiliations',
    {
      config: staff,
      schema: {
        summary: 'List every affiliation',
        querystring: staffListQuery,
        response: { 200: listEnvelope(affiliationSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAllAffiliations(db, q);
      return { data: rows.map((row) => toAffiliationView(row)), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.post(
    '/v1/platform/affiliations/:id/confirm',
    {
      config: staff,
      schema: {
        summary: "Confirm an affiliation's merchant reference with its provider (ADYEN_CHECKOUT, PIX_API_BCB)",
        params: idParams('id'),
        body: confirmBody,
        response: { 200: affiliationSchema },
      },
    },
    async (request) => {
      const deps = { db, providers: app.deps.providers, coreUrl: coreUrl(request.host, request.protocol) };
      return toAffiliationView(
        await confirmAffiliation(
          deps,
          engineContext(app.deps, request),
          request.params.id,
          request.body.merchant_reference,
        ),
      );
    },
  );

  r.post(
    '/v1/platform/affiliations/:id/reject',
    {
      config: staff,
      schema: {
        summary: 'Reject an affiliation (BLOCKED)',
        params: idParams('id'),
        body: rejectBody,
        response: { 200: affiliationSchema },
      },
    },
    async (request) =>
      toAffiliationView(
        await rejectAffiliation(db, engineContext(app.deps, request), request.params.id, request.body.reason),
      ),
  );
}
