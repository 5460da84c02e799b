import { and, eq } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { contact, randomCnpj, randomCpf } from './fixtures.js';

/** Smallest real files of each accepted content type (file-type recognizes them by magic bytes). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f7a3e60000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(20)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export function uploadBody(fileType: string, subject: string, overrides: Record<string, unknown> = {}) {
  return {
    file_type: fileType,
    subject_document_number: subject,
    content_type: 'application/pdf',
    content_base64: PDF.toString('base64'),
    ...overrides,
  };
}

export async function upload(
  t: TestApp,
  key: string,
  merchantId: string,
  fileType: string,
  subject: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/merchants/${merchantId}/onboarding-documents`,
    key,
    payload: uploadBody(fileType, subject, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function requirements(t: TestApp, key: string, merchantId: string, provider = 'PROVIDER_A') {
  const res = await t.request({
    method: 'GET',
    url: `/core/v1/merchants/${merchantId}/onboarding-requirements?provider=${provider}`,
    key,
  });
  if (res.statusCode !== 200) throw new Error(`requirements failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, any>[];
}

export async function reviewDocument(t: TestApp, id: string, decision: 'APPROVED' | 'REFUSED', reason?: string) {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/onboarding-documents/${id}/review`,
    key: t.platformKey,
    payload: { decision, ...(reason ? { reason } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`review failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const byType = (rows: Record<string, any>[], type: string) => rows.find((r) => r.type === type)!;

/** A CNPJ merchant body: tax type, contact role and flags as given. */
export function cnpjMerchant(
  taxType: 'PJ' | 'MEI' | 'ME',
  contactOverrides: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return {
    document_number: randomCnpj(),
    document_tax_type: taxType,
    contact: contact({ document_number: randomCpf(), ...contactOverrides }),
    ...extra,
  };
}

export async function eventsOf(t: TestApp, companyId: string, type?: string) {
  const where = type ? and(eq(events.companyId, companyId), eq(events.type, type)) : eq(events.companyId, companyId);
  return t.db.db.select().from(events).where(where).orderBy(events.occurredAt);
}
