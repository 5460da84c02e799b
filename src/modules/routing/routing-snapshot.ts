import { and, eq, getTableColumns, sql, type Column, type Placeholder, type SQL, type Table } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buildText, executeNamedQuery, type PreparedText } from '../../db/named-statement.js';
import { rowsOf } from '../../db/rows.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { companiesInReach } from '../../kernel/tenancy.js';
import {
  affiliations,
  companies,
  providerAccounts,
  routingConfigurations,
  type ProviderAccountRow,
  type RoutingConfigurationRow,
} from '../../db/schema/index.js';
import { circuitAt } from '../../providers/routing/circuit-breaker.js';
import type { AccountSnapshot } from '../../providers/routing/eligibility.js';
import type { WindowScore } from '../../providers/routing/strategies.js';
import { sharedCapabilitiesOf } from '../provider-accounts/capabilities.rules.js';
import { mayUse } from '../provider-accounts/provider-accounts.rules.js';
import { circuitOf } from '../provider-accounts/provider-accounts.circuit.js';
import { windowsOf } from './routing-outcomes.repo.js';

/** The account columns a decision reads (`accountSnapshots`): the rest of the row (settings, health) is not sent. */
const SNAPSHOT_COLUMNS = [
  'id',
  'provider',
  'connector',
  'status',
  'builtIn',
  'organizationAccess',
  'organizationIds',
  'circuitState',
  'consecutiveFailures',
  'openedAt',
  'nextProbeAt',
  'probeInFlight',
  'probeClaimedAt',
] as const satisfies readonly (keyof ProviderAccountRow)[];
export type SnapshotAccountRow = Pick<ProviderAccountRow, (typeof SNAPSHOT_COLUMNS)[number]>;
const ACCOUNT_COLUMNS = SNAPSHOT_COLUMNS.map((field) => [field, getTableColumns(providerAccounts)[field]] as const);
const accountJson = sql.raw(
  `json_build_object(${ACCOUNT_COLUMNS.map(([, c]) => `'${c.name}', a."${c.name}"`).join(', ')})`,
);

const p = {
  organizationId: sql.placeholder('organizationId'),
  companyId: sql.placeholder('companyId'),
  cachedVersion: sql.placeholder('cachedVersion'),
  cachedXmin: sql.placeholder('cachedXmin'),
  reachCompanyId: sql.placeholder('reachCompanyId'),
  reachOrganizationId: sql.placeholder('reachOrganizationId'),
};
type Variant = 'none' | CompanyPrincipal['kind'];

/** Every account's snapshot columns as a JSON array (uncorrelated: computed once per statement). */
const accountsJson = sql`(select coalesce(json_agg(${accountJson}), '[]'::json) from ${providerAccounts} a)`;

/** The company's affiliations (any status) oldest first, with their merchant references, as a JSON array. */
const affiliationsJson = (companyId: SQL | Placeholder, organizationId: SQL | Placeholder) =>
  sql`(select coalesce(json_agg(f), '[]'::json) from (select ${affiliations.provider} as provider, ${affiliations.status} as status,
         ${affiliations.merchantReference} as merchant_reference
         from ${affiliations}
         where ${affiliations.companyId} = ${companyId} and ${affiliations.organizationId} = ${organizationId}
         order by ${affiliations.createdAt}, ${affiliations.id}) f)`;

/**
 * The statement's text and parameters (placeholders), built by Drizzle once per variant: without a tenancy check,
 * or with the merchant's or the organization's (`companiesInReach` of a caller of that kind, its ids placeholders).
 * Building it at every decision was 5% of a decide's CPU (docs/performance.md, 2026-11-28 04:15).
 */
const built = new Map<Variant, PreparedText>();
function builtStatement(executor: Executor, variant: Variant): PreparedText {
  let statement = built.get(variant);
  if (statement) return statement;
  // decide's tenancy check (companyInReach) in the same statement, when asked.
  const reach =
    variant === 'none'
      ? null
      : ({
          kind: variant,
          companyId: p.reachCompanyId,
          organizationId: p.reachOrganizationId,
        } as unknown as CompanyPrincipal);
  const inReach = reach
    ? sql`exists (select 1 from ${companies} where ${and(eq(companies.id, p.companyId), companiesInReach(reach))})`
    : sql`null::boolean`;
  statement = buildText(
    executor,
    sql`select ${inReach} as in_reach,
      (select json_build_object('version', c.version, 'xmin', c.row_xmin,
         'row', case when c.version = ${p.cachedVersion} and c.row_xmin = ${p.cachedXmin} then null
                else row_to_json(c) end)
         from (select xmin::text as row_xmin, * from ${routingConfigurations}
         where ${routingConfigurations.organizationId} = ${p.organizationId}
         order by ${routingConfigurations.version} desc limit 1) c) as configuration,
      ${accountsJson} as accounts,
      ${affiliationsJson(p.companyId, p.organizationId)} as affiliations`,
  );
  built.set(variant, statement);
  return statement;
}

