import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, invalidField, notFound } from '../../kernel/errors.js';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import { createBiometric } from './biometrics.service.js';
import { documentForDownload, listDocuments, uploadDocument } from './documents.service.js';
import { baseUrlOf, engineContext, onboardingDeps } from './onboarding.context.js';
import {
  answerBody,
  biometricBody,
  biometricSchema,
  DOCUMENT_STATUSES,
  documentSchema,
  downloadQuery,
  ONBOARDING_PROVIDERS,
  requirementListSchema,
  requirementSchema,
  requirementsQuery,
  UPLOAD_BODY_LIMIT,
  uploadDocumentBody,
} from './onboarding.schemas.js';
import { toBiometricView, toDocumentView } from './onboarding.views.js';
import { answerRequirement, readRequirements } from './requirements.service.js';
import hostedPageRoutes from './hosted-page.routes.js';

/** Merchant-facing onboarding: requirements, documents, biometrics, answers, and the signed download. */
export default async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const od = onboardingDeps(app.deps);
  // The hosted page and its forms, in their own scope (form body parsers, HTML errors).
  await app.register(hostedPageRoutes);

  r.get(
    '/v1/merchants/:merchantId/onboarding-requirements',
    {
      config: { permission: 'merchant.onboarding-requirement.list' },
      schema: {
        summary: 'Onboarding requirements of a company for a provider (oldest first)',
        params: idParams('merchantId'),
        querystring: requirementsQuery,
        response: { 200: requirementListSchema },
      },
    },
    async (request) => {
      const { provider } = request.query;
      if (!od.offersOnboarding(provider)) {
        throw invalidField(
          'provider',
          'INVALID_ENUM',
          `provider must offer company onboarding: one of ${ONBOARDING_PROVIDERS.join(', ')}`,
          provider,
          { allowed: ONBOARDING_PROVIDERS },
        );
      }
      const data = await readRequirements(
        db,
        engineContext(app.deps, request),
        callerCompany(request),
        request.params.merchantId,
        provider,
      );
      return { data };
    },
  );

  r.post(
    '/v1/merchants/:merchantId/onboarding-requirements/:requirementId/answers',
    {
      config: { permission: 'merchant.onboarding-requirement.answer' },
      schema: {
        summary: 'Answer an INFORMATION or EVIDENCE_PACKAGE requirement',
        params: idParams('merchantId', 'requirementId'),
        body: answerBody,
        response: { 200: requirementSchema },
      },
    },
    async (request, reply) => {
      const { view, replayed } = await answerRequirement(
        db,
        engineContext(app.deps, request),
        callerCompany(request),
        request.params.merchantId,
        request.params.requirementId,
        request.body,
      );
      // An answer is an action (200 either way); a replay still says so (product.md §15).
      if (replayed) reply.header('idempotent-replayed', 'true');
      return view;
    },
  );

  r.post(
    '/v1/merchants/:merchantId/onboarding-documents',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { permission: 'merchant.onboarding-document.create' },
      schema: {
        summary: 'Upload an onboarding document (JSON, base64 content)',
        params: idParams('merchantId'),
        body: uploadDocumentBody,
        response: { 200: documentSchema, 201: documentSchema },
      },
    },
    async (request, reply) => {
      const ctx = engineContext(app.deps, request);
      const { document, replayed } = await uploadDocument(
        db,
        od.fileStore,
        ctx,
        callerCompany(request),
        request.params.merchantId,
        request.body,
      );
      createdOrReplayed(reply, replayed);
      return toDocumentView(document, od.signer, ctx.baseUrl);
    },
  );

  r.get(
    '/v1/merchants/:merchantId/onboarding-documents',
    {
      config: { permission: 'merchant.onboarding-document.list' },
      schema: {
        summary: 'List onboarding documents',
        params: idParams('merchantId'),
        querystring: listQuery({ statuses: DOCUMENT_STATUSES }),
        response: { 200: listEnvelope(documentSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listDocuments(db, callerCompany(request), request.params.merchantId, q);
      const base = baseUrlOf(app.deps, request);
      return {
        data: rows.map((row) => toDocumentView(row, od.signer, base)),
        pagination: paginate(q.page, q.limit, total),
      };
    },
  );

  r.post(
    '/v1/merchants/:merchantId/biometric-verifications',
    {
      config: { permission: 'merchant.biometric-verification.create' },
      schema: {
        summary: 'Start a biometric verification of a subject',
        params: idParams('merchantId'),
        body: biometricBody,
        response: { 200: biometricSchema, 201: biometricSchema },
      },
    },
    async (request, reply) => {
      const ctx = engineContext(app.deps, request);
      const { row, replayed } = await createBiometric(
        db,
        ctx,
        callerCompany(request),
        request.params.merchantId,
        request.body,
      );
      createdOrReplayed(reply, replayed);
      return toBiometricView(row);
    },
  );

  // Served without an API key: the HMAC signature over (id, expiry) is the credential.
  r.get(
    '/v1/onboarding-documents/:documentId/download',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Download a document through its signed link',
        params: idParams('documentId'),
        querystring: downloadQuery,
        // The bytes as stored (Fastify sends Buffers as they are; the schema documents the types).
        response: {
          200: {
            description: 'The document file',
            content: Object.fromEntries(
              ['application/pdf', 'image/jpeg', 'image/png'].map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      if (!expires || !signature || !od.signer.verify(request.params.documentId, expires, signature)) {
        throw forbidden('The download link is invalid or has expired');
      }
      const document = await documentForDownload(db, request.params.documentId);
      const bytes = document ? await od.fileStore.get(document.storageKey) : null;
      if (!document || !bytes) throw notFound('Onboarding document');
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${document.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes as unknown as string); // raw bytes; the typed schema only documents them
    },
  );
}
