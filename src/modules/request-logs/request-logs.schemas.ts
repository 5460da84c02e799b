import { z } from 'zod';
import type { RequestLogRow } from '../../db/schema/index.js';
import { listQuery } from '../../http/pagination.js';

export const requestLogSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  method: z.string(),
  path: z.string().describe('The path as called (card numbers redacted), without the query string'),
  status: z.int(),
  error_code: z.string().nullable().describe("The error envelope's code when the request failed"),
  duration_ms: z.int(),
  request_id: z.string().describe("The answer's request id (the X-Request-Id header and an error's requestId)"),
  idempotency_key: z.string().nullable().describe('The request_id (or Idempotency-Key) a create was sent with'),
  replayed: z.boolean().describe('The answer was an idempotent replay of an earlier request'),
  api_key_id: z.string().nullable(),
  source: z.enum(['API_KEY', 'USER_SESSION']),
  ip: z.string().nullable(),
  body_summary: z
    .object({ fields: z.array(z.string()), bytes: z.int() })
    .nullable()
    .describe("The body's top-level field names and size; values are never kept"),
  created_at: z.string(),
});

export const requestLogListQuery = listQuery({
  extra: {
    status: z.coerce.number().int().min(100).max(599).optional().describe('Only answers with this HTTP status'),
    status_class: z.enum(['2xx', '4xx', '5xx']).optional().describe('Only answers of this class'),
    path: z.string().min(1).max(2048).optional().describe('Only paths starting with this'),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
    request_id: z.string().min(1).max(255).optional(),
    company_id: z.guid().optional().describe("An organization key: one company's requests (itself or a merchant)"),
  },
});
export type RequestLogListQuery = z.output<typeof requestLogListQuery>;
export type RequestLogView = z.infer<typeof requestLogSchema>;

export const toRequestLogView = (row: RequestLogRow): z.infer<typeof requestLogSchema> => ({
  id: row.id,
  company_id: row.companyId,
  method: row.method,
  path: row.path,
  status: row.status,
  error_code: row.errorCode,
  duration_ms: row.durationMs,
  request_id: row.requestId,
  idempotency_key: row.idempotencyKey,
  replayed: row.replayed,
  api_key_id: row.apiKeyId,
  source: row.source as 'API_KEY' | 'USER_SESSION',
  ip: row.ip,
  body_summary: row.bodySummary ?? null,
  created_at: row.createdAt.toISOString(),
});
