import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { companyInReach } from '../../kernel/tenancy.js';
import type { RoutedPayment } from '../../providers/routing/conditions.js';
import { requireUsableAccount } from '../provider-accounts/provider-accounts.service.js';
import type { DecideInput } from './routing.schemas.js';
import { routePayment } from './routing-route.js';

/** R6.9: what a create with this input would do now, from the same reads and the same pure decision. */
export async function decide(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  input: DecideInput,
  correlationId = 'decide',
) {
  const organizationId = principal.organizationId;
  const companyId = input.company_id ?? principal.companyId;
  // With an explicit provider the company is checked first (404 before its 400), as before; without one (the
  // common decide) the check is part of the routing read: one statement for the whole decision.
  const company = input.provider === undefined ? { id: companyId } : await companyInReach(db, principal, companyId);
  const explicit =
    input.provider === undefined ? null : (await requireUsableAccount(db, organizationId, input.provider)).provider;
  const payment: RoutedPayment = {
    payment_method: input.payment_method,
    amount: input.amount,
    installments: input.installments,
    company_id: company.id,
    capture: input.capture,
    card:
      input.payment_method === 'PIX'
        ? null
        : { brand: input.card_data?.brand ?? null, bin: input.card_data?.bin ?? null },
    three_ds: input.three_ds ?? null,
    pix_due_date: input.pix?.due_date !== undefined,
    wallet_token: false,
  };
  const key = input.request_id ?? randomUUID();
  const { decision } = await routePayment(db, {
    organizationId,
    companyId: company.id,
    payment,
    key,
    explicit,
    now: clock.now(),
    correlationId,
    ...(input.provider === undefined ? { reach: principal } : {}),
  });
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
