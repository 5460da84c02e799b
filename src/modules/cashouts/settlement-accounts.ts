import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { affiliations, type AffiliationRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../kernel/clock.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { DomainError, notFound } from '../../kernel/errors.js';
import { defineStateMachine } from '../../kernel/state-machine.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import type { PixKeyType } from '../../providers/banking.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { providerFailure } from '../../kernel/provider-failures.js';
import { toAffiliationView } from '../onboarding/onboarding.views.js';
import type { SettlementAccountInput } from './cashouts.schemas.js';

export interface SettlementDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/**
 * The moves a settlement account makes on its affiliation (product.md: INVALID_SETTLEMENT_BANK_ACCOUNT comes
 * from elsewhere than requirements): a review that finds it INVALID takes an ACTIVE affiliation there; a VALID
 * review or a new settlement account brings it back to ACTIVE.
 */
export const settlementMoves = defineStateMachine<'ACTIVE' | 'INVALID_SETTLEMENT_BANK_ACCOUNT'>('Affiliation', {
  ACTIVE: ['INVALID_SETTLEMENT_BANK_ACCOUNT'],
  INVALID_SETTLEMENT_BANK_ACCOUNT: ['ACTIVE'],
});

/** Keys as the directory holds them: documents without formatting, e-mails lowercased. */
export function normalizeKey(type: PixKeyType, key: string): string {
  if (type === 'CPF') return key.replace(/[.\-\s]/g, '');
  if (type === 'CNPJ') return key.replace(/[.\-/\s]/g, '').toUpperCase();
  if (type === 'EMAIL') return key.toLowerCase();
  return key;
}

const notOwned = (key: string) =>
  new DomainError('BAD_REQUEST', 'The directory does not show the company as the owner of this key', {
    invalidField: 'pix_key',
    receivedValue: key,
    reason: 'DESTINATION_NOT_OWNED',
  });

/**
 * PUT /v1/merchants/{merchantId}/affiliations/{id}/settlement-account: the provider's directory must show the
 * company's own document as the key's owner (asked before any transaction); then one transaction stores the
 * key and the directory's view, and lifts an INVALID_SETTLEMENT_BANK_ACCOUNT affiliation back to ACTIVE.
 */
export async function setSettlementAccount(
  deps: SettlementDeps,
  correlationId: string,
  principal: CompanyPrincipal,
  merchantId: string,
  affiliationId: string,
  input: SettlementAccountInput,
): Promise<AffiliationRow> {
  const company = await merchantPathCompany(deps.db, principal, merchantId);
  const [aff] = await deps.db
    .select()
    .from(affiliations)
    .where(and(eq(affiliations.id, affiliationId), eq(affiliations.companyId, company.id)));
  if (!aff) throw notFound('Affiliation');
  const key = normalizeKey(input.pix_key_type, input.pix_key);
  let found;
  try {
    found = await deps.providers.require(
      aff.provider,
      'dict.lookup',
    )({ idempotencyKey: aff.id, key, keyType: input.pix_key_type, expectedOwnerDocument: company.documentNumber });
  } catch (err) {
    throw providerFailure(err, 'directory lookup');
  }
  if (!found.found || !found.dict.is_owned_by_company) throw notOwned(input.pix_key);
  const dict = { ...found.dict } as Record<string, unknown>;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(affiliations).where(eq(affiliations.id, aff.id)).for('update');
    const now = deps.clock.now(row!.organizationId);
    const lift = row!.status === 'INVALID_SETTLEMENT_BANK_ACCOUNT';
    const [updated] = await tx
      .update(affiliations)
      .set({
        settlementPixKeyType: input.pix_key_type,
        settlementPixKey: key,
        settlementDict: dict,
        ...(lift ? { status: 'ACTIVE' as const, providerStatusMessage: null } : {}),
        updatedAt: now,
      })
      .where(eq(affiliations.id, aff.id))
      .returning();
    if (lift) await recordAffiliationMove(tx, correlationId, updated!, row!.status, now);
    return updated!;
  });
}

/** Staff control (money.md M8): review of the settlement account; INVALID -> INVALID_SETTLEMENT_BANK_ACCOUNT. */
export async function reviewSettlementAccount(
  deps: Pick<SettlementDeps, 'db' | 'clock'>,
  correlationId: string,
  affiliationId: string,
  input: { decision: 'VALID' | 'INVALID'; reason?: string },
): Promise<AffiliationRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(affiliations).where(eq(affiliations.id, affiliationId)).for('update');
    if (!row) throw notFound('Affiliation');
    if (!row.settlementPixKey)
      throw new DomainError('CONFLICT_ERROR', 'The affiliation has no settlement account to review', {
        field: 'settlement_account',
        value: null,
      });
    const target = input.decision === 'INVALID' ? 'INVALID_SETTLEMENT_BANK_ACCOUNT' : 'ACTIVE';
    // VALID on an ACTIVE affiliation confirms what is there: nothing moves.
    if (target === 'ACTIVE' && row.status === 'ACTIVE') return row;
    settlementMoves.assert(row.status as 'ACTIVE', target);
    const now = deps.clock.now(row.organizationId);
    const message = target === 'ACTIVE' ? null : (input.reason ?? 'The settlement account was found invalid');
    const [updated] = await tx
      .update(affiliations)
      .set({ status: target, providerStatusMessage: message, updatedAt: now })
      .where(eq(affiliations.id, row.id))
      .returning();
    await recordAffiliationMove(tx, correlationId, updated!, row.status, now);
    return updated!;
  });
}

async function recordAffiliationMove(tx: Tx, correlationId: string, row: AffiliationRow, oldStatus: string, now: Date) {
  await recordEvent(
    tx,
    {
      type: 'affiliation.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: {
        affiliation_id: row.id,
        old_status: oldStatus,
        new_status: row.status,
        provider_status_message: row.providerStatusMessage,
        affiliation: toAffiliationView(row),
      },
    },
    now,
  );
}
