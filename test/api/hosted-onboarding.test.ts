import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../src/modules/onboarding/onboarding.schemas.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { byType, eventsOf, PDF, PNG, requirements } from '../helpers/onboarding.js';
import { ShiftedClock, hostedKit } from '../helpers/hosted-onboarding.js';

/** The hosted onboarding page (product.md): what it shows and what its forms do. Links, languages and logs: hosted-onboarding-links.test.ts. */
let t: TestApp;
const clock = new ShiftedClock();
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
});
afterAll(async () => t?.close());
const { tokenOf, waitingMerchant, page, postForm, postMultipart, noticeOf, staffRow } = hostedKit(() => t);

describe('hosted onboarding page', () => {
  it('presents onboarding_url only while WAITING_DOCUMENTS, the same on every read, and in the event', async () => {
    const { org, m, aff } = await waitingMerchant();
    expect(aff.onboarding_url).toMatch(/\/core\/v1\/onboarding\/hosted\?token=[\w-]+\.[\w-]+$/);
    const one = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`,
      key: org.apiKey,
    });
    const list = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations`, key: m.apiKey });
    const all = await t.request({ method: 'GET', url: '/core/v1/affiliations', key: org.apiKey });
    expect(one.json().onboarding_url).toBe(aff.onboarding_url);
    expect(list.json().data[0].onboarding_url).toBe(aff.onboarding_url);
    expect(all.json().data.find((a: any) => a.id === aff.id).onboarding_url).toBe(aff.onboarding_url);
    const created = (await eventsOf(t, m.id, 'affiliation.created'))[0];
    expect((created!.payload as any).onboarding_url).toBe(aff.onboarding_url);

    const internal = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'INTERNAL' },
    });
    expect(internal.json().onboarding_url).toBeNull();

    // PROVIDER_B asks nothing up front: ACTIVE, no link; a staff question takes it to WAITING_DOCUMENTS with one.
    const b = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_B' },
    });
    expect(b.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    const question = await staffRow(m.id, 'PROVIDER_B', 'INFORMATION', m.body.document_number, 'What do you sell?');
    const moved = (await eventsOf(t, m.id, 'affiliation.status-changed')).find(
      (e) => (e.payload as any).affiliation_id === b.json().id,
    )!;
    expect(moved.payload).toMatchObject({
      new_status: 'WAITING_DOCUMENTS',
      onboarding_url: expect.stringContaining('/core/v1/onboarding/hosted?token='),
    });
    const eventUrl = (moved.payload as any).onboarding_url as string;
    const opened = await page(eventUrl, { 'accept-language': 'en' });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(`data-requirement-id="${question.id}"`);
    expect(opened.body).toContain('What do you sell?');

    // Answered on the page: the row is met, the affiliation ACTIVE, the link gone.
    const res = await postForm('/answers', {
      token: tokenOf(eventUrl),
      lang: 'en',
      requirement_id: question.id,
      answer: 'Coffee beans',
    });
    expect(noticeOf(res)).toBe('answered');
    expect(byType(await requirements(t, m.apiKey, m.id, 'PROVIDER_B'), 'INFORMATION')).toMatchObject({
      status: 'SATISFIED',
      satisfied_by: { answer: 'Coffee beans' },
    });
    const after = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/affiliations/${b.json().id}`,
      key: org.apiKey,
    });
    expect(after.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    const back = (await eventsOf(t, m.id, 'affiliation.status-changed'))
      .filter((e) => (e.payload as any).affiliation_id === b.json().id)
      .at(-1)!;
    expect(back.payload).toMatchObject({ new_status: 'ACTIVE' });
    expect((back.payload as any).onboarding_url).toBeUndefined();
  });

  it("lists the provider's pending requirements, escaped, with strict headers, hidden from OpenAPI", async () => {
    const { m, aff, cpf } = await waitingMerchant();
    const other = await staffRow(m.id, 'PROVIDER_B', 'OTHER', cpf, 'not for provider A');
    const staff = await staffRow(m.id, 'PROVIDER_A', 'INFORMATION', cpf, '<script>alert(1)</script> & "quotes"');
    const res = await page(aff.onboarding_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    const ids = [
      ...res.body.matchAll(/<section class="requirement" data-requirement-id="([^"]+)" data-type="([^"]+)"/g),
    ].map((x) => x[2]);
    expect(ids.sort()).toEqual(['BIOMETRIC_VERIFICATION', 'IDENTITY_DOCUMENT', 'INFORMATION', 'PROOF_OF_ADDRESS']);
    expect(res.body).toContain(`data-requirement-id="${staff.id}"`);
    expect(res.body).not.toContain(other.id);
    // Identity rows offer PROVIDER_A's accepted types only (no RNE).
    expect(res.body).toContain('value="CNH_DIGITAL"');
    expect(res.body).not.toContain('value="RNE_FRONT"');

    const doc = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.includes('onboarding/hosted'))).toEqual([]);
  });

  it('an upload moves the document requirement; type, content and size are checked as the API does', async () => {
    const { m, aff, cpf } = await waitingMerchant();
    const token = tokenOf(aff.onboarding_url);
    const address = byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS');
    const fields = { token, lang: 'en', requirement_id: address.id, file_type: 'PROOF_OF_ADDRESS' };

    expect(
      noticeOf(await postMultipart(fields, [{ bytes: Buffer.from('hello'), type: 'text/plain', name: 'a.txt' }])),
    ).toBe('file-type');
    expect(noticeOf(await postMultipart(fields, [{ bytes: PDF, type: 'image/png', name: 'a.png' }]))).toBe(
      'file-mismatch',
    );
    expect(
      noticeOf(
        await postMultipart(fields, [
          {
            bytes: Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF.length)]),
            type: 'application/pdf',
            name: 'big.pdf',
          },
        ]),
      ),
    ).toBe('too-large');
    expect(noticeOf(await postMultipart(fields, []))).toBe('file-missing');
    expect(
      noticeOf(
        await postMultipart({ ...fields, file_type: 'ARTICLES_OF_INCORPORATION' }, [
          { bytes: PDF, type: 'application/pdf', name: 'a.pdf' },
        ]),
      ),
    ).toBe('document-type');
    expect(byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS').status).toBe('PENDING');

    const ok = await postMultipart(fields, [{ bytes: PDF, type: 'application/pdf', name: 'conta-de-luz.pdf' }]);
    expect(noticeOf(ok)).toBe('uploaded');
    expect(String(ok.headers.location)).toMatch(/^\/core\/v1\/onboarding\/hosted\?token=.+&lang=en&notice=uploaded$/);
    const row = byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS');
    expect(row.status).toBe('SATISFIED');
    const docs = (
      await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/onboarding-documents`, key: m.apiKey })
    ).json().data;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      file_type: 'PROOF_OF_ADDRESS',
      subject_document_number: cpf,
      file_name: 'conta-de-luz.pdf',
      content_type: 'application/pdf',
      status: 'PENDING_REVIEW',
    });
    // The event fires as through the API.
    expect(
      (await eventsOf(t, m.id, 'onboarding-document.status-changed')).map(
        (e) => (e.payload as any).onboarding_document_id,
      ),
    ).toEqual([docs[0].id]);

    // The identity pair: front then back (PNG) meets IDENTITY_DOCUMENT.
    const identity = byType(await requirements(t, m.apiKey, m.id), 'IDENTITY_DOCUMENT');
    for (const side of ['CNH_FRONT', 'CNH_BACK']) {
      expect(
        noticeOf(
          await postMultipart({ ...fields, requirement_id: identity.id, file_type: side }, [
            { bytes: PNG, type: 'image/png', name: `${side}.png` },
          ]),
        ),
      ).toBe('uploaded');
      // Half a pair: the row is still open and says which half arrived.
      if (side === 'CNH_FRONT')
        expect((await page(aff.onboarding_url, { 'accept-language': 'en' })).body).toContain(
          '<li data-file-type="CNH_FRONT" data-status="PENDING_REVIEW">CNH (front) · Under review</li>',
        );
    }
    expect(byType(await requirements(t, m.apiKey, m.id), 'IDENTITY_DOCUMENT').status).toBe('SATISFIED');
    const shown = await page(aff.onboarding_url);
    expect(shown.body).toMatch(new RegExp(`<li data-requirement-id="${identity.id}" data-status="SATISFIED"`));
  });

  it('closes an evidence package with its files and the answer in one form', async () => {
    const { m, aff, cpf } = await waitingMerchant();
    const pkg = await staffRow(m.id, 'PROVIDER_A', 'EVIDENCE_PACKAGE', cpf, 'Invoices of the last month');
    const fields = { token: tokenOf(aff.onboarding_url), requirement_id: pkg.id };
    expect(noticeOf(await postMultipart(fields, [{ bytes: PDF, type: 'application/pdf', name: 'a.pdf' }]))).toBe(
      'answer-invalid',
    );
    const files = [
      { bytes: PDF, type: 'application/pdf', name: 'a.pdf' },
      { bytes: PNG, type: 'image/png', name: 'b.png' },
    ];
    expect(noticeOf(await postMultipart({ ...fields, answer: 'Two invoices' }, files))).toBe('answered');
    const row = (await requirements(t, m.apiKey, m.id)).find((r) => r.id === pkg.id)!;
    expect(row).toMatchObject({ status: 'SATISFIED', satisfied_by: { answer: 'Two invoices' } });
    expect(row.satisfied_by.onboarding_document_ids).toHaveLength(2);
  });

  it('starts a biometric capture and the sandbox button approves it; the affiliation then goes ACTIVE', async () => {
    const { org, m, aff } = await waitingMerchant();
    const token = tokenOf(aff.onboarding_url);
    const rows = await requirements(t, m.apiKey, m.id);
    const bio = byType(rows, 'BIOMETRIC_VERIFICATION');
    expect((await page(aff.onboarding_url)).body).toContain('data-action="start-capture"');
    expect(noticeOf(await postForm('/biometrics', { token, requirement_id: bio.id }))).toBe('capture-started');
    const shown = await page(aff.onboarding_url);
    const verification = /name="verification_id" value="([^"]+)"/.exec(shown.body)![1];
    expect(shown.body).toContain('data-action="sandbox-approve"');
    expect(
      noticeOf(
        await postForm('/biometrics/approve', { token, requirement_id: bio.id, verification_id: verification! }),
      ),
    ).toBe('capture-approved');
    expect(byType(await requirements(t, m.apiKey, m.id), 'BIOMETRIC_VERIFICATION')).toMatchObject({
      status: 'SATISFIED',
      satisfied_by: { biometric_verification_id: verification },
    });

    for (const type of ['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS']) {
      const row = byType(rows, type);
      const fileType = type === 'IDENTITY_DOCUMENT' ? 'CNH_DIGITAL' : type;
      expect(
        noticeOf(
          await postMultipart({ token, requirement_id: row.id, file_type: fileType }, [
            { bytes: PDF, type: 'application/pdf', name: 'x.pdf' },
          ]),
        ),
      ).toBe('uploaded');
    }
    const after = await t.request({
      method: 'GET',
      url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`,
      key: org.apiKey,
    });
    expect(after.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    expect((await page(aff.onboarding_url)).body).toContain('id="nothing-left"');
  });
});
