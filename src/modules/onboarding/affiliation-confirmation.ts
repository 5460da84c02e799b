import { z } from 'zod';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { affiliations, type AffiliationRow, type ProviderAccountRow } from '../../db/schema/index.js';
import { allOf, selectPage, type CommonListFilters } from '../../http/pagination.js';
import { mapZodIssues } from '../../http/validation.js';
import {
  conflict,
  conflictWithReason,
  DomainError,
  notFound,
  validationError,
  type ValidationIssue,
} from '../../kernel/errors.js';
import { checksMerchantReference, type MerchantReferenceInput } from '../../providers/merchant-reference.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { isPixKey } from '../provider-accounts/connector-input.js';
import { latestCredentials } from '../provider-accounts/provider-accounts.repo.js';
import { webhookUrl } from '../provider-accounts/provider-accounts.rules.js';
import { enqueuePixWebhookRegistration } from '../provider-accounts/pix-webhook-registration.js';
import { requireAccount } from '../provider-accounts/provider-accounts.service.js';
import { scheduleAccountOpening } from '../banking/account-opening.js';
import { activateCompany, recordAffiliationStatus, type EngineContext } from './engine.js';

/**
 * providers.md R1.7: staff confirm (or reject) an affiliation with an ADYEN_CHECKOUT or PIX_API_BCB account. The
 * reference is checked with the provider outside any transaction; the move and its events are one transaction.
 */
export interface ConfirmationDeps {
  db: Database;
  providers: ProviderRegistry;
  /** `{core}` of the PIX webhook URL registered for the key (R1.2). */
  coreUrl: string;
}

const ADYEN_REFERENCE = z.strictObject({
  merchant_account: z.string().min(1).max(80),
  store: z.string().min(1).max(16).nullable().optional(),
  sub_merchant_id: z
    .string()
    .regex(/^[A-Za-z0-9]{1,15}$/, 'must match ^[A-Za-z0-9]{1,15}$')
    .optional(),
  mcc: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional(),
});
const PIX_REFERENCE = z.strictObject({ chave: z.string().max(77).nullable().optional() });

/** The reference with its defaults applied (R1.7), or the issues under `merchant_reference.`. */
export function merchantReferenceOf(
  account: ProviderAccountRow,
  input: unknown,
): { reference: Record<string, unknown>; issues: ValidationIssue[] } {
  const schema = account.connector === 'ADYEN_CHECKOUT' ? ADYEN_REFERENCE : PIX_REFERENCE;
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    return {
      reference: {},
      issues: mapZodIssues(
        parsed.error.issues.map((i) => ({ ...i, path: ['merchant_reference', ...i.path] })),
        { merchant_reference: input },
      ),
    };
  const issues: ValidationIssue[] = [];
  if (account.connector === 'ADYEN_CHECKOUT') {
    const r = parsed.data as z.infer<typeof ADYEN_REFERENCE>;
    const facilitator = account.settings.payment_facilitator === true;
    for (const field of ['sub_merchant_id', 'mcc'] as const) {
      if (facilitator && r[field] === undefined)
        issues.push({
          field: `merchant_reference.${field}`,
          type: 'REQUIRED',
          message: `merchant_reference.${field} is required when the account is a payment facilitator`,
        });
      if (!facilitator && r[field] !== undefined)
        issues.push({
          field: `merchant_reference.${field}`,
          type: 'INVALID_FORMAT',
          message: `merchant_reference.${field} is only for payment facilitator accounts`,
          value: r[field],
        });
    }
    return {
      issues,
      reference: {
        merchant_account: r.merchant_account,
        store: r.store ?? null,
        ...(facilitator ? { sub_merchant_id: r.sub_merchant_id ?? null, mcc: r.mcc ?? null } : {}),
      },
    };
  }
  const r = parsed.data as z.infer<typeof PIX_REFERENCE>;
  const chave = r.chave ?? (typeof account.settings.default_chave === 'string' ? account.settings.default_chave : null);
  if (chave === null)
    issues.push({
      field: 'merchant_reference.chave',
      type: 'REQUIRED',
      message: 'merchant_reference.chave is required (the account has no default_chave)',
    });
  else if (!isPixKey(chave))
    issues.push({
      field: 'merchant_reference.chave',
      type: 'INVALID_FORMAT',
      message: 'merchant_reference.chave must be a PIX key',
      value: chave,
    });
  return { issues, reference: { chave } };
}

async function findAffiliation(db: Database, id: string): Promise<AffiliationRow> {
  const [row] = await db.select().from(affiliations).where(eq(affiliations.id, id));
  if (!row) throw notFound('Affiliation');
  return row;
}

async function accountOf(db: Database, row: AffiliationRow): Promise<ProviderAccountRow> {
  if (row.providerAccountId) return requireAccount(db, row.providerAccountId);
  throw conflictWithReason(
    'Only affiliations with ADYEN_CHECKOUT or PIX_API_BCB accounts are confirmed by staff',
    'provider',
    row.provider,
    'NOT_APPLICABLE',
  );
}

const CONFIRMABLE = new Set(['WAITING_CONFIRMATION', 'ACTIVE']);

