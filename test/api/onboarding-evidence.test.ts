import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { randomCpf } from '../helpers/fixtures.js';
import {
  byType,
  cnpjMerchant,
  eventsOf,
  JPEG,
  PNG,
  requirements,
  reviewDocument,
  upload,
  uploadBody,
} from '../helpers/onboarding.js';

let t: TestApp;
beforeAll(async () => {
  // Reviews move only through the sandbox controls here; the autopilot has its own test file.
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const docsUrl = (id: string) => `/core/v1/merchants/${id}/onboarding-documents`;

describe('onboarding evidence', () => {
  it('moves a CPF merchant to SATISFIED row by row, then its affiliation and the company to ACTIVE', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cpf = m.body.document_number;

    const aff = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'provider_a' },
    });
    expect(aff.statusCode).toBe(201);
    expect(aff.json()).toMatchObject({
      company_id: m.id,
      provider: 'PROVIDER_A',
      status: 'WAITING_DOCUMENTS',
      provider_status_message: expect.any(String),
    });
    expect(aff.json().onboarding_url).toContain(`/core/v1/onboarding/hosted?token=`);
    const dup = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual({ field: 'provider', value: 'PROVIDER_A' });

    const front = await upload(t, m.apiKey, m.id, 'CNH_FRONT', cpf, {
      content_type: 'image/png',
      content_base64: PNG.toString('base64'),
    });
    expect(front).toMatchObject({
      file_type: 'CNH_FRONT',
      status: 'PENDING_REVIEW',
      origin: 'UPLOAD',
      subject_document_number: cpf,
      company_id: m.id,
      content_type: 'image/png',
      file_size_bytes: PNG.length,
      refusal_reason: null,
    });
    expect(byType(await requirements(t, m.apiKey, m.id), 'IDENTITY_DOCUMENT').status).toBe('PENDING');
    const back = await upload(t, m.apiKey, m.id, 'CNH_BACK', cpf, {
      content_type: 'image/jpeg',
      content_base64: JPEG.toString('base64'),
    });
    const address = await upload(t, m.apiKey, m.id, 'PROOF_OF_ADDRESS', cpf);

    let rows = await requirements(t, m.apiKey, m.id);
    expect(byType(rows, 'IDENTITY_DOCUMENT')).toMatchObject({
      status: 'SATISFIED',
      satisfied_by: { onboarding_document_ids: [front.id, back.id], biometric_verification_id: null, answer: null },
    });
    expect(byType(rows, 'PROOF_OF_ADDRESS').satisfied_by).toEqual({
      onboarding_document_ids: [address.id],
      biometric_verification_id: null,
      answer: null,
    });
    expect(byType(rows, 'BIOMETRIC_VERIFICATION').status).toBe('PENDING');

    const bio = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/biometric-verifications`,
      key: m.apiKey,
      payload: { subject_document_number: cpf },
    });
    expect(bio.statusCode).toBe(201);
    expect(bio.json()).toMatchObject({ company_id: m.id, subject_document_number: cpf, status: 'PENDING' });
    const review = (id: string, decision: string) =>
      t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/biometric-verifications/${id}/review`,
        key: t.platformKey,
        payload: { decision },
      });
    expect((await review(bio.json().id, 'REJECTED')).statusCode).toBe(200);
    expect(byType(await requirements(t, m.apiKey, m.id), 'BIOMETRIC_VERIFICATION').status).toBe('REJECTED');
    const again = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/biometric-verifications`,
      key: m.apiKey,
      payload: { subject_document_number: cpf },
    });
    expect(byType(await requirements(t, m.apiKey, m.id), 'BIOMETRIC_VERIFICATION').status).toBe('PENDING');
    // The approval is the last missing piece: the affiliation moves in the review's own transaction.
    expect((await review(again.json().id, 'APPROVED')).json().status).toBe('APPROVED');

    const affiliations = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
    });
    expect(affiliations.json().data[0]).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    rows = await requirements(t, m.apiKey, m.id);
    expect(byType(rows, 'BIOMETRIC_VERIFICATION').satisfied_by).toEqual({
      onboarding_document_ids: [],
      biometric_verification_id: again.json().id,
      answer: null,
    });
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey })).json().status).toBe(
      'ACTIVE',
    );

    const events = await eventsOf(t, m.id);
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'affiliation.created',
        'affiliation.status-changed',
        'company.status-changed',
        'onboarding-document.status-changed',
      ]),
    );
    const moved = events.find((e) => e.type === 'affiliation.status-changed')!;
    expect(moved.payload).toMatchObject({
      affiliation_id: aff.json().id,
      old_status: 'WAITING_DOCUMENTS',
      new_status: 'ACTIVE',
    });
    expect(events.filter((e) => e.type === 'company.status-changed').map((e) => e.payload)).toEqual([
      { company_id: m.id, old_status: 'PENDING_ACTIVATION', new_status: 'ACTIVE' },
    ]);

    const all = await t.request({ method: 'GET', url: '/core/v1/affiliations?status=ACTIVE', key: org.apiKey });
    expect(all.json().data.map((a: any) => a.id)).toEqual([aff.json().id]);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/affiliations', key: m.apiKey })).json().pagination.total,
    ).toBe(1);
  });

  it('turns a refused document REJECTED, and a new upload moves the row on', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey, cnpjMerchant('MEI', { role: 'PARTNER' }));
    const doc = await upload(t, org.apiKey, m.id, 'PROOF_OF_ADDRESS', m.body.document_number);
    const refused = await reviewDocument(t, doc.id, 'REFUSED', 'blurry');
    expect(refused).toMatchObject({ status: 'REFUSED', refusal_reason: 'blurry' });
    expect(byType(await requirements(t, org.apiKey, m.id), 'PROOF_OF_ADDRESS')).toMatchObject({
      status: 'REJECTED',
      satisfied_by: null,
    });
    const next = await upload(t, org.apiKey, m.id, 'PROOF_OF_ADDRESS', m.body.document_number);
    expect(byType(await requirements(t, org.apiKey, m.id), 'PROOF_OF_ADDRESS')).toMatchObject({
      status: 'SATISFIED',
      satisfied_by: { onboarding_document_ids: [next.id] },
    });
    const statusEvents = (await eventsOf(t, m.id, 'onboarding-document.status-changed')).map((e) => e.payload);
    expect(statusEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          onboarding_document_id: doc.id,
          old_status: 'PENDING_REVIEW',
          new_status: 'REFUSED',
        }),
      ]),
    );

    // A document about another subject, or of a type the provider does not accept, is not evidence.
    await upload(t, org.apiKey, m.id, 'RNE_FRONT', m.body.contact.document_number);
    await upload(t, org.apiKey, m.id, 'RNE_BACK', m.body.contact.document_number);
    await upload(t, org.apiKey, m.id, 'CNH_DIGITAL', randomCpf());
    expect(byType(await requirements(t, org.apiKey, m.id), 'IDENTITY_DOCUMENT').status).toBe('PENDING');
  });

  it('takes answers on INFORMATION and EVIDENCE_PACKAGE rows from a provider review, and refusals', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cpf = m.body.document_number;
    const review = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/companies/${m.id}/provider-review`,
      key: t.platformKey,
      payload: {
        provider: 'PROVIDER_B',
        requests: [
          {
            type: 'INFORMATION',
            subject_document_number: cpf,
            subject_role: 'COMPANY',
            description: 'What do you sell?',
          },
          {
            type: 'EVIDENCE_PACKAGE',
            subject_document_number: cpf,
            subject_role: 'COMPANY',
            description: 'Invoices of last month',
          },
        ],
      },
    });
    expect(review.statusCode).toBe(201);
    const [info, pkg] = review.json().data;
    expect(info).toMatchObject({
      origin: 'PROVIDER_REQUEST',
      type: 'INFORMATION',
      status: 'PENDING',
      accepted_document_types: null,
      description: 'What do you sell?',
    });
    const aff = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_B' },
    });
    expect(aff.json().status).toBe('WAITING_DOCUMENTS');

    const answer = (id: string, payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/onboarding-requirements/${id}/answers`,
        key: m.apiKey,
        payload,
      });
    const answered = await answer(info.id, { answer: 'Shoes' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      id: info.id,
      status: 'SATISFIED',
      satisfied_by: { onboarding_document_ids: [], biometric_verification_id: null, answer: 'Shoes' },
    });

    const refuse = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/onboarding-requirements/${info.id}/refuse-answer`,
      key: t.platformKey,
      payload: { reason: 'too vague' },
    });
    expect(refuse.statusCode).toBe(200);
    expect(refuse.json()).toMatchObject({ status: 'REJECTED', satisfied_by: null });
    expect((await answer(info.id, { answer: 'Running shoes, retail' })).json().status).toBe('SATISFIED');

    const invoice = await upload(t, m.apiKey, m.id, 'OTHER', cpf);
    const other = await t.createMerchant(org.apiKey);
    const foreign = await upload(t, org.apiKey, other.id, 'OTHER', other.body.document_number);
    // Another company's document is outside the merchant's reach: 404, never a hint that it exists.
    const bad = await answer(pkg.id, { answer: 'Here', onboarding_document_ids: [invoice.id, foreign.id] });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    expect((await answer(pkg.id, { answer: 'Here' })).statusCode).toBe(400);
    const closed = await answer(pkg.id, { answer: 'Here', onboarding_document_ids: [invoice.id] });
    expect(closed.json()).toMatchObject({
      status: 'SATISFIED',
      satisfied_by: { onboarding_document_ids: [invoice.id], answer: 'Here' },
    });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/affiliations/${aff.json().id}`,
          key: org.apiKey,
        })
      ).json().status,
    ).toBe('ACTIVE');

    // A refused attachment leaves the package without usable files.
    await reviewDocument(t, invoice.id, 'REFUSED');
    const rows = await requirements(t, m.apiKey, m.id, 'PROVIDER_B');
    expect(rows.find((r) => r.id === pkg.id)).toMatchObject({ status: 'REJECTED' });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/affiliations/${aff.json().id}`,
          key: org.apiKey,
        })
      ).json().status,
    ).toBe('WAITING_DOCUMENTS');
    const back = (await eventsOf(t, m.id, 'affiliation.status-changed')).map((e) => e.payload).at(-1)!;
    expect(back).toMatchObject({
      affiliation_id: aff.json().id,
      old_status: 'ACTIVE',
      new_status: 'WAITING_DOCUMENTS',
    });
    expect(back.onboarding_url).toContain(`/core/v1/onboarding/hosted?token=`);

    // Rows that take no answer.
    const base = byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS');
    const none = await answer(base.id, { answer: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('BAD_REQUEST');
    expect((await answer(info.id, { answer: 'x', onboarding_document_ids: [invoice.id] })).statusCode).toBe(400);
    expect((await answer(info.id, { answer: '' })).json().error.details.issues[0]).toMatchObject({
      field: 'answer',
      type: 'TOO_SMALL',
    });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${other.id}/onboarding-requirements/${info.id}/answers`,
          key: org.apiKey,
          payload: { answer: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates INTERNAL affiliations ACTIVE at once and activates the company', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: m.apiKey,
      payload: { provider: 'INTERNAL', request_id: 'aff-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      provider: 'INTERNAL',
      status: 'ACTIVE',
      onboarding_url: null,
      provider_status_message: null,
    });
    const replay = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: m.apiKey,
      payload: { provider: 'INTERNAL', request_id: 'aff-1' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(res.json().id);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: m.apiKey })).json().status).toBe(
      'ACTIVE',
    );
    expect((await eventsOf(t, m.id, 'affiliation.created'))[0]!.payload).toMatchObject({
      id: res.json().id,
      status: 'ACTIVE',
    });
    const other = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${m.id}/affiliations`,
          key: other.apiKey,
          payload: { provider: 'INTERNAL' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${m.id}/affiliations`,
          key: org.apiKey,
          payload: { provider: 'NOPE' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses bad uploads with the right envelope and stores nothing', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cpf = m.body.document_number;
    const post = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: docsUrl(m.id), key: org.apiKey, payload });
    const issue = async (payload: Record<string, unknown>) => {
      const res = await post(payload);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      return res.json().error.details.issues[0];
    };
    expect(await issue(uploadBody('PASSPORT', cpf))).toMatchObject({ field: 'file_type', type: 'INVALID_ENUM' });
    expect(await issue(uploadBody('OTHER', cpf, { content_type: 'image/gif' }))).toMatchObject({
      field: 'content_type',
      type: 'INVALID_ENUM',
    });
    expect(await issue(uploadBody('OTHER', cpf, { content_type: 'image/png' }))).toMatchObject({
      field: 'content_base64',
      type: 'INVALID_FORMAT',
    });
    expect(
      await issue(uploadBody('OTHER', cpf, { content_base64: Buffer.from('just text').toString('base64') })),
    ).toMatchObject({ field: 'content_base64', type: 'INVALID_FORMAT' });
    expect(await issue(uploadBody('OTHER', cpf, { content_base64: '%%%not base64' }))).toMatchObject({
      field: 'content_base64',
      type: 'INVALID_FORMAT',
    });
    const badCpf = await issue(uploadBody('OTHER', '12345678900'));
    expect(badCpf).toMatchObject({ field: 'subject_document_number', type: 'INVALID_FORMAT' });
    // 10 MiB + 1 decoded fits the 15 MiB body but not the file limit; the content is never echoed.
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    PNG.copy(big);
    const tooLarge = await issue(
      uploadBody('OTHER', cpf, { content_type: 'image/png', content_base64: big.toString('base64') }),
    );
    expect(tooLarge).toMatchObject({
      field: 'content_base64',
      type: 'TOO_LARGE',
      constraints: { max: 10 * 1024 * 1024 },
    });
    expect(tooLarge.value).toBeUndefined();
    const huge = await post(
      uploadBody('OTHER', cpf, { content_base64: Buffer.alloc(12 * 1024 * 1024).toString('base64') }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const list = await t.request({ method: 'GET', url: docsUrl(m.id), key: org.apiKey });
    expect(list.json()).toMatchObject({ data: [], pagination: { total: 0 } });
    expect(await eventsOf(t, m.id, 'onboarding-document.status-changed')).toEqual([]);
  });

  it('signs download links: served without a key, refused when tampered or expired, 404 outside the affiliation', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const doc = await upload(t, m.apiKey, m.id, 'CNH_DIGITAL', m.body.document_number, {
      content_type: 'image/png',
      content_base64: PNG.toString('base64'),
      file_name: 'minha cnh.png',
    });
    expect(doc.file_name).toBe('minha cnh.png');
    const aff = (
      await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/affiliations`,
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      })
    ).json();

    const read = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}/onboarding-documents/${doc.id}`,
      key: org.apiKey,
    });
    expect(read.statusCode).toBe(200);
    const view = read.json();
    const expiresIn = Date.parse(view.download_url_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    const link = new URL(view.download_url);
    const path = `${link.pathname}${link.search}`;
    const file = await t.request({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const sig = link.searchParams.get('signature')!;
    const tampered = path.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await t.request({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expires = Number(link.searchParams.get('expires'));
    expect(
      (await t.request({ method: 'GET', url: path.replace(`expires=${expires}`, `expires=${expires + 60}`) }))
        .statusCode,
    ).toBe(403);
    const { DownloadSigner } = await import('../../src/modules/onboarding/signed-urls.js');
    const old = new DownloadSigner(t.deps.documentUrlSecret!).sign('', doc.id, new Date(Date.now() - 3601_000));
    const expired = await t.request({ method: 'GET', url: old.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe('AUTHORIZATION_ERROR');
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/onboarding-documents/${doc.id}/download` })).statusCode,
    ).toBe(403);

    const other = await t.createMerchant(org.apiKey);
    const otherAff = (
      await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${other.id}/affiliations`,
        key: org.apiKey,
        payload: { provider: 'INTERNAL' },
      })
    ).json();
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/affiliations/${otherAff.id}/onboarding-documents/${doc.id}`,
          key: org.apiKey,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${other.id}/affiliations/${otherAff.id}/onboarding-documents/${doc.id}`,
          key: org.apiKey,
        })
      ).statusCode,
    ).toBe(404);
    const stranger = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}/onboarding-documents/${doc.id}`,
          key: stranger.apiKey,
        })
      ).statusCode,
    ).toBe(404);
  });
});
