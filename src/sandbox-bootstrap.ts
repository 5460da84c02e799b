import type { Clock } from './kernel/clock.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client.js';
import { companies } from './db/schema/index.js';
import { cnpjFromBase, cpfFromBase } from './domain/brazilian-documents.js';
import { createCompany } from './modules/companies/companies.service.js';
import { PLATFORM_SCOPE } from './kernel/idempotency.js';
import { writeFileAtomic } from './runtime/secrets.js';
import { backfillLast4, issueKey, keyWorks } from './modules/api-keys/api-keys.repo.js';

export interface SandboxInfo {
  core_url: string;
  pci_url: string;
  docs_url: string;
  platform_admin_key: string;
  organization: { id: string; api_key: string };
}

/** Each database's sandbox organization, by database identity, kept in DATA_DIR (the database keeps only key hashes). */
type KeyBook = Record<string, { organization: { id: string; api_key: string } }>;

/** A database's identity without its password: the embedded one, or a hash of the DATABASE_URL. */
export function databaseIdentity(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'embedded';
  const url = new URL(databaseUrl);
  url.password = '';
  return `postgres:${createHash('sha256').update(url.toString()).digest('hex').slice(0, 32)}`;
}

/**
 * The sandbox never loses a key (product.md §14): DATA_DIR/sandbox-databases.json keeps every database's
 * organization and key, so starting the same DATA_DIR on another database and back restores the first one;
 * sandbox.json always shows the current database's. A database without a known organization gets a new one.
 */
export async function ensureSandboxOrganization(
  db: Database,
  dataDir: string,
  urls: { core_url: string; pci_url: string; docs_url: string },
  platformAdminKey: string,
  clock: Clock,
  identity = 'embedded',
): Promise<SandboxInfo> {
  const file = join(dataDir, 'sandbox.json');
  const bookFile = join(dataDir, 'sandbox-databases.json');
  const book: KeyBook = existsSync(bookFile) ? (JSON.parse(readFileSync(bookFile, 'utf8')) as KeyBook) : {};
  // Candidates: this database's entry, then sandbox.json (written before the book existed), then any other.
  const candidates = [book[identity]?.organization];
  if (existsSync(file)) candidates.push((JSON.parse(readFileSync(file, 'utf8')) as SandboxInfo).organization);
  candidates.push(...Object.values(book).map((e) => e.organization));
  for (const org of candidates) {
    if (!org) continue;
    const [row] = await db
      .select({ id: companies.id, kind: companies.kind, organizationId: companies.organizationId })
      .from(companies)
      .where(eq(companies.id, org.id))
      .limit(1);
    if (!row) continue;
    // A key issued before keys were listed has no last4; the sandbox knows its own key, so it can tell.
    await backfillLast4(db, org.api_key);
    // The printed key must work: one revoked or rolled away since (product.md §15) is replaced by a new one.
    const current = (await keyWorks(db, org.api_key, clock.now()))
      ? org
      : {
          id: org.id,
          api_key: (await issueKey(db, row, { now: clock.now(), description: 'Sandbox key (reissued at start)' }))
            .apiKey,
        };
    return remember(file, bookFile, book, identity, {
      ...urls,
      platform_admin_key: platformAdminKey,
      organization: current,
    });
  }
  const created = await createCompany(
    db,
    clock,
    { requestId: 'sandbox-bootstrap', principal: { kind: 'platform', credentialId: 'platform' } },
    {
      kind: 'ORGANIZATION',
      idempotencyCompanyId: PLATFORM_SCOPE,
      settings: { kycEnabled: false, shareDocuments: false, companyOnboardingEnabled: true },
      input: {
        name: 'Sandbox Organization',
        full_name: 'Sandbox Organization Ltda',
        // Random, not time-based: instances starting together on one database must not pick the same CNPJ.
        document_number: cnpjFromBase(String(randomInt(100_000_000_000, 1_000_000_000_000))),
        document_tax_type: 'PJ',
        contact: {
          first_name: 'Sandbox',
          last_name: 'Owner',
          email: 'owner@sandbox.local',
          phone: '+5511999990000',
          document_number: cpfFromBase('123456789'),
          role: 'PARTNER',
        },
        address: {
          street: 'Avenida Paulista',
          street_number: '1000',
          neighborhood: 'Bela Vista',
          zipcode: '01310100',
          country: '076',
          state: 'SP',
          city: 'São Paulo',
        },
      },
    },
  );
  const info = {
    ...urls,
    platform_admin_key: platformAdminKey,
    organization: { id: created.company.id, api_key: created.apiKey as string },
  };
  return remember(file, bookFile, book, identity, info);
}

function remember(file: string, bookFile: string, book: KeyBook, identity: string, info: SandboxInfo): SandboxInfo {
  // The book first: if the process dies between the writes, no key is lost.
  writeFileAtomic(bookFile, JSON.stringify({ ...book, [identity]: { organization: info.organization } }, null, 2));
  writeFileAtomic(file, JSON.stringify(info, null, 2));
  return info;
}
