import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../jobs/clock.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { companyInReach } from '../../kernel/tenancy.js';
import { winningRule, type RoutedPayment } from '../../providers/routing/conditions.js';
import { decideRoute } from '../../providers/routing/decide.js';
import { requireUsableAccount } from '../provider-accounts/provider-accounts.service.js';
import { currentConfiguration } from './routing.repo.js';
import { toConfiguration, type DecideInput } from './routing.schemas.js';
import { accountSnapshots, strategyScores } from './routing-snapshot.js';

/** R6.9: what a create with this input would do now, from the same reads and the same pure decision. */
export async function decide(db: Database, clock: Clock, principal: CompanyPrincipal, input: DecideInput) {
  const organizationId = principal.organizationId;
  const company = await companyInReach(db, principal, input.company_id ?? principal.companyId);
  const explicit = input.provider === undefined ? null : (await requireUsableAccount(db, organizationId, input.provider)).provider;
  const configuration = toConfiguration(organizationId, await currentConfiguration(db, organizationId));
  const payment: RoutedPayment = {
    payment_method: input.payment_method,
    amount: input.amount,
    installments: input.installments,
    company_id: company.id,
    capture: input.capture,
    card: input.payment_method === 'PIX' ? null : { brand: input.card_data?.brand ?? null, bin: input.card_data?.bin ?? null },
    three_ds: input.three_ds ?? null,
    pix_due_date: input.pix?.due_date !== undefined,
    wallet_token: false,
  };
  const rule = explicit === null ? winningRule(configuration.rules, payment) : null;
  const strategy = rule?.strategy;
  const [{ accounts, affiliationOrder }, scores] = await Promise.all([
    accountSnapshots(db, organizationId, company.id, clock.now()),
    strategy?.type === 'SUCCESS_RATE'
      ? strategyScores(db, organizationId, payment.payment_method, strategy.window_size, strategy.latency_threshold_ms)
      : Promise.resolve(new Map()),
  ]);
  const decision = decideRoute({ configuration, payment, key: input.request_id ?? randomUUID(), explicit, accounts, affiliationOrder, scores });
  return {
    organization_id: organizationId,
    company_id: company.id,
    configuration_version: decision.configuration_version,
    rule_id: decision.rule_id,
    strategy: decision.strategy,
    draw: decision.draw,
    selected: decision.selected,
    attempt_order: decision.attempt_order.map((c) => c.provider),
    candidates: decision.candidates.map(({ routing_reason: _reason, ...candidate }) => candidate),
  };
}
