import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import { companies, type CompanyRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { issueKey, touchCompanyKeys } from '../api-keys/api-keys.repo.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { conflict, notFound, validationError } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { companiesInReach } from '../../kernel/tenancy.js';
import { recordEvent } from '../../events/outbox.js';
import { deriveCompanyShape, mergeNested } from './companies.rules.js';
import { scheduleAutomaticAnticipation, scheduleNextSlot } from './configuration-schedules.js';
import {
  findCompany,
  findMerchantInReach,
  insertCompany,
  updateCompany,
  type NewCompanyRow,
} from './companies.repo.js';
import {
  ANTICIPATION_DEFAULTS,
  type CreateCompanyInput,
  type PatchCompanyInput,
  type PatchMerchantInput,
  type PatchMyCompanyInput,
} from './companies.schemas.js';
import { assertAttachable, feePolicyChange } from '../fees/fee-attachment.js';
import { toMerchantView } from './companies.views.js';

export interface CreateCompanyCommand {
  kind: 'ORGANIZATION' | 'MERCHANT';
  /** The owning organization (merchants only). */
  organizationId?: string;
  input: CreateCompanyInput;
  settings?: { kycEnabled?: boolean; shareDocuments?: boolean; companyOnboardingEnabled?: boolean };
  /** Idempotency scope owner: the caller's company, or the platform scope. */
  idempotencyCompanyId: string;
}

export interface CreatedCompany {
  company: CompanyRow;
  /** Present only when this call created the company: keys are shown once. */
  apiKey?: string;
  replayed: boolean;
}

const DOCUMENT_INDEX: Record<CreateCompanyCommand['kind'], string> = {
  MERCHANT: 'companies_merchant_document_uq',
  ORGANIZATION: 'companies_organization_document_uq',
};

/** Creates an organization or a merchant with its API key and `company.created`, in one transaction. */
export async function createCompany(
  db: Database,
  clock: Clock,
  ctx: RequestContext,
  cmd: CreateCompanyCommand,
): Promise<CreatedCompany> {
  const { input } = cmd;
  const { shape, issues } = deriveCompanyShape({
    documentNumber: input.document_number,
    taxType: input.document_tax_type,
    contact: input.contact,
  });
  if (!shape) throw validationError(issues);
  const id = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: cmd.idempotencyCompanyId,
          scope: cmd.kind.toLowerCase(),
          requestId: input.request_id,
          body: input,
          resourceId: id,
        });
        if (existing) {
          const company = await findCompany(tx, eq(companies.id, existing));
          if (!company) throw notFound('Company');
          return { company, replayed: true };
        }
      }
      if (cmd.kind === 'MERCHANT' && input.fee_policy_id)
        await assertAttachable(tx, cmd.organizationId!, 'fee_policy_id', input.fee_policy_id);
      // An organization's own clock starts at real time (no offset exists before it does).
      const now = clock.now(cmd.kind === 'MERCHANT' ? cmd.organizationId : id);
      const row: NewCompanyRow = {
        id,
        organizationId: cmd.kind === 'MERCHANT' ? cmd.organizationId : null,
        kind: cmd.kind,
        name: input.name,
        fullName: input.full_name,
        documentNumber: input.document_number,
        documentType: shape.documentType,
        documentTaxType: shape.taxType,
        status: 'PENDING_ACTIVATION',
        contact: shape.contact,
        address: input.address,
        transferConfigurations: input.transfer_configurations ?? null,
        companyLogoUrl: input.company_logo_url ?? null,
        websiteUrl: input.website_url ?? null,
        webhookEnabled: input.webhook_enabled ?? true,
        kycEnabled: cmd.kind === 'ORGANIZATION' ? (cmd.settings?.kycEnabled ?? false) : null,
        shareDocuments: cmd.settings?.shareDocuments ?? false,
        companyOnboardingEnabled: cmd.settings?.companyOnboardingEnabled ?? true,
        declaredRevenue: input.declared_revenue ?? 0,
        feePolicyId: cmd.kind === 'MERCHANT' ? (input.fee_policy_id?.toLowerCase() ?? null) : null,
        anticipationConfigurations:
          cmd.kind === 'MERCHANT' ? mergedAnticipation(null, input.anticipation_configurations) : null,
        createdAt: now,
        updatedAt: now,
      };
      const company = await insertCompany(tx, row);
      // money.md M5: automatic cashouts are jobs; the first slot is scheduled with the configuration.
      await scheduleNextSlot(tx, company, now, now);
      if (company.anticipationConfigurations?.automatic_enabled)
        await scheduleAutomaticAnticipation(tx, cmd.organizationId!, now);
      // The first key, listed and managed like any other (product.md §15).
      const { apiKey } = await issueKey(tx, company, {
        now,
        description: `Created with the ${cmd.kind === 'MERCHANT' ? 'merchant' : 'organization'}`,
      });
      await recordEvent(
        tx,
        {
          type: 'company.created',
          companyId: id,
          organizationId: company.organizationId ?? id,
          correlationId: ctx.requestId,
          payload: toMerchantView(company),
        },
        now,
      );
      return { company, apiKey, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, DOCUMENT_INDEX[cmd.kind])) {
      throw conflict(
        `A ${cmd.kind === 'MERCHANT' ? 'merchant of this organization' : 'organization'} already uses this document number`,
        'document_number',
        input.document_number,
      );
    }
    throw err;
  }
}