export async function confirmAffiliation(
  deps: ConfirmationDeps,
  ctx: EngineContext,
  id: string,
  input: unknown,
): Promise<AffiliationRow> {
  const row = await findAffiliation(deps.db, id);
  const account = await accountOf(deps.db, row);
  if (account.connector === 'SANDBOX')
    throw conflictWithReason(
      'Affiliations with SANDBOX accounts are not confirmed by staff',
      'provider',
      row.provider,
      'NOT_APPLICABLE',
    );
  if (!CONFIRMABLE.has(row.status)) throw conflict(`The affiliation is ${row.status}`, 'status', row.status);
  if (account.status !== 'ACTIVE')
    throw conflictWithReason('The provider account is disabled', 'provider', account.provider, 'ACCOUNT_DISABLED');
  const { reference, issues } = merchantReferenceOf(account, input);
  if (issues.length > 0) throw validationError(issues);

  // The provider's word, outside any transaction (R1.7).
  let confirmed: Record<string, unknown> = reference;
  const skip = account.connector === 'PIX_API_BCB' && account.settings.register_webhooks === false;
  if (!skip) {
    const adapter = await deps.providers.resolve(account.provider);
    if (!checksMerchantReference(adapter))
      throw new DomainError('INTEGRATION_ERROR', 'The provider cannot check merchant references', {
        reason: 'NOT_SUPPORTED',
      });
    const query: MerchantReferenceInput =
      account.connector === 'ADYEN_CHECKOUT'
        ? { merchantAccount: String(reference.merchant_account), store: (reference.store as string | null) ?? null }
        : {
            chave: String(reference.chave),
            webhookUrl: webhookUrl(
              deps.coreUrl,
              account,
              (await latestCredentials(deps.db, [account.id])).get(account.id)?.find((c) => c.validUntil === null)
                ?.webhookToken ?? null,
            ),
          };
    const answer = await adapter.checkMerchantReference(query);
    if (answer.kind === 'rejected')
      throw conflictWithReason(
        'The provider rejected the merchant reference',
        'merchant_reference',
        null,
        'PROVIDER_REJECTED_REFERENCE',
        { provider_message: answer.message.slice(0, 500) },
      );
    if (answer.kind === 'failed')
      throw new DomainError('INTEGRATION_ERROR', 'The provider could not check the merchant reference', {
        reason: answer.reason,
      });
    if (answer.cardBrands) confirmed = { ...reference, card_brands: answer.cardBrands };
  }

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(affiliations).where(eq(affiliations.id, id)).for('update');
    if (!locked) throw notFound('Affiliation');
    if (!CONFIRMABLE.has(locked.status)) throw conflict(`The affiliation is ${locked.status}`, 'status', locked.status);
    const now = ctx.clock.now(locked.organizationId);
    const [updated] = await tx
      .update(affiliations)
      .set({
        merchantReference: confirmed,
        confirmedAt: now,
        status: 'ACTIVE',
        providerStatusMessage: null,
        updatedAt: now,
      })
      .where(eq(affiliations.id, id))
      .returning();
    if (locked.status !== 'ACTIVE') {
      await recordAffiliationStatus(tx, ctx, updated!, locked.status);
      await activateCompany(tx, ctx, locked.companyId);
      await scheduleAccountOpening(tx, updated!, now); // money.md M2, on the ledger only at a banking:false account (Changes 9)
    }
    // R3.7: each confirmation registers the account's webhook again, for every key it now serves.
    if (account.connector === 'PIX_API_BCB' && account.settings.register_webhooks !== false)
      await enqueuePixWebhookRegistration(tx, account.id, now);
    return updated!;
  });
}

export async function rejectAffiliation(
  db: Database,
  ctx: EngineContext,
  id: string,
  reason: string,
): Promise<AffiliationRow> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(affiliations).where(eq(affiliations.id, id)).for('update');
    if (!locked) throw notFound('Affiliation');
    if (!CONFIRMABLE.has(locked.status)) throw conflict(`The affiliation is ${locked.status}`, 'status', locked.status);
    const now = ctx.clock.now(locked.organizationId);
    const [updated] = await tx
      .update(affiliations)
      .set({ status: 'BLOCKED', providerStatusMessage: reason, updatedAt: now })
      .where(eq(affiliations.id, id))
      .returning();
    await recordAffiliationStatus(tx, ctx, updated!, locked.status);
    return updated!;
  });
}

/** GET /v1/platform/affiliations: every affiliation, with the staff filters of R1.1. */
export async function listAllAffiliations(
  db: Database,
  q: CommonListFilters & { provider?: string[]; company_id?: string; organization_id?: string },
) {
  const filters: (SQL | undefined)[] = [
    q.provider?.length
      ? inArray(
          affiliations.provider,
          q.provider.map((p) => p.toUpperCase()),
        )
      : undefined,
    q.company_id ? eq(affiliations.companyId, q.company_id) : undefined,
    q.organization_id ? eq(affiliations.organizationId, q.organization_id) : undefined,
  ];
  return selectPage(db, affiliations, allOf(filters), q, {
    id: affiliations.id,
    createdAt: affiliations.createdAt,
    status: affiliations.status,
  });
}

/** The merchant reference staff confirmed for the company at this account (R1.7), or null. */
export async function merchantReferenceFor(
  db: Executor,
  companyId: string,
  provider: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ ref: affiliations.merchantReference })
    .from(affiliations)
    .where(and(eq(affiliations.companyId, companyId), eq(affiliations.provider, provider)))
    .limit(1);
  return row?.ref ?? null;
}
