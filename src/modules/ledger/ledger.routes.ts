import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { readDatabase } from '../../http/read-your-writes.js';
import { callerCompany } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import { integrityReport, listEntries } from '../../ledger/reads.js';
import {
  entriesQuery,
  entrySchema,
  integritySchema,
  ledgerTransactionSchema,
  toEntryView,
  toIntegrityView,
  toLedgerTransactionView,
} from './ledger.schemas.js';
import { getLedgerTransaction } from './ledger.service.js';
import { revenueShownOn } from '../banking/banking.repo.js';

/** money.md M3: ledger entries and transactions within reach, and the staff integrity check. */
export default async function ledgerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.get(
    '/v1/ledger/entries',
    {
      config: { permission: 'ledger.entry.list' },
      schema: {
        summary: 'List ledger entries of bank accounts within reach',
        querystring: entriesQuery,
        response: { 200: listEnvelope(entrySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const ex = await readDatabase(app.deps, request);
      const principal = callerCompany(request);
      // The organization's REVENUE shows as PENDING entries of its receiving accounts (money.md M3, issue 24).
      const { rows, total } = await listEntries(ex, principal, q, await revenueShownOn(ex, principal));
      return { data: rows.map(toEntryView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/ledger/transactions/:id',
    {
      config: { permission: 'ledger.transaction.view' },
      schema: {
        summary: 'Get a ledger transaction with its postings',
        params: idParams('id'),
        response: { 200: ledgerTransactionSchema },
      },
    },
    async (request) => {
      const { transaction, postings } = await getLedgerTransaction(db, callerCompany(request), request.params.id);
      return toLedgerTransactionView(transaction, postings);
    },
  );

  r.get(
    '/v1/platform/ledger/integrity',
    {
      config: { auth: 'platform' },
      schema: {
        summary: 'Staff: ledger integrity per provider and per bank account',
        response: { 200: integritySchema },
      },
    },
    async () => toIntegrityView(await integrityReport(db)),
  );
}
