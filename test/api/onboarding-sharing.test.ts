import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { biometricVerifications, webhookMessages } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { contact, randomCpf } from '../helpers/fixtures.js';
import { byType, cnpjMerchant, eventsOf, requirements, reviewDocument, upload } from '../helpers/onboarding.js';

let t: TestApp;
beforeAll(async () => {
  // Reviews move only through the sandbox controls here; the autopilot has its own test file.
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

/** An organization (sharing or not) whose merchant holds an approved CNH pair for `cpf`. */
async function validatedElsewhere(cpf: string, share: boolean) {
  const org = await t.createOrganization({ share_documents: share });
  const m = await t.createMerchant(org.apiKey, cnpjMerchant('PJ', { document_number: cpf }));
  const front = await upload(t, org.apiKey, m.id, 'CNH_FRONT', cpf);
  const back = await upload(t, org.apiKey, m.id, 'CNH_BACK', cpf);
  await reviewDocument(t, front.id, 'APPROVED');
  await reviewDocument(t, back.id, 'APPROVED');
  return { org, m, front, back };
}

const documents = async (key: string, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/merchants/${id}/onboarding-documents`, key })).json().data as Record<
    string,
    any
  >[];

describe('sharing documents across organizations', () => {
  it('meets a new merchant identity requirement with a SHARED copy and reports it', async () => {
    const cpf = randomCpf();
    const source = await validatedElsewhere(cpf, true);
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('MEI', { document_number: cpf, role: 'PARTNER' }));

    const identity = byType(await requirements(t, org.apiKey, m.id), 'IDENTITY_DOCUMENT');
    expect(identity.status).toBe('SATISFIED');
    const copies = await documents(org.apiKey, m.id);
    expect(copies).toHaveLength(2);
    for (const copy of copies)
      expect(copy).toMatchObject({
        origin: 'SHARED',
        status: 'APPROVED',
        company_id: m.id,
        subject_document_number: cpf,
      });
    const byFile = Object.fromEntries(copies.map((c) => [c.file_type, c.id]));
    expect(identity.satisfied_by.onboarding_document_ids).toEqual([byFile.CNH_FRONT, byFile.CNH_BACK]);
    expect(copies.map((c) => c.id)).not.toContain(source.front.id);

    const events = await eventsOf(t, m.id, 'onboarding-document.status-changed');
    expect(events.map((e) => e.payload.onboarding_document_id).sort()).toEqual(copies.map((c) => c.id).sort());
    expect(events[0]!.payload).toMatchObject({ origin: 'SHARED', old_status: null, new_status: 'APPROVED' });

    // The next read finds the copies: nothing new is created or reported.
    await requirements(t, org.apiKey, m.id);
    expect(await documents(org.apiKey, m.id)).toHaveLength(2);
    expect(await eventsOf(t, m.id, 'onboarding-document.status-changed')).toHaveLength(2);

    // The copy downloads like any document.
    const link = new URL(copies[0]!.download_url);
    expect((await t.request({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
  });

  it("queues the SHARED copies' events for webhook delivery in the same transaction", async () => {
    const cpf = randomCpf();
    await validatedElsewhere(cpf, true);
    const org = await t.createOrganization();
    await t.request({
      method: 'PUT',
      url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
      key: t.platformKey,
      payload: { url: 'http://localhost:9/hooks' },
    });
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('MEI', { document_number: cpf, role: 'PARTNER' }));
    await requirements(t, org.apiKey, m.id);
    const events = await eventsOf(t, m.id, 'onboarding-document.status-changed');
    expect(events).toHaveLength(2);
    const queued = await t.db.db
      .select()
      .from(webhookMessages)
      .where(
        inArray(
          webhookMessages.eventId,
          events.map((e) => e.id),
        ),
      );
    expect(queued).toHaveLength(2);
  });

  it('copies nothing from organizations that do not share, nor documents not yet approved', async () => {
    const cpf = randomCpf();
    await validatedElsewhere(cpf, false);
    const sharing = await t.createOrganization({ share_documents: true });
    const pendingOnly = await t.createMerchant(sharing.apiKey, cnpjMerchant('PJ', { document_number: cpf }));
    await upload(t, sharing.apiKey, pendingOnly.id, 'CNH_DIGITAL', cpf);

    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, { contact: contact({ document_number: cpf }), document_number: cpf });
    expect(byType(await requirements(t, org.apiKey, m.id), 'IDENTITY_DOCUMENT').status).toBe('PENDING');
    expect(await documents(org.apiKey, m.id)).toEqual([]);
  });

  it('creates one copy and one event per document under concurrent reads', async () => {
    const cpf = randomCpf();
    await validatedElsewhere(cpf, true);
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('PJ', { document_number: cpf }));
    const reads = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/onboarding-requirements?provider=PROVIDER_A`,
          key: org.apiKey,
        }),
      ),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const ids = reads.map((r) =>
      r
        .json()
        .data.map((row: any) => row.id)
        .join(),
    );
    expect(new Set(ids).size).toBe(1);
    for (const r of reads) expect(byType(r.json().data, 'IDENTITY_DOCUMENT').status).toBe('SATISFIED');
    expect(await documents(org.apiKey, m.id)).toHaveLength(2);
    expect(await eventsOf(t, m.id, 'onboarding-document.status-changed')).toHaveLength(2);
    expect(await requirements(t, org.apiKey, m.id)).toHaveLength(4);
  });

  it('lets a staff waiver stand when evidence arrives later', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const row = byType(await requirements(t, org.apiKey, m.id), 'PROOF_OF_ADDRESS');
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/onboarding-requirements/${row.id}/waive`,
      key: t.platformKey,
      payload: {},
    });
    await upload(t, org.apiKey, m.id, 'PROOF_OF_ADDRESS', m.body.document_number);
    expect(byType(await requirements(t, org.apiKey, m.id), 'PROOF_OF_ADDRESS')).toMatchObject({
      id: row.id,
      status: 'WAIVED',
      satisfied_by: null,
    });
  });

  it('stays consistent under concurrent uploads, reads and affiliation creation for one merchant', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('PJ', { role: 'EMPLOYEE' }));
    const subject = m.body.contact.document_number;
    const company = m.body.document_number;
    const results = await Promise.all([
      t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/affiliations`,
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      }),
      t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/affiliations`,
        key: org.apiKey,
        payload: { provider: 'INTERNAL' },
      }),
      ...['CNH_FRONT', 'CNH_BACK', 'POWER_OF_ATTORNEY'].map((type) =>
        upload(t, org.apiKey, m.id, type, subject).then(() => ({ statusCode: 201 })),
      ),
      ...['PROOF_OF_ADDRESS', 'ARTICLES_OF_INCORPORATION'].map((type) =>
        upload(t, org.apiKey, m.id, type, company).then(() => ({ statusCode: 201 })),
      ),
      t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/biometric-verifications`,
        key: org.apiKey,
        payload: { subject_document_number: subject },
      }),
      ...Array.from({ length: 4 }, () =>
        t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/onboarding-requirements?provider=PROVIDER_A`,
          key: org.apiKey,
        }),
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201,
    ]);
    const rows = await requirements(t, org.apiKey, m.id);
    expect(rows.map((r) => r.status)).toEqual(['SATISFIED', 'SATISFIED', 'SATISFIED', 'PENDING', 'SATISFIED']);
    const { id: bioId } = (
      await t.db.db
        .select({ id: biometricVerifications.id })
        .from(biometricVerifications)
        .where(eq(biometricVerifications.companyId, m.id))
    )[0]!;
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/biometric-verifications/${bioId}/review`,
      key: t.platformKey,
      payload: { decision: 'APPROVED' },
    });
    const affs = (
      await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations`, key: org.apiKey })
    ).json().data;
    expect(affs.map((a: any) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(await eventsOf(t, m.id, 'company.status-changed')).toHaveLength(1);
  });
});
