import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { cnpjFromBase, cpfFromBase } from '../domain/brazilian-documents.js';
import { createCompany } from '../modules/companies/companies.service.js';
import { PLATFORM_SCOPE } from '../http/idempotency.js';
import { writeFileAtomic } from './secrets.js';

export interface SandboxInfo {
  core_url: string;
  pci_url: string;
  docs_url: string;
  platform_admin_key: string;
  organization: { id: string; api_key: string };
}

/**
 * First sandbox start: one organization to try the API with. DATA_DIR/sandbox.json keeps its key (the
 * database keeps only a hash), so later starts reuse it; if the database was replaced, a new one is made.
 */
export async function ensureSandboxOrganization(
  db: Database,
  dataDir: string,
  urls: { core_url: string; pci_url: string; docs_url: string },
  platformAdminKey: string,
): Promise<SandboxInfo> {
  const file = join(dataDir, 'sandbox.json');
  if (existsSync(file)) {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as SandboxInfo;
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, previous.organization.id)).limit(1);
    if (row) return write(file, { ...urls, platform_admin_key: platformAdminKey, organization: previous.organization });
  }
  const created = await createCompany(db, { requestId: 'sandbox-bootstrap', principal: { kind: 'platform', credentialId: 'platform' } }, {
    kind: 'ORGANIZATION',
    idempotencyCompanyId: PLATFORM_SCOPE,
    settings: { kycEnabled: false, shareDocuments: false, companyOnboardingEnabled: true },
    input: {
      name: 'Sandbox Organization',
      full_name: 'Sandbox Organization Ltda',
      document_number: cnpjFromBase(String(Date.now()).slice(-12).padStart(12, '1')),
      document_tax_type: 'PJ',
      contact: { first_name: 'Sandbox', last_name: 'Owner', email: 'owner@sandbox.local', phone: '+5511999990000', document_number: cpfFromBase('123456789'), role: 'PARTNER' },
      address: { street: 'Avenida Paulista', street_number: '1000', neighborhood: 'Bela Vista', zipcode: '01310100', country: '076', state: 'SP', city: 'São Paulo' },
    },
  });
  return write(file, { ...urls, platform_admin_key: platformAdminKey, organization: { id: created.company.id, api_key: created.apiKey as string } });
}

function write(file: string, info: SandboxInfo): SandboxInfo {
  writeFileAtomic(file, JSON.stringify(info, null, 2));
  return info;
}