/** A merchant of the caller's reach (an organization's merchant, or the merchant itself). */
export async function getMerchant(
  db: Database | Tx,
  principal: CompanyPrincipal,
  id: string,
  lock = false,
): Promise<CompanyRow> {
  const row = lock
    ? await findCompany(
        db,
        and(eq(companies.id, id), eq(companies.kind, 'MERCHANT'), companiesInReach(principal))!,
        true,
      )
    : await findMerchantInReach(db, principal, id);
  if (!row) throw notFound('Merchant');
  return row;
}

/** PATCH /v1/merchants/{id}: every input field but document_number, and the merchant's fee policy. */
export async function patchMerchant(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  id: string,
  patch: PatchMerchantInput,
): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const current = await getMerchant(tx, principal, id, true);
    const feePolicyId = await feePolicyChange(
      tx,
      principal,
      current.organizationId!,
      'fee_policy_id',
      current.feePolicyId,
      patch.fee_policy_id,
    );
    const anticipationConfigurations = patch.anticipation_configurations
      ? mergedAnticipation(current.anticipationConfigurations, patch.anticipation_configurations)
      : undefined;
    const changes = {
      ...companyChanges(current, patch),
      ...(feePolicyId !== undefined && { feePolicyId }),
      ...(anticipationConfigurations && { anticipationConfigurations }),
    };
    const now = clock.now(current.organizationId);
    // money.md M4: turning automatic anticipation on starts the organization's daily run (one per day, deduplicated).
    if (anticipationConfigurations?.automatic_enabled)
      await scheduleAutomaticAnticipation(tx, current.organizationId!, now);
    const updated = await updateCompany(tx, id, changes, now);
    if (patch.transfer_configurations !== undefined) await scheduleNextSlot(tx, updated, now, now);
    return updated;
  });
}

/** PATCH /v1/companies/me: the caller's own company; an organization also sets its default fee policy. */
export async function patchMyCompany(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  patch: PatchMyCompanyInput,
): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const current = await findCompany(tx, eq(companies.id, principal.companyId), true);
    if (!current) throw notFound('Company');
    const defaultFeePolicyId = await feePolicyChange(
      tx,
      principal,
      principal.organizationId,
      'default_fee_policy_id',
      current.defaultFeePolicyId,
      patch.default_fee_policy_id,
    );
    const changes = {
      ...companyChanges(current, patch),
      ...(defaultFeePolicyId !== undefined && { defaultFeePolicyId }),
    };
    const now = clock.now(principal.organizationId);
    const updated = await updateCompany(tx, current.id, changes, now);
    if (patch.transfer_configurations !== undefined) await scheduleNextSlot(tx, updated, now, now);
    return updated;
  });
}

/** A merchant's anticipation settings after a create or PATCH: the fields given over the current ones (or the defaults). */
function mergedAnticipation(
  current: CompanyRow['anticipationConfigurations'],
  given: { automatic_enabled?: boolean; delay_days?: number } | undefined,
) {
  return {
    ...ANTICIPATION_DEFAULTS,
    ...(current ?? {}),
    ...Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== undefined)),
  } as { automatic_enabled: boolean; delay_days: number };
}

/** The columns a PATCH sets: nested contact/address merge and the company shape is derived again. */
function companyChanges(current: CompanyRow, patch: PatchCompanyInput): Partial<NewCompanyRow> {
  const contact = mergeNested(current.contact, patch.contact as Record<string, unknown> | undefined);
  const address = mergeNested(current.address, patch.address as Record<string, unknown> | undefined);
  const { shape, issues } = deriveCompanyShape({
    documentNumber: current.documentNumber,
    taxType: patch.document_tax_type ?? current.documentTaxType,
    contact,
  });
  if (!shape) throw validationError(issues);
  return {
    contact: shape.contact,
    address,
    documentTaxType: shape.taxType,
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.full_name !== undefined && { fullName: patch.full_name }),
    ...(patch.transfer_configurations !== undefined && { transferConfigurations: patch.transfer_configurations }),
    ...(patch.company_logo_url !== undefined && { companyLogoUrl: patch.company_logo_url }),
    ...(patch.website_url !== undefined && { websiteUrl: patch.website_url }),
    ...(patch.webhook_enabled !== undefined && { webhookEnabled: patch.webhook_enabled }),
    ...(patch.declared_revenue !== undefined && { declaredRevenue: patch.declared_revenue }),
  };
}

/** Staff status moves; every real change emits `company.status-changed` in the same transaction. */
export async function setCompanyStatus(
  db: Database,
  clock: Clock,
  ctx: RequestContext,
  id: string,
  status: CompanyRow['status'],
): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const current = await findCompany(tx, eq(companies.id, id), true);
    if (!current) throw notFound('Company');
    return applyCompanyStatus(tx, ctx.requestId, current, status, clock.now(current.organizationId ?? current.id));
  });
}

/**
 * Moves a company (already locked by the caller's transaction) to `status`, recording
 * `company.status-changed`; no-op when unchanged. Onboarding uses it for the move to ACTIVE.
 */
export async function applyCompanyStatus(
  tx: Tx,
  correlationId: string,
  current: CompanyRow,
  status: CompanyRow['status'],
  now: Date,
): Promise<CompanyRow> {
  if (current.status === status) return current;
  const updated = await updateCompany(tx, current.id, { status }, now);
  // Whether its keys (and its merchants') answer 403 is cached with them: instances that poll must hear of it.
  if (current.status === 'BLOCKED' || status === 'BLOCKED') await touchCompanyKeys(tx, current.id);
  await recordEvent(
    tx,
    {
      type: 'company.status-changed',
      companyId: current.id,
      organizationId: current.organizationId ?? current.id,
      correlationId,
      payload: { company_id: current.id, old_status: current.status, new_status: status },
    },
    now,
  );
  return updated;
}
