import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { bankAccountRowOf } from '../../../db/rows.js';
import { companies, type BankAccountRow, type CompanyRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { notFound } from '../../../kernel/errors.js';
import type { EffectivePolicy } from '../../fees/effective-fee.js';

/**
 * Everything a create reads before it writes (payments.md P1), in ONE statement instead of five: the paying
 * company in the caller's reach, the caller's own status (an organization acting for a merchant), the
 * company's ACTIVE affiliations (oldest first), its ACTIVE bank accounts (oldest first) and its effective fee
 * policy (money.md M1: the merchant's own, else its organization's default). One snapshot, no lock, as the five
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
}

/** The statement, unprepared (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function createReadsSelect(db: Database) {
  return db
    .select({
      company: companies,
      callerStatus: sql<
        string | null
      >`(select k.status from companies k where k.id = ${sql.placeholder('caller')}::uuid)`.as('caller_status'),
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
    })
    .from(companies)
    .where(
      and(
        eq(companies.id, sql.placeholder('id')),
        // companiesInReach (kernel/tenancy.ts) with the principal as parameters: a merchant reaches only itself,
        // an organization itself and its merchants.
        or(
          and(sql`${sql.placeholder('kind')}::text = 'merchant'`, eq(companies.id, sql.placeholder('caller'))),
          and(
            sql`${sql.placeholder('kind')}::text <> 'merchant'`,
            or(eq(companies.id, sql.placeholder('org')), eq(companies.organizationId, sql.placeholder('org'))),
          ),
        ),
      ),
    )
    .limit(1);
}

export const CREATE_READS_STATEMENT = 'transaction_create_reads';

const prepareCreateReads = (db: Database) => createReadsSelect(db).prepare(CREATE_READS_STATEMENT);

const prepared = new WeakMap<Database, ReturnType<typeof prepareCreateReads>>();

/** The reads of a create by `principal` for `merchantId` (its own company when absent); 404 outside reach. */
export async function readForCreate(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string | undefined,
): Promise<CreateReads> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareCreateReads(db)));
  const [row] = await query.execute({
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
  };
}
