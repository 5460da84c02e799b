import { z } from 'zod';
import type { PixKeyRow } from '../../db/schema/index.js';
import { requestIdField, upperEnum, uuid } from '../../http/schemas.js';
import { PIX_KEY_TYPES } from './pix.rules.js';

export const createPixKeyBody = z.strictObject({
  key_type: upperEnum(PIX_KEY_TYPES),
  key: z.string().max(100).optional(),
  bank_account_id: uuid(),
  request_id: requestIdField(),
});
export type CreatePixKeyInput = z.infer<typeof createPixKeyBody>;

/** The directory snapshot as stored and returned; a stored one that does not parse reads as null. */
export const dictKeyInformationSchema = z.object({
  bank: z.string(),
  account: z.string(),
  branch: z.string(),
  account_type: z.string(),
  owner_name: z.string(),
  owner_document: z.string(),
  is_owned_by_company: z.boolean(),
});

export const pixKeySchema = z.object({
  id: z.string(),
  company_id: z.string(),
  bank_account_id: z.string(),
  key_type: z.enum(PIX_KEY_TYPES),
  key: z.string(),
  primary: z.boolean(),
  status: z.enum(['ACTIVE', 'DELETED']),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  dict_key_information: dictKeyInformationSchema.nullable(),
});

export function toPixKeyView(row: PixKeyRow): z.infer<typeof pixKeySchema> {
  const dict = dictKeyInformationSchema.safeParse(row.dictKeyInformation);
  return {
    id: row.id,
    company_id: row.companyId,
    bank_account_id: row.bankAccountId,
    key_type: row.keyType,
    key: row.key,
    primary: row.primary,
    status: row.status,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    dict_key_information: dict.success ? dict.data : null,
  };
}
