import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { onboardingDeps } from '../onboarding/onboarding.context.js';
import { UPLOAD_BODY_LIMIT } from '../onboarding/onboarding.schemas.js';
import { putEvidence, submitEvidence, uploadDisputeDocument } from './disputes.evidence.js';
import {
  disputeDocumentBody,
  disputeDocumentSchema,
  disputeListQuery,
  disputeSchema,
  evidenceBody,
  toDisputeDocumentView,
  toDisputeView,
} from './disputes.schemas.js';
import { acceptDispute, getDispute, listDisputes } from './disputes.service.js';

const idParam = idParams('id');

/** money.md M6: disputes in the caller's reach (an organization: its own and its merchants'; a merchant: its own). */
export default async function disputesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db.db, clock: app.deps.clock };

  r.get(
    '/v1/disputes',
    {
      config: { permission: 'dispute.list' },
      schema: {
        summary: 'List disputes',
        querystring: disputeListQuery,
        response: { 200: listEnvelope(disputeSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listDisputes(deps.db, callerCompany(request), q);
      return { data: rows.map(toDisputeView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/disputes/:id',
    {
      config: { permission: 'dispute.view' },
      schema: { summary: 'Get a dispute', params: idParam, response: { 200: disputeSchema } },
    },
    async (request) => toDisputeView(await getDispute(deps.db, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/disputes/:id/documents',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { permission: 'dispute.document.create' },
      schema: {
        summary: 'Upload an evidence document (JSON, base64 content), while the dispute is OPEN',
        params: idParam,
        body: disputeDocumentBody,
        response: { 200: disputeDocumentSchema, 201: disputeDocumentSchema },
      },
    },
    async (request, reply) => {
      const { row, replayed } = await uploadDisputeDocument(
        deps,
        onboardingDeps(app.deps).fileStore,
        callerCompany(request),
        request.params.id,
        request.body,
      );
      createdOrReplayed(reply, replayed);
      return toDisputeDocumentView(row);
    },
  );

  r.put(
    '/v1/disputes/:id/evidence',
    {
      config: { permission: 'dispute.evidence.edit' },
      schema: {
        summary: "Replace the evidence draft (text and this dispute's document ids) while OPEN",
        params: idParam,
        body: evidenceBody,
        response: { 200: disputeSchema },
      },
    },
    async (request) => toDisputeView(await putEvidence(deps, callerCompany(request), request.params.id, request.body)),
  );

  r.post(
    '/v1/disputes/:id/submit',
    {
      config: { permission: 'dispute.submit' },
      schema: {
        summary: 'Submit the evidence (OPEN -> UNDER_REVIEW); needs a text or a document, before evidence_due_by',
        params: idParam,
        body: emptyBody,
        response: { 200: disputeSchema },
      },
    },
    async (request) => toDisputeView(await submitEvidence(deps, callerCompany(request), request.params.id, request.id)),
  );

  r.post(
    '/v1/disputes/:id/accept',
    {
      config: { permission: 'dispute.accept' },
      schema: {
        summary: 'Accept the dispute (OPEN -> ACCEPTED): the held money is paid out',
        params: idParam,
        body: emptyBody,
        response: { 200: disputeSchema },
      },
    },
    async (request) => toDisputeView(await acceptDispute(deps, callerCompany(request), request.params.id, request.id)),
  );
}
