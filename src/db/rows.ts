import type { BankAccountRow } from './schema/index.js';

/** The rows of a raw `execute`: node-postgres answers `{ rows }`, PGlite too (some paths an array). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** How many rows a raw `execute` changed: node-postgres says `rowCount`, PGlite `affectedRows`. */
export function affectedRowsOf(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** A timestamp column of a raw row: a Date from node-postgres, or text (PGlite, `json_agg`). */
export const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** A bank_accounts row from raw SQL (snake_case keys; timestamps as Date, or as text from `json_agg`). */
export function bankAccountRowOf(r: Record<string, unknown>): BankAccountRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    organizationId: String(r.organization_id),
    provider: String(r.provider),
    branch: String(r.branch),
    accountNumber: String(r.account_number),
    status: String(r.status) as BankAccountRow['status'],
    available: Number(r.available),
    held: Number(r.held),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}
