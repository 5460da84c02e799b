import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { randomCpf } from '../helpers/fixtures.js';
import { byType, cnpjMerchant, requirements } from '../helpers/onboarding.js';

let t: TestApp;
beforeAll(async () => {
  // Reviews move only through the sandbox controls here; the autopilot has its own test file.
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const FIELDS = [
  'id',
  'company_id',
  'provider',
  'type',
  'subject_document_number',
  'subject_role',
  'origin',
  'description',
  'status',
  'accepted_document_types',
  'satisfied_by',
  'waived_at',
  'created_at',
  'updated_at',
].sort();
const IDENTITY_A = ['CNH_FRONT', 'CNH_BACK', 'CNH_DIGITAL', 'RG_FRONT', 'RG_BACK'];
const shape = (rows: Record<string, any>[]) => rows.map((r) => [r.type, r.subject_role, r.subject_document_number]);
const url = (id: string, query = 'provider=PROVIDER_A') => `/core/v1/merchants/${id}/onboarding-requirements?${query}`;

describe('onboarding requirements read', () => {
  it('gives a CPF merchant the PROVIDER_A base set, every field present, and nothing for PROVIDER_B', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cpf = m.body.document_number;
    const rows = await requirements(t, org.apiKey, m.id);
    expect(shape(rows)).toEqual([
      ['IDENTITY_DOCUMENT', 'COMPANY', cpf],
      ['BIOMETRIC_VERIFICATION', 'COMPANY', cpf],
      ['PROOF_OF_ADDRESS', 'COMPANY', cpf],
    ]);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(FIELDS);
      expect(row).toMatchObject({
        company_id: m.id,
        provider: 'PROVIDER_A',
        origin: 'BASE',
        description: null,
        status: 'PENDING',
        satisfied_by: null,
        waived_at: null,
      });
    }
    expect(byType(rows, 'IDENTITY_DOCUMENT').accepted_document_types).toEqual(IDENTITY_A);
    expect(byType(rows, 'BIOMETRIC_VERIFICATION').accepted_document_types).toBeNull();
    expect(byType(rows, 'PROOF_OF_ADDRESS').accepted_document_types).toEqual(['PROOF_OF_ADDRESS']);

    const res = await t.request({ method: 'GET', url: url(m.id, 'provider=provider_b'), key: m.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });

    // Reading again changes nothing: same rows, same ids, same everything.
    expect(await requirements(t, m.apiKey, m.id)).toEqual(rows);
  });

  it('follows the table for PJ with a non-partner contact, MEI, and a politically exposed contact', async () => {
    const org = await t.createOrganization();
    const pj = await t.createMerchant(
      org.apiKey,
      cnpjMerchant('PJ', { role: 'ADMINISTRATOR' }, { declared_revenue: 4_800_000 }),
    );
    const cnpj = pj.body.document_number;
    const contactCpf = pj.body.contact.document_number;
    expect(shape(await requirements(t, org.apiKey, pj.id))).toEqual([
      ['IDENTITY_DOCUMENT', 'CONTACT', contactCpf],
      ['PROOF_OF_ADDRESS', 'COMPANY', cnpj],
      ['ARTICLES_OF_INCORPORATION', 'COMPANY', cnpj],
      ['BIOMETRIC_VERIFICATION', 'CONTACT', contactCpf],
      ['POWER_OF_ATTORNEY', 'CONTACT', contactCpf],
      ['FINANCIAL_STATEMENT', 'COMPANY', cnpj],
    ]);

    const mei = await t.createMerchant(
      org.apiKey,
      cnpjMerchant('MEI', { role: 'PARTNER' }, { declared_revenue: 9_000_000 }),
    );
    expect(shape(await requirements(t, org.apiKey, mei.id))).toEqual([
      ['IDENTITY_DOCUMENT', 'CONTACT', mei.body.contact.document_number],
      ['PROOF_OF_ADDRESS', 'COMPANY', mei.body.document_number],
    ]);

    const noRole = await t.createMerchant(org.apiKey, cnpjMerchant('ME', { role: undefined }));
    expect(shape(await requirements(t, org.apiKey, noRole.id)).map((r) => r[0])).toEqual([
      'IDENTITY_DOCUMENT',
      'PROOF_OF_ADDRESS',
      'ARTICLES_OF_INCORPORATION',
      'BIOMETRIC_VERIFICATION',
      'POWER_OF_ATTORNEY',
    ]);

    const pep = await t.createMerchant(org.apiKey, {
      contact: { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '11999998888', politically_exposed: true },
    });
    const rows = await requirements(t, org.apiKey, pep.id);
    expect(shape(rows).at(-1)).toEqual(['PROOF_OF_INCOME', 'CONTACT', pep.body.document_number]);
    expect(rows).toHaveLength(4);
  });

  it('waives and restores POWER_OF_ATTORNEY with the same id when the contact role changes', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('PJ', { role: 'ATTORNEY' }));
    const before = byType(await requirements(t, org.apiKey, m.id), 'POWER_OF_ATTORNEY');
    expect(before.status).toBe('PENDING');

    const patch = (role: string) =>
      t.request({
        method: 'PATCH',
        url: `/core/v1/merchants/${m.id}`,
        key: org.apiKey,
        payload: { contact: { role } },
      });
    expect((await patch('PARTNER')).statusCode).toBe(200);
    const waived = byType(await requirements(t, org.apiKey, m.id), 'POWER_OF_ATTORNEY');
    expect(waived).toMatchObject({ id: before.id, status: 'WAIVED', satisfied_by: null });
    expect(waived.waived_at).toEqual(expect.any(String));

    expect((await patch('EMPLOYEE')).statusCode).toBe(200);
    const restored = byType(await requirements(t, org.apiKey, m.id), 'POWER_OF_ATTORNEY');
    expect(restored).toMatchObject({ id: before.id, status: 'PENDING', waived_at: null });
  });

  it('waives the old subject and adds rows for a new contact CPF', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('PJ', { role: 'PARTNER' }));
    const oldCpf = m.body.contact.document_number;
    await requirements(t, org.apiKey, m.id);
    const newCpf = randomCpf();
    await t.request({
      method: 'PATCH',
      url: `/core/v1/merchants/${m.id}`,
      key: org.apiKey,
      payload: { contact: { document_number: newCpf } },
    });
    const rows = await requirements(t, org.apiKey, m.id);
    const identity = rows.filter((r) => r.type === 'IDENTITY_DOCUMENT');
    expect(identity.map((r) => [r.subject_document_number, r.status])).toEqual([
      [oldCpf, 'WAIVED'],
      [newCpf, 'PENDING'],
    ]);
  });

  it('answers 400 on provider, 403 when onboarding is off, 404 outside reach', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    for (const query of ['provider=INTERNAL', 'provider=PROVIDER_Z', '']) {
      const res = await t.request({ method: 'GET', url: url(m.id, query), key: org.apiKey });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details.issues[0].field).toBe('provider');
    }
    const missing = await t.request({ method: 'GET', url: url(m.id, ''), key: org.apiKey });
    expect(missing.json().error.details.issues[0].type).toBe('REQUIRED');

    const other = await t.createOrganization();
    expect((await t.request({ method: 'GET', url: url(m.id), key: other.apiKey })).statusCode).toBe(404);
    const sibling = await t.createMerchant(org.apiKey);
    expect((await t.request({ method: 'GET', url: url(m.id), key: sibling.apiKey })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: url(m.id) })).statusCode).toBe(401);

    // The organization itself is in reach of the /v1/merchants/{id} routes.
    expect((await t.request({ method: 'GET', url: url(org.id), key: org.apiKey })).statusCode).toBe(200);

    const off = await t.createOrganization({ company_onboarding_enabled: false });
    const offMerchant = await t.createMerchant(off.apiKey);
    const res = await t.request({ method: 'GET', url: url(offMerchant.id), key: offMerchant.apiKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      message: 'Company onboarding is not available yet',
    });
  });

  it('adds STAFF rows and waives them; staff waivers stand', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const subject = m.body.document_number;
    const add = await t.request({
      method: 'POST',
      url: `/core/v1/platform/companies/${m.id}/onboarding-requirements`,
      key: t.platformKey,
      payload: {
        provider: 'provider_b',
        type: 'IDENTITY_DOCUMENT',
        subject_document_number: subject,
        subject_role: 'COMPANY',
        description: 'Send an RNE',
      },
    });
    expect(add.statusCode).toBe(201);
    const row = add.json();
    expect(row).toMatchObject({
      origin: 'STAFF',
      provider: 'PROVIDER_B',
      description: 'Send an RNE',
      status: 'PENDING',
    });
    expect(row.accepted_document_types).toEqual([...IDENTITY_A, 'RNE_FRONT', 'RNE_BACK']);
    expect(await requirements(t, org.apiKey, m.id, 'PROVIDER_B')).toEqual([row]);

    const bad = await t.request({
      method: 'POST',
      url: `/core/v1/platform/companies/${m.id}/onboarding-requirements`,
      key: t.platformKey,
      payload: { provider: 'PROVIDER_A', type: 'OTHER', subject_document_number: '123', subject_role: 'COMPANY' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.issues.map((i: any) => i.field)
        .sort(),
    ).toEqual(['description', 'subject_document_number']);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/platform/companies/${m.id}/onboarding-requirements`,
          key: org.apiKey,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);

    const waive = await t.request({
      method: 'POST',
      url: `/core/v1/platform/onboarding-requirements/${row.id}/waive`,
      key: t.platformKey,
      payload: { reason: 'not needed' },
    });
    expect(waive.statusCode).toBe(200);
    expect(waive.json()).toMatchObject({ id: row.id, status: 'WAIVED' });
    expect(waive.json().waived_at).toEqual(expect.any(String));
    const bodiless = await t.request({
      method: 'POST',
      url: `/core/v1/platform/onboarding-requirements/${row.id}/waive`,
      key: t.platformKey,
    });
    expect(bodiless.statusCode, bodiless.body).toBe(200);
    expect(bodiless.json().waived_at).toBe(waive.json().waived_at);
  });

  // The app's own loops and timers: the job runner, webhook delivery, the event stream, the request-log flush, the
  // API-key revocation poll, the sandbox clocks, the provider health and routing windows (none reads onboarding).
  const BACKGROUND =
    /\b(jobs|webhook_\w+|events|event_\w+|request_logs|api_keys|sandbox_\w+|provider_\w+|routing_\w+)\b/;
  it('reads with a fixed, small number of queries whatever the number of rows', async () => {
    const org = await t.createOrganization();
    const small = await t.createMerchant(org.apiKey);
    const large = await t.createMerchant(
      org.apiKey,
      cnpjMerchant('PJ', { role: 'ATTORNEY', politically_exposed: true }, { declared_revenue: 5_000_000 }),
    );
    const requests = Array.from({ length: 15 }, (_, i) => ({
      type: i % 2 ? 'INFORMATION' : 'OTHER',
      subject_document_number: large.body.document_number,
      subject_role: 'COMPANY',
      description: `ask ${i}`,
    }));
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/companies/${large.id}/provider-review`,
      key: t.platformKey,
      payload: { provider: 'PROVIDER_A', requests },
    });
    await requirements(t, org.apiKey, small.id);
    await requirements(t, org.apiKey, large.id);
    // Drizzle's session logger sees every statement, transactions included (they reuse the session options).
    const session = (t.db.db as any).session;
    const saved = { logger: session.logger, option: session.options.logger };
    // Background loops of the test app (jobs, webhook delivery, the event stream) share the session: their
    // statements on their own tables are not the read's and do not count (CI once counted one under load).
    const counter = {
      n: 0,
      seen: [] as string[],
      logQuery(query: string) {
        if (BACKGROUND.test(query)) return;
        this.n++;
        this.seen.push(query.slice(0, 160));
      },
    };
    session.logger = counter;
    session.options.logger = counter;
    try {
      const count = async (id: string) => {
        counter.n = 0;
        counter.seen = [];
        const rows = await requirements(t, org.apiKey, id);
        return { n: counter.n, rows: rows.length, seen: counter.seen.join('\n') };
      };
      const a = await count(small.id);
      const b = await count(large.id);
      expect(a.rows).toBe(3);
      expect(b.rows).toBe(22);
      expect(b.n, `${a.seen}\n---\n${b.seen}`).toBe(a.n);
      // A read that changes nothing is one statement (the snapshot of snapshot-read.ts), whatever the rows.
      expect(a.n).toBe(1);
    } finally {
      session.logger = saved.logger;
      session.options.logger = saved.option;
    }
  });
});
