import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { cashouts } from '../../db/schema/index.js';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { affiliationSchema } from '../onboarding/onboarding.schemas.js';
import { toAffiliationView } from '../onboarding/onboarding.views.js';
import { onboardingLinkOf } from '../onboarding/onboarding.context.js';
import { nextAutomaticCashouts } from './automatic-cashouts.js';
import { applyCashoutReport, applyReturn } from './cashout-status.js';
import { cashoutDeps as cashoutDepsOf } from './cashouts.context.js';
import { cashoutsInReach, listCashouts, returnsOf } from './cashouts.repo.js';
import {
  cashoutListQuery,
  cashoutReturnBody,
  cashoutReturnSchema,
  cashoutSchema,
  cashoutStatusBody,
  createCashoutBody,
  nextAutomaticSchema,
  settlementAccountBody,
  settlementReviewBody,
  toCashoutView,
  toReturnView,
} from './cashouts.schemas.js';
import { createCashout, getCashout, viewOf } from './cashouts.service.js';
import { reviewSettlementAccount, setSettlementAccount } from './settlement-accounts.js';

const idParam = idParams('id');
const sandbox = { auth: 'platform' as const, sandboxOnly: true };

/** Cashouts, settlement accounts, the automatic cashout preview and their sandbox controls (money.md M5, M8). */
export default async function cashoutsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = cashoutDepsOf(app.deps);

  r.put(
    '/v1/merchants/:merchantId/affiliations/:affiliationId/settlement-account',
    {
      config: { permission: 'merchant.affiliation.edit' },
      schema: {
        summary: "Set an affiliation's settlement account (the PIX key cashouts go to)",
        params: idParams('merchantId', 'affiliationId'),
        body: settlementAccountBody,
        response: { 200: affiliationSchema },
      },
    },
    async (request) =>
      toAffiliationView(
        await setSettlementAccount(
          deps,
          request.id,
          callerCompany(request),
          request.params.merchantId,
          request.params.affiliationId,
          request.body,
        ),
        onboardingLinkOf(app.deps, request),
      ),
  );

  r.post(
    '/v1/banking/cashouts',
    {
      config: { permission: 'cashout.create' },
      schema: {
        summary: 'Create a cashout',
        body: createCashoutBody,
        response: { 200: cashoutSchema, 201: cashoutSchema },
      },
    },
    async (request, reply) => {
      const created = await createCashout(deps, request.id, callerCompany(request), request.body);
      createdOrReplayed(reply, created.replayed);
      return viewOf(deps, created.row);
    },
  );

  r.get(
    '/v1/banking/cashouts',
    {
      config: { permission: 'cashout.list' },
      schema: {
        summary: 'List cashouts',
        querystring: cashoutListQuery,
        response: { 200: listEnvelope(cashoutSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = and(
        cashoutsInReach(callerCompany(request)),
        ...(q.bank_account_id ? [eq(cashouts.bankAccountId, q.bank_account_id)] : []),
        ...(q.company_id ? [eq(cashouts.companyId, q.company_id)] : []),
        ...(q.automatic !== undefined ? [eq(cashouts.automatic, q.automatic)] : []),
      )!;
      const { rows, total } = await listCashouts(deps.db, scope, q);
      const returns = await returnsOf(
        deps.db,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => toCashoutView(row, returns.get(row.id)!)),
        pagination: paginate(q.page, q.limit, total),
      };
    },
  );

  r.get(
    '/v1/banking/cashouts/:id',
    {
      config: { permission: 'cashout.view' },
      schema: { summary: 'Get a cashout', params: idParam, response: { 200: cashoutSchema } },
    },
    async (request) => viewOf(deps, await getCashout(deps, callerCompany(request), request.params.id)),
  );

  r.get(
    '/v1/merchants/:merchantId/automatic-cashouts/next',
    {
      config: { permission: 'merchant.automatic-cashout.view' },
      schema: {
        summary: "The merchant's next automatic cashouts (per account: when, and what it would take now)",
        params: idParams('merchantId'),
        response: { 200: nextAutomaticSchema },
      },
    },
    async (request) => {
      const company = await merchantPathCompany(deps.db, callerCompany(request), request.params.merchantId);
      return {
        data: await nextAutomaticCashouts(deps.db, company, deps.clock.now(company.organizationId ?? company.id)),
      };
    },
  );

  r.post(
    '/v1/platform/sandbox/cashouts/:id/status',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: report a cashout status as its provider',
        params: idParam,
        body: cashoutStatusBody,
        response: { 200: cashoutSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const report =
        b.status === 'COMPLETED'
          ? { status: 'COMPLETED' as const }
          : {
              status: 'FAILED' as const,
              errorCode: b.error_code ?? 'PROVIDER_REJECTED',
              errorMessage: b.error_message,
            };
      return viewOf(deps, await applyCashoutReport(deps, request.id, request.params.id, report));
    },
  );

  r.post(
    '/v1/platform/sandbox/cashouts/:id/returns',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: a return of a completed cashout',
        params: idParam,
        body: cashoutReturnBody,
        response: { 201: cashoutReturnSchema },
      },
    },
    async (request, reply) => {
      const { row, ret } = await applyReturn(deps, request.id, request.params.id, request.body);
      reply.code(201);
      return { ...toReturnView(ret), cashout: await viewOf(deps, row) };
    },
  );

  r.post(
    '/v1/platform/sandbox/affiliations/:id/settlement-account/review',
    {
      config: sandbox,
      schema: {
        summary: "Sandbox: review an affiliation's settlement account",
        params: idParam,
        body: settlementReviewBody,
        response: { 200: affiliationSchema },
      },
    },
    async (request) =>
      toAffiliationView(await reviewSettlementAccount(deps, request.id, request.params.id, request.body)),
  );
}
