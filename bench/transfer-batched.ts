import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { TransactionBatcher } from '../src/db/batcher.js';
import { holdManyStatement } from '../src/ledger/hold-many.js';
import { claimRequestIdsStatement, fingerprint } from '../src/kernel/idempotency.js';
import { insertTransfersStatement, transferAccountsStatement } from '../src/modules/banking/transfer-create.js';
import { recordProviderIdsStatement, transferOperation } from '../src/modules/banking/transfer-submission.js';
import type { InternalTransferRow } from '../src/db/schema/index.js';
import { inTransaction, type Scenario } from './pg-transaction.js';
import { sandboxSubmitTransfer } from './sandbox-claim.js';
import { recordEventsSql, runSql } from './same-sql.js';

/**
 * (e) reference: the hot account's SQL on bare node+pg, grouped exactly as the platform groups it, to tell the
 * machine's ceiling from the platform's own cost. Per batch of creates from one origin (the platform's
 * TransactionBatcher, lane = origin), one transaction: the accounts read, the claims, holdMany, the transfers
 * and their submit jobs, `internal-transfer.created` (returning id and created_at) and its webhook messages
 * (named statement); then per create the sandbox provider's record (batched as the platform's sandbox does)
 * and the provider ids (one statement per event-loop turn, as the platform's recorder gathers them).
 */

export interface Create {
  org: string;
  origin: string;
  destination: string;
  id: string;
  requestId: string;
}

/**
 * A batch of creates from one origin, statement for statement as the platform's batch handler runs them
 * (transfer-create.ts), in the caller's transaction: the accounts read, the claims, holdMany, the transfers and
 * their submit jobs, `internal-transfer.created` and its webhook messages. The (b) baseline runs it for one.
 */
export async function createTransfersSql(c: pg.PoolClient, items: Create[]): Promise<InternalTransferRow[]> {
  const now = new Date();
  const { org, origin, destination } = items[0]!;
  const read = await runSql(
    c,
    transferAccountsStatement(
      items.map((i, ord) => ({
        ord,
        origin: i.origin,
        destination: i.destination,
        caller: org,
        reach_organization: org,
        reach_company: null,
      })),
    ),
  );
  if (read.rows.length !== 2 * items.length) throw new Error('accounts not found');
  const bodies = items.map((i) => ({
    request_id: i.requestId,
    origin_bank_account_id: origin,
    destination_bank_account_id: destination,
    amount: 1,
  }));
  const claimed = await runSql(
    c,
    claimRequestIdsStatement(
      items.map((i, ord) => ({
        company_id: org,
        scope: 'internal-transfer',
        request_id: i.requestId,
        fingerprint: fingerprint(bodies[ord]),
        resource_id: i.id,
        ord,
      })),
    ),
  );
  if (claimed.rows.length !== items.length) throw new Error('claim refused');
  const holds = items.map((i, k) => ({
    ord: k + 1,
    source_type: 'INTERNAL_TRANSFER',
    source_id: i.id,
    amount: 1,
    tx_id: randomUUID(),
    debit_id: randomUUID(),
    credit_id: randomUUID(),
  }));
  if (Number((await runSql(c, holdManyStatement('INTERNAL_TRANSFER_HOLD', origin, holds, now))).rows[0].n) !== 1)
    throw new Error('holds refused');
  const rows: InternalTransferRow[] = items.map((i) => ({
    id: i.id,
    requestId: i.requestId,
    externalRequestId: null,
    companyId: org,
    organizationId: org,
    destinationCompanyId: org,
    originBankAccountId: origin,
    destinationBankAccountId: destination,
    provider: 'PROVIDER_A',
    amount: 1,
    status: 'PENDING',
    providerTransferId: null,
    errorMessage: null,
    metadata: null,
    createdAt: now,
    updatedAt: now,
  }));
  const jobs = rows.map((r) => ({
    job: {
      kind: 'provider-operation.recover',
      runAt: new Date(now.getTime() + 10_000),
      payload: { operationId: r.id },
      dedupeKey: `provider-operation.recover:${r.id}`,
    },
    now,
  }));
  await runSql(
    c,
    insertTransfersStatement(
      rows,
      jobs,
      rows.map((r) =>
        transferOperation(
          r,
          { branch: '0001', accountNumber: '1' } as never,
          { branch: '0001', accountNumber: '2' } as never,
          now,
        ),
      ),
    ),
  );
  await recordEventsSql(
    c,
    'internal-transfer.created',
    rows.map((r) => ({ companyId: org, organizationId: org, payload: r })),
    now,
  );
  return rows;
}

type Batchers = {
  creates: TransactionBatcher<Create, InternalTransferRow>;
  recorder: TransactionBatcher<InternalTransferRow, true>;
};
const byPool = new WeakMap<pg.Pool, Batchers>();

function batchers(pool: pg.Pool): Batchers {
  const found = byPool.get(pool);
  if (found) return found;
  const fakeDb = { transaction: (fn: (c: pg.PoolClient) => Promise<unknown>) => inTransaction(pool, fn) };
  const creates = new TransactionBatcher<Create, InternalTransferRow>(
    fakeDb as never,
    (async (c: pg.PoolClient, items: Create[]) => {
      const rows = await createTransfersSql(c, items);
      return rows.map((value) => ({ ok: true, value }));
    }) as never,
  );
  const recorder = new TransactionBatcher<InternalTransferRow, true>(
    null as never,
    async (_db: unknown, rows: InternalTransferRow[]) => {
      const now = new Date().toISOString();
      const updated = await runSql(
        pool,
        recordProviderIdsStatement(
          rows.map((r) => ({
            id: r.id,
            provider_transfer_id: r.providerTransferId!,
            external_request_id: r.externalRequestId!,
            updated_at: now,
          })),
          new Date(),
        ),
      );
      if (updated.rows.length !== rows.length) throw new Error('transfers not recorded');
      return rows.map(() => ({ ok: true as const, value: true as const }));
    },
    { mode: 'statement', gather: true },
  );
  const made = { creates, recorder };
  byPool.set(pool, made);
  return made;
}

export const transferCreateBatched: Scenario = async (pool, p) => {
  const { creates, recorder } = batchers(pool);
  const origin = p.get('origin')!;
  const id = randomUUID();
  const row = await creates.run(origin, {
    org: p.get('org')!,
    origin,
    destination: p.get('destination')!,
    id,
    requestId: randomUUID(),
  });
  const recorded = { ...row, ...(await sandboxSubmitTransfer(pool, id)) };
  await recorder.run(origin, recorded);
  return recorded;
};
