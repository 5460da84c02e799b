import { randomUUID } from 'node:crypto';
import { inTransaction, type Scenario } from './pg-transaction.js';
import { sandboxSubmitTransfer } from './sandbox-claim.js';
import { createTransfersSql, transferCreateBatched } from './transfer-batched.js';
import { dialect, runSql } from './same-sql.js';
import { snapshotStatement } from '../src/modules/onboarding/snapshot-read.js';
import { TRANSACTION_BASELINES } from './transactions-queries.js';
import { requirementsReadDerived } from './derived-read.js';
import { recordProviderIdsStatement } from '../src/modules/banking/transfer-submission.js';

/**
 * The SQL each API scenario runs per request, statement for statement as the platform issues it (captured
 * from the driver; API keys are cached in-process, so authentication costs no statement on the hot path).
 * Shared by the same-SQL node:http baseline and by pgbench.
 */
export const MERCHANT_READ_SQL =
  'select * from companies where id = $1 and kind = $2 and (id = $3 or organization_id = $3) limit 1';

/**
 * (b)/(e) create an internal transfer, statement for statement as the platform runs a create that is alone in
 * its batch (createTransfersSql for one create; the statements are compiled from the platform's own builders): in one
 * transaction, the accounts with their companies' statuses, claim, holdMany, transfer with its submit job,
 * event, webhook message; the sandbox provider's record of it (bench/sandbox-claim.ts); the provider's ids after
 * the commit (one statement, autocommit).
 */
const transferCreate: Scenario = async (pool, p) => {
  const id = randomUUID();
  const [row] = await inTransaction(pool, (c) =>
    createTransfersSql(c, [
      { org: p.get('org')!, origin: p.get('origin')!, destination: p.get('destination')!, id, requestId: randomUUID() },
    ]),
  );
  const answer = await sandboxSubmitTransfer(pool, id);
  await runSql(
    pool,
    recordProviderIdsStatement(
      [
        {
          id,
          provider_transfer_id: answer.providerTransferId,
          external_request_id: answer.externalRequestId,
          updated_at: new Date().toISOString(),
        },
      ],
      new Date(),
    ),
  );
  return row;
};

/** (c) the onboarding requirements read of a company whose rows are already reconciled: the one snapshot statement,
 * named as the platform runs it (`onboarding_snapshot_read`). */
const compiledSnapshots = new Map<string, { sql: string; params: unknown[] }>();
const requirementsRead: Scenario = async (pool, p) => {
  const company = p.get('company')!;
  const org = p.get('org')!;
  const key = `${company}:${org}`;
  let query = compiledSnapshots.get(key);
  if (!query) compiledSnapshots.set(key, (query = dialect.sqlToQuery(snapshotStatement(company, org, 'PROVIDER_A'))));
  const { rows } = await pool.query({ name: 'onboarding_snapshot_read', text: query.sql, values: query.params });
  return { data: rows[0].requirements };
};

export const BASELINE_QUERIES: Record<string, Scenario> = {
  // Named as the platform names it (its merchant read is a Drizzle `.prepare`): a baseline sends each statement the
  // way the platform does (docs/decisions/benchmarks.md "What a same-SQL baseline runs").
  'merchant-read': async (pool, p) =>
    (
      await pool.query({
        name: 'merchant_by_id_for_organization',
        text: MERCHANT_READ_SQL,
        values: [p.get('id'), 'MERCHANT', p.get('org')],
      })
    ).rows[0],
  'transfer-create': transferCreate,
  'transfer-create-batched': transferCreateBatched,
  'requirements-read': requirementsRead,
  'requirements-read-derived': requirementsReadDerived,
  ...TRANSACTION_BASELINES,
};

/** pgbench scripts with the same statements (the database's own ceiling for the scenario). */
export function pgbenchScripts(ids: {
  merchantId: string;
  organizationId: string;
  origin: string;
  destination: string;
}): Record<string, string> {
  const { merchantId: m, organizationId: o, origin, destination } = ids;
  return {
    'merchant-read': `select * from companies where id = '${m}' and kind = 'MERCHANT' and (id = '${o}' or organization_id = '${o}') limit 1;\n`,
    'transfer-create': `begin;
insert into idempotency_keys (company_id, scope, request_id, fingerprint, resource_id) values ('${o}', 'internal-transfer', gen_random_uuid()::text, repeat('f', 64), gen_random_uuid()) on conflict do nothing returning resource_id;
select * from bank_accounts where id in ('${origin}', '${destination}') and organization_id = '${o}';
\\set tid random(1, 2000000000)
insert into internal_transfers (id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id, destination_bank_account_id, provider, amount, status, created_at, updated_at) values (gen_random_uuid(), 'pgb-' || :tid || '-' || gen_random_uuid(), '${o}', '${o}', '${o}', '${origin}', '${destination}', 'PROVIDER_A', 1, 'PENDING', now(), now()) returning *;
insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at) values (gen_random_uuid(), 'internal-transfer.created', 1, 'payment-platform', '${o}', '${o}', 'pgbench', '{}'::jsonb, now()) returning *;
update ledger_accounts set available = available - 1, held = held + 1, last_sequence = last_sequence + 2, updated_at = now() where id = '${origin}' and available >= 1 returning id;
commit;
`,
  };
}
