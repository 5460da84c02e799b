import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed, requestContext } from '../../http/route-helpers.js';
import { z } from 'zod';
import { idParams, uuid } from '../../http/schemas.js';
import { and, eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/index.js';
import { getAccount, deposit, openAccount } from './accounts.service.js';
import { accountsInReach, listAccounts, listTransfers, transfersInReach } from './banking.repo.js';
import { TRANSFER_STATUSES } from './banking.rules.js';
import {
  BANK_ACCOUNT_STATUSES,
  bankAccountSchema,
  createTransferBody,
  depositBody,
  internalTransferSchema,
  openAccountBody,
  toBankAccountView,
  toTransferView,
  transferStatusBody,
} from './banking.schemas.js';
import { TransactionBatcher } from '../../db/batcher.js';
import { transferDeps as transferDepsOf } from './banking.context.js';
import { applyStatusReport, createTransfer, getTransfer } from './transfers.service.js';
import balanceRoutes from './balances.routes.js';
import { createTransfersHandler } from './transfer-create.js';
import { recordProviderIds } from './transfer-submission.js';

const idParam = idParams('id');
const accountListQuery = listQuery({
  statuses: BANK_ACCOUNT_STATUSES,
  extra: {
    provider: z
      .string()
      .min(1)
      .max(32)
      .transform((v) => v.toUpperCase())
      .optional()
      .describe('A provider account name, any case'),
    company_id: uuid().optional(),
  },
});
const sandbox = { auth: 'platform' as const, sandboxOnly: true };

/** Bank accounts, internal transfers and their sandbox controls (product.md §7, §12). */
export default async function bankingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const { providers } = app.deps;

  // Transfers a crashed process left behind, and the sandbox autopilot, are durable jobs (banking.jobs.ts).
  // Creates from one origin account are grouped into one transaction per batch (one batcher per app).
  const baseDeps = transferDepsOf(app.deps);
  const transferDeps = {
    ...baseDeps,
    batcher: new TransactionBatcher(db, createTransfersHandler(baseDeps)),
    recorder: new TransactionBatcher(db, recordProviderIds, { mode: 'statement', gather: true }),
  };

  r.post(
    '/v1/banking/bank-accounts',
    {
      config: { permission: 'banking.create' },
      schema: {
        summary: 'Open a bank account',
        body: openAccountBody,
        response: { 200: bankAccountSchema, 201: bankAccountSchema },
      },
    },
    async (request, reply) => {
      const opened = await openAccount(
        db,
        providers,
        app.deps.clock,
        callerCompany(request),
        request.body,
        app.deps.config.recovery.requestLeaseMs,
      );
      createdOrReplayed(reply, opened.replayed);
      return toBankAccountView(opened.row);
    },
  );

  r.get(
    '/v1/banking/bank-accounts',
    {
      config: { permission: 'banking.list' },
      schema: {
        summary: 'List bank accounts',
        querystring: accountListQuery,
        response: { 200: listEnvelope(bankAccountSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = and(
        accountsInReach(callerCompany(request)),
        ...(q.provider ? [eq(bankAccounts.provider, q.provider)] : []),
        ...(q.company_id ? [eq(bankAccounts.companyId, q.company_id)] : []),
      )!;
      const { rows, total } = await listAccounts(db, scope, q);
      return { data: rows.map(toBankAccountView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/banking/bank-accounts/:id',
    {
      config: { permission: 'banking.view' },
      schema: { summary: 'Get a bank account', params: idParam, response: { 200: bankAccountSchema } },
    },
    async (request) => toBankAccountView(await getAccount(db, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/banking/internal-transfers',
    {
      config: { permission: 'banking.create', organizationOnly: true },
      schema: {
        summary: 'Create an internal transfer',
        body: createTransferBody,
        response: { 200: internalTransferSchema, 201: internalTransferSchema },
      },
    },
    async (request, reply) => {
      const created = await createTransfer(transferDeps, requestContext(request), callerCompany(request), request.body);
      createdOrReplayed(reply, created.replayed);
      return toTransferView(created.row);
    },
  );

  r.get(
    '/v1/banking/internal-transfers',
    {
      config: { permission: 'banking.list' },
      schema: {
        summary: 'List internal transfers',
        querystring: listQuery({ statuses: TRANSFER_STATUSES, amount: true }),
        response: { 200: listEnvelope(internalTransferSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listTransfers(db, transfersInReach(callerCompany(request)), q);
      return { data: rows.map(toTransferView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/banking/internal-transfers/:id',
    {
      config: { permission: 'banking.view' },
      schema: { summary: 'Get an internal transfer', params: idParam, response: { 200: internalTransferSchema } },
    },
    async (request) => toTransferView(await getTransfer(db, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/platform/sandbox/bank-accounts/:id/deposits',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: deposit into a bank account',
        params: idParam,
        body: depositBody,
        response: { 200: bankAccountSchema },
      },
    },
    async (request) =>
      toBankAccountView(await deposit(db, app.deps.clock, request.params.id, request.body.amount, request.id)),
  );

  r.post(
    '/v1/platform/sandbox/internal-transfers/:id/status',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: report an internal transfer status as its provider',
        params: idParam,
        body: transferStatusBody,
        response: { 200: internalTransferSchema },
      },
    },
    async (request) => {
      const { status, error_message } = request.body;
      return toTransferView(
        await applyStatusReport(transferDeps, request.id, {
          transferId: request.params.id,
          status,
          errorMessage: error_message,
        }),
      );
    },
  );

  await balanceRoutes(app);
}
