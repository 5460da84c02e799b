import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import {
  createAffiliation,
  getMerchantAffiliation,
  listAffiliations,
  listMerchantAffiliations,
} from './affiliations.service.js';
import { documentUnderAffiliation } from './documents.service.js';
import { engineContext, onboardingDeps, baseUrlOf, onboardingLinkOf } from './onboarding.context.js';
import { AFFILIATION_STATUSES, affiliationBody, affiliationSchema, documentSchema } from './onboarding.schemas.js';
import { toAffiliationView, toDocumentView } from './onboarding.views.js';

const affiliationListQuery = listQuery({ statuses: AFFILIATION_STATUSES });

/** Affiliations (product.md §6) and the document read under an affiliation (platform-api.md). */
export default async function affiliationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const od = onboardingDeps(app.deps);

  r.post(
    '/v1/merchants/:merchantId/affiliations',
    {
      config: { permission: 'merchant.affiliation.create' },
      schema: {
        summary: 'Affiliate a company with a provider',
        params: idParams('merchantId'),
        body: affiliationBody,
        response: { 200: affiliationSchema, 201: affiliationSchema },
      },
    },
    async (request, reply) => {
      const { row, replayed } = await createAffiliation(
        db,
        engineContext(app.deps, request),
        callerCompany(request),
        request.params.merchantId,
        request.body,
      );
      createdOrReplayed(reply, replayed);
      return toAffiliationView(row, onboardingLinkOf(app.deps, request));
    },
  );

  r.get(
    '/v1/merchants/:merchantId/affiliations',
    {
      config: { permission: 'merchant.affiliation.list' },
      schema: {
        summary: "List a company's affiliations",
        params: idParams('merchantId'),
        querystring: affiliationListQuery,
        response: { 200: listEnvelope(affiliationSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const link = onboardingLinkOf(app.deps, request);
      const { rows, total } = await listMerchantAffiliations(db, callerCompany(request), request.params.merchantId, q);
      return { data: rows.map((row) => toAffiliationView(row, link)), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/merchants/:merchantId/affiliations/:affiliationId',
    {
      config: { permission: 'merchant.affiliation.view' },
      schema: {
        summary: 'Get an affiliation',
        params: idParams('merchantId', 'affiliationId'),
        response: { 200: affiliationSchema },
      },
    },
    async (request) =>
      toAffiliationView(
        await getMerchantAffiliation(
          db,
          callerCompany(request),
          request.params.merchantId,
          request.params.affiliationId,
        ),
        onboardingLinkOf(app.deps, request),
      ),
  );

  r.get(
    '/v1/merchants/:merchantId/affiliations/:affiliationId/onboarding-documents/:documentId',
    {
      config: { permission: 'merchant.affiliation.view' },
      schema: {
        summary: 'Read an onboarding document with a signed download URL (valid 1 hour)',
        params: idParams('merchantId', 'affiliationId', 'documentId'),
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      const { merchantId, affiliationId, documentId } = request.params;
      const document = await documentUnderAffiliation(
        db,
        callerCompany(request),
        merchantId,
        affiliationId,
        documentId,
      );
      return toDocumentView(document, od.signer, baseUrlOf(app.deps, request));
    },
  );

  r.get(
    '/v1/affiliations',
    {
      config: { permission: 'affiliation.list' },
      schema: {
        summary: 'List affiliations within reach',
        querystring: affiliationListQuery,
        response: { 200: listEnvelope(affiliationSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const link = onboardingLinkOf(app.deps, request);
      const { rows, total } = await listAffiliations(db, callerCompany(request), q);
      return { data: rows.map((row) => toAffiliationView(row, link)), pagination: paginate(q.page, q.limit, total) };
    },
  );
}
