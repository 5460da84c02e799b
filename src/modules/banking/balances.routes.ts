import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany } from '../../http/route-helpers.js';
import { readDatabase } from '../../http/read-your-writes.js';
import { idParams } from '../../http/schemas.js';
import { accountBalanceSchema, balanceQuery, merchantBalancesSchema } from './balances.schemas.js';
import { accountBalance, merchantBalances } from './balances.service.js';

/** money.md M3: a bank account's four balances (now or replayed at an instant) and a merchant's accounts with totals. */
export default async function balanceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  // A balance at an instant replays the past: the replica's (a balance now stays on the primary).
  r.get(
    '/v1/banking/bank-accounts/:id/balance',
    {
      config: { permission: 'banking.balance.view' },
      schema: {
        summary: "A bank account's balances, now or at an instant",
        params: idParams('id'),
        querystring: balanceQuery,
        response: { 200: accountBalanceSchema },
      },
    },
    async (request) =>
      accountBalance(
        request.query.at ? await readDatabase(app.deps, request) : db,
        app.deps.clock,
        callerCompany(request),
        request.params.id,
        request.query.at,
      ),
  );

  r.get(
    '/v1/merchants/:merchantId/balances',
    {
      config: { permission: 'merchant.balance.list' },
      schema: {
        summary: "A merchant's bank account balances with totals",
        params: idParams('merchantId'),
        response: { 200: merchantBalancesSchema },
      },
    },
    async (request) => merchantBalances(db, app.deps.clock, callerCompany(request), request.params.merchantId),
  );
}