export interface RoutingReads {
  configuration: RoutingConfigurationRow | null;
  accounts: SnapshotAccountRow[];
  /** The paying company's affiliations (any status), oldest first, with the merchant reference a real connector
   * sends (R2.3): a create to such an account takes it from here instead of reading it again before its call. */
  affiliations: { provider: string; status: string; merchant_reference: Record<string, unknown> | null }[];
  /** Whether the caller reaches the company (asked with `reach`), else null. */
  inReach: boolean | null;
}

/**
 * Everything a decision reads (R6.5, R6.6) in ONE statement: the organization's current configuration (its
 * highest version), every account, the paying company's affiliations oldest first. Each decision (every create and
 * `POST /v1/routing/decide`) ran these as three statements; on a loaded machine each statement's round trip
 * costs more CPU than the decision itself (docs/performance.md, 2026-11-27 providers section).
 */
export async function routingReads(
  tx: Executor,
  organizationId: string,
  companyId: string,
  reach?: CompanyPrincipal,
): Promise<RoutingReads> {
  const configurations = configurationCache(tx);
  const cached = configurations.get(organizationId);
  const variant = reach?.kind ?? 'none';
  const [row] = rowsOf(
    await executeNamedQuery(tx, `routing_reads_${variant}`, builtStatement(tx, variant), {
      organizationId,
      companyId,
      cachedVersion: cached?.version ?? 0,
      cachedXmin: cached?.xmin ?? '',
      reachCompanyId: reach?.companyId ?? null,
      reachOrganizationId: reach?.organizationId ?? null,
    }),
  );
  // The configuration comes as (version, xmin, row or null when the cached one is current); the rest as a create's.
  const { configuration, ...reads } = row ?? {};
  const current = jsonValue(configuration) as {
    version: number;
    xmin: string;
    row: Record<string, unknown> | null;
  } | null;
  return { ...routingReadsOf(reads), configuration: configurationOf(configurations, organizationId, cached, current) };
}

/**
 * The same reads as columns of another statement (the creates' grouped read, transactions.reads.ts: one
 * statement for all concurrent creates instead of one routing read each), for the company whose row is
 * `company` (a column reference: its id and organization decide the configuration and the affiliations). The
 * configuration, the accounts and the affiliations are the subselects of `routingReads`; the accounts' subselect
 * is uncorrelated, so PostgreSQL computes it once per statement.
 */
export function routingReadColumns(company: { id: SQL; organizationId: SQL }) {
  const organization = sql`coalesce(${company.organizationId}, ${company.id})`;
  return {
    routingConfiguration: sql<unknown>`(select row_to_json(c) from (select * from ${routingConfigurations}
         where ${routingConfigurations.organizationId} = ${organization}
         order by ${routingConfigurations.version} desc limit 1) c)`.as('routing_configuration'),
    routingAccounts: sql<unknown>`${accountsJson}`.as('routing_accounts'),
    routingAffiliations: sql<unknown>`${affiliationsJson(company.id, organization)}`.as('routing_affiliations'),
  };
}

/** A json column as the driver gives it: parsed already (node-postgres), or text (some PGlite paths). */
const jsonValue = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The reads from their JSON columns (`routingReads`' row, or `routingReadColumns` in another statement's row). */
export function routingReadsOf(row: {
  configuration?: unknown;
  accounts?: unknown;
  affiliations?: unknown;
  in_reach?: unknown;
}): RoutingReads {
  const configuration = jsonValue(row.configuration) as Record<string, unknown> | null | undefined;
  return {
    configuration: configuration ? fromJson<RoutingConfigurationRow>(routingConfigurations, configuration) : null,
    accounts: ((jsonValue(row.accounts) ?? []) as Record<string, unknown>[]).map((a) => accountFromJson(a)),
    affiliations: (jsonValue(row.affiliations) ?? []) as RoutingReads['affiliations'],
    inReach: (row.in_reach ?? null) as boolean | null,
  };
}

interface CachedConfiguration {
  version: number;
  /** The row's xmin: a version number alone could name another row after a reset of the table (tests). */
  xmin: string;
  row: RoutingConfigurationRow;
}

