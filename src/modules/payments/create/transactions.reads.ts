import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { TransactionBatcher, type StatementHandler } from '../../../db/batcher.js';
import { bankAccountRowOf } from '../../../db/rows.js';
import { companies, type BankAccountRow, type CompanyRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { notFound } from '../../../kernel/errors.js';
import type { EffectivePolicy } from '../../fees/effective-fee.js';
import { routingReadColumns, routingReadsOf, type RoutingReads } from '../../routing/index.js';

/**
 * Everything a create reads before it writes (payments.md P1), in ONE statement instead of five, and that
 * statement shared by the creates reading at the same time (issue 28: it was one statement per create, never
 * grouped, half of a grouped create's statements): the paying company in the caller's reach, the caller's own status (an organization acting for a merchant), the
 * company's ACTIVE affiliations (oldest first), its ACTIVE bank accounts (oldest first), its effective fee
 * policy (money.md M1: the merchant's own, else its organization's default) and the routing decision's reads. One snapshot, no lock, as the five
 * separate reads took none. The checks are made on it in the same order as before (transactions.create.ts),
 * so each refusal is the one it was.
 *
 * A named prepared statement (PostgreSQL plans it once per connection and Drizzle does not rebuild it).
 */
export interface CreateReads {
  company: CompanyRow;
  callerStatus: string | null;
  affiliations: string[];
  accounts: BankAccountRow[];
  policy: EffectivePolicy | null;
  /**
   * The routing decision's reads (R6.5, R6.6: the organization's configuration, every account, the company's
   * affiliations), read here with the rest instead of by a statement of each create's own (routing-snapshot.ts).
   */
  routing: RoutingReads;
}

/**
 * The reads of many creates in ONE statement (grouped as the creates' writes are, src/db/batcher.ts): each
 * create's key is one element of four arrays, passed as four array literals so the statement's text is the
 * same for every batch size (a named prepared statement); each answer row carries its key's position `n`. A
 * key outside the caller's reach has no row.
 */
export function createReadsSelect(db: Database) {
  return db
    .select({
      n: sql<number>`p.n`.mapWith(Number),
      company: companies,
      callerStatus: sql<string | null>`(select k.status from companies k where k.id = p.caller)`.as('caller_status'),
      affiliations: sql<
        string[]
      >`(select coalesce(json_agg(a.provider order by a.created_at, a.id), '[]'::json) from affiliations a where a.company_id = companies.id and a.status = 'ACTIVE')`.as(
        'active_affiliations',
      ),
      accounts: sql<
        Record<string, unknown>[]
      >`(select coalesce(json_agg(b order by b.created_at, b.id), '[]'::json) from bank_accounts b where b.company_id = companies.id and b.status = 'ACTIVE')`.as(
        'active_accounts',
      ),
      policy: sql<{
        id: string;
        rules: unknown;
      } | null>`(select json_build_object('id', f.id, 'rules', f.rules) from companies o join fee_policies f on f.id = coalesce(companies.fee_policy_id, o.default_fee_policy_id) where o.id = companies.organization_id and companies.kind = 'MERCHANT' limit 1)`.as(
        'fee_policy',
      ),
      ...routingReadColumns({ id: sql`${companies.id}`, organizationId: sql`${companies.organizationId}` }),
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('kinds')}::text[], ${sql.placeholder('callers')}::uuid[], ${sql.placeholder('orgs')}::uuid[]) with ordinality as p(id, kind, caller, org, n)`,
    )
    .innerJoin(
      companies,
      and(
        eq(companies.id, sql`p.id`),
        // companiesInReach (kernel/tenancy.ts) with the principal as parameters: a merchant reaches only itself,
        // an organization itself and its merchants.
        or(
          and(sql`p.kind = 'merchant'`, eq(companies.id, sql`p.caller`)),
          and(sql`p.kind <> 'merchant'`, or(eq(companies.id, sql`p.org`), eq(companies.organizationId, sql`p.org`))),
        ),
      ),
    );
}

export const CREATE_READS_STATEMENT = 'transaction_create_reads_grouped';

/** One create's key: the company it pays for and the caller's principal. */
export interface ReadKey {
  id: string;
  kind: string;
  caller: string;
  org: string;
}

/** The four array literals of a batch of keys (uuids and the principal kinds need no quoting). */
export function readKeyParams(keys: readonly ReadKey[]): { ids: string; kinds: string; callers: string; orgs: string } {
  const literal = (f: (k: ReadKey) => string) => `{${keys.map(f).join(',')}}`;
  return {
    ids: literal((k) => k.id),
    kinds: literal((k) => k.kind),
    callers: literal((k) => k.caller),
    orgs: literal((k) => k.org),
  };
}

const prepareCreateReads = (db: Database) => createReadsSelect(db).prepare(CREATE_READS_STATEMENT);
type ReadRow = Awaited<ReturnType<ReturnType<typeof prepareCreateReads>['execute']>>[number];

const readers = new WeakMap<Database, TransactionBatcher<ReadKey, ReadRow | undefined>>();

/** The process's one lane of create reads: concurrent creates (any organization) share a statement. */
function readerOf(db: Database) {
  let reader = readers.get(db);
  if (!reader) {
    const query = prepareCreateReads(db);
    const handler: StatementHandler<ReadKey, ReadRow | undefined> = async (_db, keys) => {
      const rows = await query.execute(readKeyParams(keys));
      const byN = new Map(rows.map((r) => [r.n, r]));
      return keys.map((_, i) => ({ ok: true, value: byN.get(i + 1) }));
    };
    readers.set(db, (reader = new TransactionBatcher(db, handler, { mode: 'statement' })));
  }
  return reader;
}

/** The reads of a create by `principal` for `merchantId` (its own company when absent); 404 outside reach. */
export async function readForCreate(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string | undefined,
): Promise<CreateReads> {
  const row = await readerOf(db).run('reads', {
    id: merchantId ?? principal.companyId,
    kind: principal.kind,
    caller: principal.companyId,
    org: principal.organizationId,
  });
  if (!row) throw notFound(merchantId ? 'Merchant' : 'Company');
  const policy = row.policy;
  return {
    company: row.company,
    callerStatus: row.callerStatus,
    affiliations: row.affiliations,
    accounts: row.accounts.map(bankAccountRowOf),
    policy: policy ? { id: policy.id, rules: policy.rules as EffectivePolicy['rules'] } : null,
    routing: routingReadsOf({
      configuration: row.routingConfiguration,
      accounts: row.routingAccounts,
      affiliations: row.routingAffiliations,
    }),
  };
}
