import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../../kernel/errors.js';
import { callerCompany, requestContext } from '../../../http/route-helpers.js';
import { rowInReach } from '../../../kernel/tenancy.js';
import type { FastifyRequest } from 'fastify';
import { emptyBody, idParams } from '../../../http/schemas.js';
import { operationDeps } from '../capture-cancel/operations.context.js';
import { expireAuthorization, expirePix, payPix, settleProcessing } from '../capture-cancel/operations.service.js';
import { submitRefund } from '../refunds/refunds.provider.js';
import { medBody, refundSchema, settleRefundBody, toRefundView } from '../refunds/refunds.schemas.js';
import { recordRefund, refundFailure, settleRefund } from '../refunds/refunds.service.js';
import { findTransactionRow } from '../shared/transactions.repo.js';
import { REFUSAL_CODES } from '../shared/transactions.rules.js';
import { toTransactionView, transactionSchema } from '../shared/transactions.view.js';
import { findRefund } from '../refunds/refunds.repo.js';

const sandbox = { auth: 'platform' as const, sandboxOnly: true };
/**
 * Issue 27 (item 6): the same controls an organization drives itself with its own key, on its own resources
 * (`/v1/sandbox/…`, sandbox only: 404 in production, as every sandbox route). Staff keep theirs.
 */
const selfService = (permission: string) => ({ permission, organizationOnly: true, sandboxOnly: true });
const idParam = idParams('id');

const pixPaymentBody = z
  .strictObject({
    payer: z
      .strictObject({
        name: z.string().min(1).max(140).optional(),
        document_number: z
          .string()
          .regex(/^\d{11}$|^\d{14}$/)
          .optional()
          .meta({ description: 'CPF (11 digits) or CNPJ (14); shown masked' }),
      })
      .optional(),
  })
  .nullish();

const settleTransactionBody = z.strictObject({
  status: z.enum(['APPROVED', 'AUTHORIZED', 'REFUSED']),
  refusal_code: z.enum(REFUSAL_CODES).optional().meta({ description: 'Only with REFUSED; default CARD_DECLINED' }),
});

/** payments.md P9: the staff's sandbox controls over transactions and refunds (200 with the resource; an illegal move 409). */
export default async function sandboxPaymentControlRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = operationDeps(app.deps);
  /** Staff reach every transaction; an organization only its own (another tenant's id answers 404). */
  const transaction = async (request: FastifyRequest, id: string) => {
    const row = await findTransactionRow(deps.db, id);
    if (!row || !row.announced) throw notFound('Transaction');
    if (request.principal.kind !== 'platform' && !rowInReach(callerCompany(request), row))
      throw notFound('Transaction');
    return row;
  };
  const refund = async (request: FastifyRequest, id: string) => {
    const row = await findRefund(deps.db, id);
    if (!row || (request.principal.kind !== 'platform' && !rowInReach(callerCompany(request), row)))
      throw notFound('Refund');
    return row;
  };
  const payPixHandler = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof pixPaymentBody> }>,
  ) => {
    const row = await transaction(request, request.params.id);
    const payer = request.body?.payer;
    return toTransactionView(
      await payPix(
        deps,
        row.id,
        payer ? { name: payer.name ?? null, document_number: payer.document_number ?? null } : null,
      ),
    );
  };
  const settleRefundHandler = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof settleRefundBody> }>,
  ) => {
    const row = await refund(request, request.params.id);
    const { status, failure_code } = request.body;
    if (failure_code && status !== 'FAILED')
      throw badRequest('failure_code goes only with status FAILED', 'failure_code', failure_code);
    const failure = status === 'FAILED' ? refundFailure(failure_code ?? 'PROVIDER_DECLINED') : null;
    return toRefundView(await settleRefund(deps, requestContext(request).requestId, row.id, status, failure));
  };
  const pixPaymentSchema = { params: idParam, body: pixPaymentBody, response: { 200: transactionSchema } };
  const settleRefundSchema = { params: idParam, body: settleRefundBody, response: { 200: refundSchema } };

  r.post(
    '/v1/platform/sandbox/transactions/:id/pix-payment',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: a PIX is paid (WAITING_PAYMENT, EXPIRED or CANCELED -> APPROVED; late after expiry)',
        ...pixPaymentSchema,
      },
    },
    payPixHandler,
  );

  r.post(
    '/v1/sandbox/transactions/:id/pix-payment',
    {
      config: selfService('sandbox.transaction.pix-payment'),
      schema: {
        summary:
          "Sandbox: pay one of the organization's PIX (WAITING_PAYMENT, EXPIRED or CANCELED -> APPROVED; late after expiry)",
        tags: ['sandbox'],
        ...pixPaymentSchema,
      },
    },
    payPixHandler,
  );

  r.post(
    '/v1/platform/sandbox/transactions/:id/expire',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: WAITING_PAYMENT -> EXPIRED; AUTHORIZED -> CANCELED (AUTHORIZATION_EXPIRED)',
        params: idParam,
        body: emptyBody,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const row = await transaction(request, request.params.id);
      if (row.paymentMethod === 'PIX') return toTransactionView(await expirePix(deps, row.id));
      return toTransactionView(await expireAuthorization(deps, row.id));
    },
  );

  r.post(
    '/v1/platform/sandbox/transactions/:id/settle',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: a PROCESSING card transaction gets its outcome',
        params: idParam,
        body: settleTransactionBody,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const row = await transaction(request, request.params.id);
      const { status, refusal_code } = request.body;
      if (refusal_code && status !== 'REFUSED')
        throw badRequest('refusal_code goes only with status REFUSED', 'refusal_code', refusal_code);
      return toTransactionView(await settleProcessing(deps, row.id, status, refusal_code));
    },
  );

  r.post(
    '/v1/platform/sandbox/refunds/:id/settle',
    {
      config: sandbox,
      schema: { summary: 'Sandbox: settle a PENDING refund (SUCCEEDED or FAILED)', ...settleRefundSchema },
    },
    settleRefundHandler,
  );

  r.post(
    '/v1/sandbox/refunds/:id/settle',
    {
      config: selfService('sandbox.refund.settle'),
      schema: {
        summary: "Sandbox: settle one of the organization's PENDING refunds (SUCCEEDED or FAILED)",
        tags: ['sandbox'],
        ...settleRefundSchema,
      },
    },
    settleRefundHandler,
  );

  r.post(
    '/v1/platform/sandbox/transactions/:id/med',
    {
      config: sandbox,
      schema: {
        summary: "Sandbox: the payer's bank asks for a PIX return (MED): a PENDING refund with origin MED",
        params: idParam,
        body: medBody,
        response: { 201: refundSchema },
      },
    },
    async (request, reply) => {
      const row = await transaction(request, request.params.id);
      if (row.paymentMethod !== 'PIX')
        throw conflict('A MED return applies to PIX transactions only', 'payment_method', row.paymentMethod);
      const created = await recordRefund(deps, requestContext(request).requestId, row, {
        amount: request.body.amount,
        reason: 'OTHER',
        description: null,
        origin: 'MED',
        medNature: request.body.nature,
      });
      await submitRefund(deps, created.row.id);
      reply.code(201);
      return toRefundView((await findRefund(deps.db, created.row.id))!);
    },
  );
}
