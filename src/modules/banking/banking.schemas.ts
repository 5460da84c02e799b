import { z } from 'zod';
import type { BankAccountRow, InternalTransferRow } from '../../db/schema/index.js';
import { PROVIDER_NAMES } from '../../providers/port.js';
import { metadataField, requestIdField, requiredRequestIdField, upperEnum, uuid } from '../../http/schemas.js';
import { TRANSFER_STATUSES } from './banking.rules.js';

export const BANK_ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED'] as const;

export const openAccountBody = z.strictObject({
  provider: upperEnum(PROVIDER_NAMES),
  company_id: uuid().optional(),
  request_id: requestIdField(),
});

/** A sandbox deposit is capped (10 billion BRL) so balances stay far inside exact integer range. */
export const depositBody = z.strictObject({ amount: z.int().min(1).max(1_000_000_000_000) });

export const createTransferBody = z.strictObject({
  request_id: requiredRequestIdField(),
  origin_bank_account_id: uuid(),
  destination_bank_account_id: uuid(),
  amount: z.int().min(1),
  metadata: metadataField().optional(),
});
export type CreateTransferInput = z.infer<typeof createTransferBody>;

export const transferStatusBody = z.strictObject({
  status: upperEnum(TRANSFER_STATUSES),
  error_message: z.string().min(1).max(500).optional(),
});

export const bankAccountSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  provider: z.string(),
  branch: z
    .string()
    .nullable()
    .describe('Null at a provider account without banking: the account is kept on the platform ledger only'),
  account_number: z.string().nullable(),
  status: z.string(),
  balance: z.object({
    available: z.number().int(),
    held: z.number().int(),
    pending: z.number().int().meta({ description: 'The net of its PENDING receivables (money.md M3)' }),
    debt: z
      .number()
      .int()
      .meta({ description: 'What the company owes when a debit found available short; repaid first by every credit' }),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});

export const internalTransferSchema = z.object({
  id: z.string(),
  request_id: z.string(),
  external_request_id: z.string().nullable(),
  company_id: z.string(),
  origin_bank_account_id: z.string(),
  destination_bank_account_id: z.string(),
  amount: z.number().int(),
  status: z.enum(TRANSFER_STATUSES),
  provider_transfer_id: z.string().nullable(),
  error_message: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A freshly opened account carries no `pending`/`debt` (both 0); read rows carry them (withBalances). */
export function toBankAccountView(
  row: BankAccountRow & { pending?: number; debt?: number },
): z.infer<typeof bankAccountSchema> {
  return {
    id: row.id,
    company_id: row.companyId,
    provider: row.provider,
    branch: row.branch,
    account_number: row.accountNumber,
    status: row.status,
    balance: { available: row.available, held: row.held, pending: row.pending ?? 0, debt: row.debt ?? 0 },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toTransferView(row: InternalTransferRow): z.infer<typeof internalTransferSchema> {
  return {
    id: row.id,
    request_id: row.requestId,
    external_request_id: row.externalRequestId,
    company_id: row.companyId,
    origin_bank_account_id: row.originBankAccountId,
    destination_bank_account_id: row.destinationBankAccountId,
    amount: row.amount,
    status: row.status,
    provider_transfer_id: row.providerTransferId,
    ...(row.errorMessage ? { error_message: row.errorMessage } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.metadata ? { metadata: row.metadata } : {}),
  };
}
