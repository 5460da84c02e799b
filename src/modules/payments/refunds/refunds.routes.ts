import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany, createdOrReplayed, requestContext } from '../../../http/route-helpers.js';
import { emptyBody, idParams } from '../../../http/schemas.js';
import { operationDeps } from '../capture-cancel/operations.context.js';
import { cancelTransaction, captureTransaction } from '../capture-cancel/operations.service.js';
import { createRefund } from './refunds.provider.js';
import { captureBody, createRefundBody, refundListSchema, refundSchema, toRefundView } from './refunds.schemas.js';
import { getRefund, listRefunds } from './refunds.service.js';
import { toTransactionView, transactionSchema } from '../shared/transactions.view.js';

const idParam = idParams('id');

/** payments.md P5: capture, cancel and refunds of a transaction (standard rate pool). */
export default async function refundsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = operationDeps(app.deps);

  r.post(
    '/v1/transactions/:id/capture',
    {
      config: { permission: 'transaction.capture' },
      schema: {
        summary: 'Capture an authorized card transaction (all, or part of it: the rest is released)',
        params: idParam,
        body: captureBody,
        response: { 200: transactionSchema },
      },
    },
    async (request) =>
      toTransactionView(
        await captureTransaction(deps, callerCompany(request), request.params.id, request.body?.amount),
      ),
  );

  r.post(
    '/v1/transactions/:id/cancel',
    {
      config: { permission: 'transaction.cancel' },
      schema: {
        summary: 'Cancel an authorized card transaction (void) or a PIX waiting for payment',
        params: idParam,
        body: emptyBody,
        response: { 200: transactionSchema },
      },
    },
    async (request) => toTransactionView(await cancelTransaction(deps, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/transactions/:id/refunds',
    {
      config: { permission: 'transaction.refund' },
      schema: {
        summary: 'Refund a transaction (created PENDING; settled by the provider)',
        params: idParam,
        body: createRefundBody,
        response: { 200: refundSchema, 201: refundSchema },
      },
    },
    async (request, reply) => {
      const created = await createRefund(
        deps,
        requestContext(request),
        callerCompany(request),
        request.params.id,
        request.body,
      );
      createdOrReplayed(reply, created.replayed);
      return toRefundView(created.row);
    },
  );

  r.get(
    '/v1/transactions/:id/refunds',
    {
      config: { permission: 'transaction.view' },
      schema: {
        summary: "A transaction's refunds, oldest first",
        params: idParam,
        response: { 200: refundListSchema },
      },
    },
    async (request) => ({
      data: (await listRefunds(deps.db, callerCompany(request), request.params.id)).map(toRefundView),
    }),
  );

  r.get(
    '/v1/refunds/:id',
    {
      config: { permission: 'transaction.view' },
      schema: { summary: 'Get a refund', params: idParam, response: { 200: refundSchema } },
    },
    async (request) => toRefundView(await getRefund(deps.db, callerCompany(request), request.params.id)),
  );
}
