import { sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buildText, executeNamedQuery, type PreparedText } from '../../db/named-statement.js';
import { rowsOf } from '../../db/rows.js';
import type { AffiliationRow, CompanyRow, DocumentRow, RequirementRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import {
  affiliationMove,
  baseRowsPlan,
  deriveAll,
  groupAnswers,
  derivedAt,
  pendingDocumentRows,
  sharedToCopy,
  type EngineContext,
} from './engine.js';
import type { RequirementView } from './onboarding.schemas.js';
import { toRequirementView } from './onboarding.views.js';
import { must } from '../../kernel/must.js';

export type SnapshotRead =
  | { kind: 'not-found' }
  | { kind: 'onboarding-unavailable' }
  | { kind: 'unchanged'; views: RequirementView[] }
  | { kind: 'must-write' };

/**
 * One statement, so one consistent snapshot: the company (within reach), its organization, the provider's rows
 * (oldest first), every piece of the company's evidence, other organizations' shareable documents about the
 * rows' subjects, and the affiliation.
 */
export const snapshotStatement = (
  companyId: string | Placeholder,
  organizationId: string | Placeholder,
  provider: string | Placeholder,
) => sql`
  select
    (select row_to_json(c) from companies c where c.id = ${companyId} and (c.id = ${organizationId} or c.organization_id = ${organizationId})) as company,
    (select row_to_json(o) from companies o where o.id = ${organizationId}) as organization,
    (select coalesce(json_agg(r order by r.created_at, r.seq), '[]') from onboarding_requirements r where r.company_id = ${companyId} and r.provider = ${provider}) as requirements,
    (select coalesce(json_agg(d), '[]') from onboarding_documents d where d.company_id = ${companyId}) as documents,
    (select coalesce(json_agg(b), '[]') from biometric_verifications b where b.company_id = ${companyId}) as biometrics,
    (select coalesce(json_agg(a), '[]') from onboarding_answers a where a.company_id = ${companyId}) as answers,
    (select coalesce(json_agg(d), '[]') from onboarding_documents d join companies owner on owner.id = d.organization_id
      where d.subject_document_number in (select subject_document_number from onboarding_requirements where company_id = ${companyId} and provider = ${provider})
        and d.status = 'APPROVED' and d.origin = 'UPLOAD' and d.organization_id <> ${organizationId} and owner.share_documents) as shareable,
    (select row_to_json(f) from affiliations f where f.company_id = ${companyId} and f.provider = ${provider} limit 1) as affiliation`;

/**
 * The statement's text built once, its ids placeholders: every requirements read runs it as a named prepared
 * statement, so PostgreSQL parses and plans its eight subselects once per connection instead of at every read
 * (most of the read's database time), and Drizzle builds no SQL per request.
 */
let snapshotText: PreparedText | undefined;
const SNAPSHOT_STATEMENT = 'onboarding_snapshot_read';
const snapshotTextOf = (db: Database) =>
  (snapshotText ??= buildText(
    db,
    snapshotStatement(sql.placeholder('companyId'), sql.placeholder('organizationId'), sql.placeholder('provider')),
  ));

// Column name -> [field name, is a timestamp]: a few dozen names, converted once (this runs for every value read).
const columns = new Map<string, readonly [string, boolean]>();
const columnOf = (key: string) => {
  let column = columns.get(key);
  if (!column)
    columns.set(key, (column = [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), key.endsWith('_at')]));
  return column;
};

/** A row as `row_to_json` gives it, as Drizzle would: camelCase fields, `*_at` timestamps as Dates. */
function fromJson<T>(json: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in json) {
    const [field, timestamp] = columnOf(key);
    const value = json[key];
    out[field] = timestamp && typeof value === 'string' ? new Date(value) : value;
  }
  return out as T;
}

const list = <T>(value: unknown) => (value as Record<string, unknown>[]).map((row) => fromJson<T>(row));

/**
 * The lock-free requirements read. Most reads change nothing, yet the full evaluation takes the company's
 * onboarding lock, which serializes every reader of one company. From a single-statement snapshot this derives
 * what the full evaluation would; when nothing would be written (no base row to add, waive or restore, no
 * status to persist, no shared copy to make, no affiliation to move) it answers from the snapshot, which is what
 * the locked read would have returned at that instant. Otherwise the caller evaluates under the lock.
 */
export async function readSnapshot(
  db: Database,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  provider: string,
): Promise<SnapshotRead> {
  if (principal.kind === 'merchant' && merchantId !== principal.companyId) return { kind: 'not-found' };
  // Both drivers parse json columns.
  const answer = rowsOf(
    await executeNamedQuery(db, SNAPSHOT_STATEMENT, snapshotTextOf(db), {
      companyId: merchantId,
      organizationId: principal.organizationId,
      provider,
    }),
  );
  const snap = must(answer[0], 'the snapshot statement answers one row');
  if (!snap.company) return { kind: 'not-found' };
  const company = fromJson<CompanyRow>(snap.company as Record<string, unknown>);
  const organization = snap.organization
    ? fromJson<CompanyRow>(snap.organization as Record<string, unknown>)
    : undefined;
  if (!organization?.companyOnboardingEnabled) return { kind: 'onboarding-unavailable' };

  const accepts = ctx.accepts(provider);
  const rows = list<RequirementRow>(snap.requirements);
  if (baseRowsPlan(rows, company, provider).changes > 0) return { kind: 'must-write' };
  const evidence = {
    documents: list<DocumentRow>(snap.documents),
    biometrics: list<never>(snap.biometrics),
    answersOf: groupAnswers(list<never>(snap.answers)),
  };
  const derived = deriveAll(rows, evidence, accepts);
  if (rows.some((row, i) => row.status !== derivedAt(derived, i).status)) return { kind: 'must-write' };
  if (sharedToCopy(pendingDocumentRows(rows, derived), list<DocumentRow>(snap.shareable), accepts).size > 0)
    return { kind: 'must-write' };
  const affiliation = snap.affiliation
    ? fromJson<AffiliationRow>(snap.affiliation as Record<string, unknown>)
    : undefined;
  if (
    affiliationMove(
      ctx,
      company,
      provider,
      affiliation,
      derived.map((d) => d.status),
    )
  )
    return { kind: 'must-write' };
  return { kind: 'unchanged', views: rows.map((row, i) => toRequirementView(row, derivedAt(derived, i), accepts)) };
}
