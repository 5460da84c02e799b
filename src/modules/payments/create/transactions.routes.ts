import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope } from '../../../http/pagination.js';
import { readDatabase } from '../../../http/read-your-writes.js';
import { callerCompany, createdOrReplayed } from '../../../http/route-helpers.js';
import { idParams } from '../../../http/schemas.js';
import { transactionDeps } from '../shared/transactions.context.js';
import { createTransaction } from './transactions.create.js';
import {
  createTransactionBody,
  merchantTransactionListQuery,
  transactionListQuery,
} from '../shared/transactions.schemas.js';
import { getTransaction, listOfMerchants, listOwn } from '../shared/transactions.service.js';
import { saoPauloDate } from '../../../domain/business-calendar.js';
import { pixAmountDueQuery, pixAmountDueSchema, pixAmountDueView } from '../pix/pix-amount-due.js';
import { toTransactionView, transactionSchema } from '../shared/transactions.view.js';

const idParam = idParams('id');
const merchantParam = idParams('merchantId');
const created = { 200: transactionSchema, 201: transactionSchema };

/** Transactions (payments.md P1-P4): the two creates (high pool, also relayed by the PCI host) and the reads. */
export default async function transactionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = transactionDeps(app.deps);
  const { db } = deps;
  // A due-date PIX shows what is due on the organization clock's date (providers.md R3.4).
  const todayOf = (row: { organizationId: string }) => saoPauloDate(deps.clock.now(row.organizationId));

  r.post(
    '/v1/transactions',
    {
      config: { permission: 'transaction.create', ratePool: 'high' },
      schema: {
        summary: 'Create a transaction',
        description:
          "A card payment (credit, debit with 3DS) or a PIX charge for the caller's company (payments.md P3). A decline is a REFUSED transaction (201), not an error.",
        body: createTransactionBody,
        response: created,
      },
    },
    async (request, reply) => {
      const { row, replayed } = await createTransaction(
        deps,
        callerCompany(request),
        undefined,
        request.body,
        request.id,
      );
      createdOrReplayed(reply, replayed);
      return toTransactionView(row, todayOf(row));
    },
  );

  r.post(
    '/v1/merchants/:merchantId/transactions',
    {
      config: { permission: 'merchant.transaction.create', ratePool: 'high' },
      schema: {
        summary: 'Create a transaction for a merchant',
        params: merchantParam,
        body: createTransactionBody,
        response: created,
      },
    },
    async (request, reply) => {
      const { row, replayed } = await createTransaction(
        deps,
        callerCompany(request),
        request.params.merchantId,
        request.body,
        request.id,
      );
      createdOrReplayed(reply, replayed);
      return toTransactionView(row, todayOf(row));
    },
  );

  r.get(
    '/v1/transactions',
    {
      config: { permission: 'transaction.list' },
      schema: {
        summary: "List the company's transactions",
        querystring: transactionListQuery,
        response: { 200: listEnvelope(transactionSchema) },
      },
    },
    async (request) => listOwn(await readDatabase(app.deps, request), callerCompany(request), request.query),
  );

  r.get(
    '/v1/merchants/transactions',
    {
      config: { permission: 'merchant.transaction.list', organizationOnly: true },
      schema: {
        summary: "List the merchants' transactions",
        querystring: merchantTransactionListQuery,
        response: { 200: listEnvelope(transactionSchema) },
      },
    },
    async (request) => listOfMerchants(await readDatabase(app.deps, request), callerCompany(request), request.query),
  );

  r.get(
    '/v1/transactions/:id/pix-amount-due',
    {
      config: { permission: 'transaction.view' },
      schema: {
        summary: 'Amount due on a date of a due-date PIX',
        description:
          'A due-date PIX: the original amount, discount, fine and interest on `date` (São Paulo; default today on the organization clock), computed on business days as every API Pix PSP computes them. `409` reason `NOT_A_DUE_DATE_PIX` for any other transaction.',
        params: idParam,
        querystring: pixAmountDueQuery,
        response: { 200: pixAmountDueSchema },
      },
    },
    async (request) => {
      const row = await getTransaction(db, callerCompany(request), request.params.id);
      return pixAmountDueView(row, request.query.date ?? todayOf(row));
    },
  );

  r.get(
    '/v1/transactions/:id',
    {
      config: { permission: 'transaction.view' },
      schema: { summary: 'Get a transaction', params: idParam, response: { 200: transactionSchema } },
    },
    async (request) => {
      const row = await getTransaction(db, callerCompany(request), request.params.id);
      return toTransactionView(row, todayOf(row));
    },
  );
}
