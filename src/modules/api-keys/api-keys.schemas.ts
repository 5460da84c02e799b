import { z } from 'zod';
import type { ApiKeyRow } from '../../db/schema/index.js';
import { listQuery } from '../../http/pagination.js';
import { noCardData, timestamp, uuid } from '../../http/schemas.js';
import { MAX_GRACE_SECONDS } from './api-keys.rules.js';

export const createApiKeyBody = z.strictObject({
  company_id: uuid().optional().meta({
    description: 'The company the key is for: the caller (default) or, for an organization, one of its merchants',
  }),
  description: noCardData(z.string().max(255)).optional(),
  expires_at: timestamp().optional().meta({ description: 'When the key stops working; must be in the future' }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>;

export const rollApiKeyBody = z.strictObject({
  grace_seconds: z
    .int()
    .min(0)
    .max(MAX_GRACE_SECONDS)
    .meta({ description: 'How long the old key keeps working (0-604800 seconds)' }),
});

export const apiKeyListQuery = listQuery({ extra: { company_id: uuid().optional() } });

export const apiKeySchema = z.object({
  id: z.string(),
  company_id: z.string(),
  description: z.string().nullable(),
  /** Null for keys issued before keys were listed (their end was never stored). */
  last4: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

/** Create and roll answer the key itself, once: it is stored only as a hash. */
export const issuedApiKeySchema = apiKeySchema.extend({ api_key: z.string() });

export function toApiKeyView(row: ApiKeyRow): z.infer<typeof apiKeySchema> {
  return {
    id: row.id,
    company_id: row.companyId,
    description: row.description,
    last4: row.last4,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