/**
 * The organizations' current configurations, per executor (a database, or a transaction that reads its own). The
 * rows are immutable (a PUT inserts the next version; routing.service.ts), so the statement sends the stored
 * configuration only when its current (version, xmin) is not the cached one: every read still asks the database
 * which version is current, in the same statement, so a PUT on any instance is seen by the next decision
 * everywhere, with no signal to miss. What is saved is the 50-rule JSON PostgreSQL builds and the driver parses on
 * every decision and create (docs/performance.md, 2026-11-28 04:15).
 */
const cachesByExecutor = new WeakMap<object, Map<string, CachedConfiguration>>();
const MAX_CACHED = 10_000;

function configurationCache(executor: Executor): Map<string, CachedConfiguration> {
  let cache = cachesByExecutor.get(executor);
  if (!cache) cachesByExecutor.set(executor, (cache = new Map<string, CachedConfiguration>()));
  return cache;
}

function configurationOf(
  cache: Map<string, CachedConfiguration>,
  organizationId: string,
  sent: CachedConfiguration | undefined,
  current: { version: number; xmin: string; row: Record<string, unknown> | null } | null,
): RoutingConfigurationRow | null {
  if (!current) return null;
  if (current.row === null) {
    // No row only when the one sent (the entry as it was before the statement, whatever a concurrent read cached
    // since) is current; anything else is a bug to see, not to route by.
    if (!sent || sent.version !== current.version || sent.xmin !== current.xmin)
      throw new Error('routing configuration cache out of step with its read');
    return sent.row;
  }
  const row = deepFreeze(fromJson<RoutingConfigurationRow>(routingConfigurations, current.row));
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(organizationId, { version: current.version, xmin: current.xmin, row });
  return row;
}

/** Shared between decisions: nothing may change it (a write throws in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** An account's snapshot columns from their `json_build_object` form, each value as Drizzle maps it. */
function accountFromJson(raw: Record<string, unknown>): SnapshotAccountRow {
  const out: Record<string, unknown> = {};
  for (const [field, column] of ACCOUNT_COLUMNS) {
    const value = raw[column.name];
    out[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as SnapshotAccountRow;
}

/** A table's row from its `row_to_json` / `json_agg` form: database names to fields, each value as Drizzle maps it. */
function fromJson<T>(table: Table, raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const value = raw[column.name];
    out[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T;
}

/**
 * What a decision knows of the accounts (R6.5, R6.6), from `routingReads`: every account with its status, access,
 * capabilities, circuit (as it reads now: an OPEN circuit past its cool-down is HALF_OPEN) and the paying company's
 * affiliation with it, and that company's ACTIVE affiliations oldest first.
 */
export function accountSnapshots(
  reads: Pick<RoutingReads, 'accounts' | 'affiliations'>,
  organizationId: string,
  now: Date,
): { accounts: Map<string, AccountSnapshot>; affiliationOrder: string[]; dueHalfOpen: string[] } {
  const { accounts: accountRows, affiliations: affiliationRows } = reads;
  const affiliationOf = new Map<string, { status: string; card_brands: string[] }>();
  for (const a of affiliationRows) {
    // A company may have had several with one account; the ACTIVE one is the one that counts.
    const known = affiliationOf.get(a.provider);
    if (!known || a.status === 'ACTIVE') affiliationOf.set(a.provider, { status: a.status, card_brands: [] });
  }
  const accounts = new Map<string, AccountSnapshot>();
  const dueHalfOpen: string[] = [];
  for (const row of accountRows) {
    const stored = circuitOf(row);
    const circuit = circuitAt(stored, now);
    if (stored.state === 'OPEN' && circuit.state === 'HALF_OPEN') dueHalfOpen.push(row.id);
    accounts.set(row.provider, {
      provider: row.provider,
      provider_account_id: row.id,
      connector: row.connector,
      status: row.status,
      allowed: mayUse(row, organizationId),
      capabilities: sharedCapabilitiesOf(row),
      affiliation: affiliationOf.get(row.provider) ?? null,
      circuit,
    });
  }
  const affiliationOrder = [...new Set(affiliationRows.filter((a) => a.status === 'ACTIVE').map((a) => a.provider))];
  return { accounts, affiliationOrder, dueHalfOpen };
}

/** The SUCCESS_RATE windows of one strategy's candidates for one payment method. */
export async function strategyScores(
  tx: Executor,
  organizationId: string,
  paymentMethod: string,
  windowSize: number,
  latencyThresholdMs: number | null,
): Promise<Map<string, WindowScore>> {
  const windows = await windowsOf(tx, organizationId, windowSize, paymentMethod, latencyThresholdMs);
  return new Map(windows.map((w) => [w.provider, { samples: Number(w.samples), successes: Number(w.successes) }]));
}
