import type { Tx } from '../../db/client.js';
import type { CompanyRow } from '../../db/schema/index.js';
import { affiliationMove, baseRowsPlan, deriveAll, loadEvidence, pendingDocumentRows, shareableFor, type EngineContext } from './engine.js';
import { findAffiliation, selectRequirements } from './onboarding.repo.js';
import type { RequirementView } from './onboarding.schemas.js';
import { toRequirementView } from './onboarding.views.js';

/**
 * The lock-free requirements read. Most reads change nothing, yet the full evaluation takes the company's
 * onboarding lock, which serializes every reader of one company. In a read-only snapshot this derives what the
 * full evaluation would; when nothing would be written (no base row to add, waive or restore, no status to
 * persist, no shared copy to make, no affiliation to move) it answers from the snapshot, which is exactly what
 * the locked read would have returned at that instant. Otherwise it returns null and the caller evaluates
 * under the lock.
 */
export async function readIfUnchanged(tx: Tx, ctx: EngineContext, company: CompanyRow, provider: string): Promise<RequirementView[] | null> {
  const accepts = ctx.accepts(provider);
  const rows = await selectRequirements(tx, company.id, provider);
  if (baseRowsPlan(rows, company, provider).changes > 0) return null;
  const evidence = await loadEvidence(tx, company.id);
  const derived = deriveAll(rows, evidence, accepts);
  if (rows.some((row, i) => row.status !== derived[i].status)) return null;
  if ((await shareableFor(tx, company, accepts, pendingDocumentRows(rows, derived))).toCopy.size > 0) return null;
  const affiliation = await findAffiliation(tx, company.id, provider);
  if (affiliationMove(ctx, company, provider, affiliation, derived.map((d) => d.status))) return null;
  return rows.map((row, i) => toRequirementView(row, derived[i], accepts));
}
