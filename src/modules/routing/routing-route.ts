import type { Database } from '../../db/client.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { winningRule, type RoutedPayment } from '../../providers/routing/conditions.js';
import { decideRoute, type RoutingConfiguration, type RoutingDecision } from '../../providers/routing/decide.js';
import type { AccountSnapshot } from '../../providers/routing/eligibility.js';
import type { WindowScore } from '../../providers/routing/strategies.js';
import { storeDueHalfOpen } from '../provider-accounts/provider-accounts.circuit.js';
import { toConfiguration } from './routing.schemas.js';
import { accountSnapshots, routingReads, strategyScores, type RoutingReads } from './routing-snapshot.js';

export interface RouteInput {
  organizationId: string;
  companyId: string;
  payment: RoutedPayment;
  /** R6.4's key: the create's request_id, else the transaction id (decide: its request_id, else random). */
  key: string;
  /** An explicit `provider`, already checked usable by the organization (R1.5), uppercase. */
  explicit: string | null;
  /** Real time: circuits move on the wall clock. */
  now: Date;
  correlationId: string;
  /** decide without an explicit provider: the caller, whose reach of the company is checked in the same read (404). */
  reach?: CompanyPrincipal;
  /** The reads, made already with the caller's own (a create's grouped read: `routingReadColumns`). */
  reads?: RoutingReads;
}

export interface Route {
  decision: RoutingDecision;
  accounts: ReadonlyMap<string, AccountSnapshot>;
  /** R6.2 `failover` of the configuration the decision read (a create follows the one it was routed by). */
  failover: RoutingConfiguration['failover'];
  /** The paying company's affiliations' merchant references by provider, from the same read (absent: none). */
  merchantReferences: ReadonlyMap<string, Record<string, unknown> | null>;
}

/**
 * R6.5-R6.6 for one payment: the reads (configuration, accounts with their circuits, the company's affiliations,
 * the SUCCESS_RATE windows when the winning rule needs them) and the one pure decision. `POST /v1/routing/decide`
 * and every create call this, so a create's first attempt goes where `decide` said for the same state and key.
 * Circuits past their cool-down are stored HALF_OPEN here (R6.11: "by the next decision that reads the account").
 */
export async function routePayment(db: Database, input: RouteInput): Promise<Route> {
  const { organizationId, payment } = input;
  const reads = input.reads ?? (await routingReads(db, organizationId, input.companyId, input.reach));
  if (reads.inReach === false) throw notFound('Company');
  const configuration = toConfiguration(organizationId, reads.configuration);
  const rule = input.explicit === null ? winningRule(configuration.rules, payment) : null;
  const strategy = rule?.strategy;
  const snapshot = accountSnapshots(reads, organizationId, input.now);
  const scores =
    strategy?.type === 'SUCCESS_RATE'
      ? await strategyScores(
          db,
          organizationId,
          payment.payment_method,
          strategy.window_size,
          strategy.latency_threshold_ms,
        )
      : new Map<string, WindowScore>();
  if (snapshot.dueHalfOpen.length > 0) await storeDueHalfOpen(db, snapshot.dueHalfOpen, input.now, input.correlationId);
  const decision = decideRoute({
    configuration,
    payment,
    key: input.key,
    explicit: input.explicit,
    accounts: snapshot.accounts,
    affiliationOrder: snapshot.affiliationOrder,
    scores,
  });
  const merchantReferences = new Map<string, Record<string, unknown> | null>();
  // Oldest first, as merchantReferenceFor's `limit 1` would find one (a company has one affiliation per provider).
  for (const a of reads.affiliations)
    if (!merchantReferences.has(a.provider)) merchantReferences.set(a.provider, a.merchant_reference ?? null);
  return { decision, accounts: snapshot.accounts, failover: configuration.failover, merchantReferences };
}
