import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { biometricVerifications, onboardingDocuments } from '../../db/schema/index.js';
import { callerCompany } from '../../http/route-helpers.js';
import { notFound } from '../../kernel/errors.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdOrReplayed } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import { reviewBiometric } from './biometrics.service.js';
import { reviewDocument } from './documents.service.js';
import { baseUrlOf, engineContext, onboardingDeps } from './onboarding.context.js';
import {
  biometricReviewBody,
  biometricSchema,
  documentReviewBody,
  documentSchema,
  providerReviewBody,
  refuseAnswerBody,
  requirementSchema,
  staffRequirementBody,
  waiveBody,
} from './onboarding.schemas.js';
import { toBiometricView, toDocumentView } from './onboarding.views.js';
import { addRequirements, refuseLatestAnswer, waiveRequirement } from './requirements.service.js';

const staff = { auth: 'platform' as const };
const sandbox = { auth: 'platform' as const, sandboxOnly: true };
/** Issue 27 (item 6): the organization approves its own documents and captures with its key (sandbox only). */
const selfService = (permission: string) => ({ permission, organizationOnly: true, sandboxOnly: true });

/** Staff rows and waivers (product.md §4) and the onboarding sandbox controls (product.md §12). */
export default async function onboardingPlatformRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const od = onboardingDeps(app.deps);

  r.post(
    '/v1/platform/companies/:companyId/onboarding-requirements',
    {
      config: staff,
      schema: {
        summary: 'Add a STAFF requirement to a company',
        params: idParams('companyId'),
        body: staffRequirementBody,
        response: { 200: requirementSchema, 201: requirementSchema },
      },
    },
    async (request, reply) => {
      const { request_id, ...input } = request.body;
      const { views, replayed } = await addRequirements(
        db,
        engineContext(app.deps, request),
        request.params.companyId,
        'STAFF',
        input.provider,
        [input],
        request_id,
      );
      createdOrReplayed(reply, replayed);
      return views[0];
    },
  );

  r.post(
    '/v1/platform/onboarding-requirements/:id/waive',
    {
      config: staff,
      schema: {
        summary: 'Waive a requirement (stands whatever evidence arrives)',
        params: idParams('id'),
        body: waiveBody,
        response: { 200: requirementSchema },
      },
    },
    async (request) =>
      waiveRequirement(db, engineContext(app.deps, request), request.params.id, request.body?.reason ?? null),
  );

  /** An organization's key reaches only its own rows (another tenant's id answers 404, as an unknown one). */
  const assertOwn = async (
    request: FastifyRequest,
    table: typeof onboardingDocuments | typeof biometricVerifications,
    id: string,
    what: string,
  ) => {
    if (request.principal.kind === 'platform') return;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), ownedRowsInReach(callerCompany(request), table)))
      .limit(1);
    if (!row) throw notFound(what);
  };
  const reviewDocumentHandler = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof documentReviewBody> }>,
  ) => {
    await assertOwn(request, onboardingDocuments, request.params.id, 'Onboarding document');
    const document = await reviewDocument(
      db,
      engineContext(app.deps, request),
      request.params.id,
      request.body.decision,
      request.body.reason ?? null,
    );
    return toDocumentView(document, od.signer, baseUrlOf(app.deps, request));
  };
  const reviewBiometricHandler = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof biometricReviewBody> }>,
  ) => {
    await assertOwn(request, biometricVerifications, request.params.id, 'Biometric verification');
    return toBiometricView(
      await reviewBiometric(db, engineContext(app.deps, request), request.params.id, request.body.decision),
    );
  };
  const documentReview = { params: idParams('id'), body: documentReviewBody, response: { 200: documentSchema } };
  const biometricReview = { params: idParams('id'), body: biometricReviewBody, response: { 200: biometricSchema } };

  r.post(
    '/v1/platform/sandbox/onboarding-documents/:id/review',
    {
      config: sandbox,
      schema: { summary: 'Sandbox: the provider approves or refuses a document', ...documentReview },
    },
    reviewDocumentHandler,
  );

  r.post(
    '/v1/sandbox/onboarding-documents/:id/review',
    {
      config: selfService('sandbox.onboarding-document.review'),
      schema: {
        summary: "Sandbox: approve or refuse one of the organization's documents, as the provider would",
        tags: ['sandbox'],
        ...documentReview,
      },
    },
    reviewDocumentHandler,
  );

  r.post(
    '/v1/platform/sandbox/biometric-verifications/:id/review',
    {
      config: sandbox,
      schema: { summary: 'Sandbox: the provider approves or rejects a biometric verification', ...biometricReview },
    },
    reviewBiometricHandler,
  );

  r.post(
    '/v1/sandbox/biometric-verifications/:id/review',
    {
      config: selfService('sandbox.biometric-verification.review'),
      schema: {
        summary: "Sandbox: approve or reject one of the organization's biometric captures, as the provider would",
        tags: ['sandbox'],
        ...biometricReview,
      },
    },
    reviewBiometricHandler,
  );

  r.post(
    '/v1/platform/sandbox/onboarding-requirements/:id/refuse-answer',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: the provider refuses the latest answer',
        params: idParams('id'),
        body: refuseAnswerBody,
        response: { 200: requirementSchema },
      },
    },
    async (request) =>
      refuseLatestAnswer(db, engineContext(app.deps, request), request.params.id, request.body?.reason ?? null),
  );

  r.post(
    '/v1/platform/sandbox/companies/:companyId/provider-review',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: a provider rejection review adds PROVIDER_REQUEST rows',
        params: idParams('companyId'),
        body: providerReviewBody,
        response: { 201: z.object({ data: z.array(requirementSchema) }) },
      },
    },
    async (request, reply) => {
      const { views } = await addRequirements(
        db,
        engineContext(app.deps, request),
        request.params.companyId,
        'PROVIDER_REQUEST',
        request.body.provider,
        request.body.requests,
      );
      reply.code(201);
      return { data: views };
    },
  );
}
