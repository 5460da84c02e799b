import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/jobs/clock.js';
import { MAX_DOCUMENT_BYTES } from '../../src/modules/onboarding/onboarding.schemas.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { loggerOptions } from '../../src/http/logger.js';
import { byType, eventsOf, PDF, PNG, requirements } from '../helpers/onboarding.js';

/** Real time plus an offset the tests move: link validity follows the injected clock. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
const DAY = 24 * 3600 * 1000;

let t: TestApp;
const clock = new ShiftedClock();
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
});
afterAll(async () => t?.close());

const pathOf = (url: string) => url.slice(url.indexOf('/core/'));
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function waitingMerchant() {
  const org = await t.createOrganization();
  const m = await t.createMerchant(org.apiKey);
  const aff = await t.request({ method: 'POST', url: `/core/v1/merchants/${m.id}/affiliations`, key: org.apiKey, payload: { provider: 'PROVIDER_A' } });
  expect(aff.statusCode).toBe(201);
  return { org, m, aff: aff.json() as Record<string, any>, cpf: m.body.document_number as string };
}

const page = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: pathOf(url), headers });

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: `/core/v1/onboarding/hosted${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });
}

async function postMultipart(fields: Record<string, string>, files: { bytes: Buffer; type: string; name: string }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.request({ method: 'POST', url: '/core/v1/onboarding/hosted/documents', headers: { 'content-type': request.headers.get('content-type')! }, payload });
}

const noticeOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location), 'http://x').searchParams.get('notice');
};

async function staffRow(companyId: string, provider: string, type: string, subject: string, description: string) {
  const res = await t.request({ method: 'POST', url: `/core/v1/platform/companies/${companyId}/onboarding-requirements`, key: t.platformKey, payload: { provider, type, subject_document_number: subject, subject_role: 'COMPANY', description } });
  expect(res.statusCode).toBe(201);
  return res.json() as Record<string, any>;
}

describe('hosted onboarding page', () => {
  it('presents onboarding_url only while WAITING_DOCUMENTS, the same on every read, and in the event', async () => {
    const { org, m, aff } = await waitingMerchant();
    expect(aff.onboarding_url).toMatch(/\/core\/v1\/onboarding\/hosted\?token=[\w-]+\.[\w-]+$/);
    const one = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`, key: org.apiKey });
    const list = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations`, key: m.apiKey });
    const all = await t.request({ method: 'GET', url: '/core/v1/affiliations', key: org.apiKey });
    expect(one.json().onboarding_url).toBe(aff.onboarding_url);
    expect(list.json().data[0].onboarding_url).toBe(aff.onboarding_url);
    expect(all.json().data.find((a: any) => a.id === aff.id).onboarding_url).toBe(aff.onboarding_url);
    const created = (await eventsOf(t, m.id, 'affiliation.created'))[0];
    expect((created.payload as any).onboarding_url).toBe(aff.onboarding_url);

    const internal = await t.request({ method: 'POST', url: `/core/v1/merchants/${m.id}/affiliations`, key: org.apiKey, payload: { provider: 'INTERNAL' } });
    expect(internal.json().onboarding_url).toBeNull();

    // PROVIDER_B asks nothing up front: ACTIVE, no link; a staff question takes it to WAITING_DOCUMENTS with one.
    const b = await t.request({ method: 'POST', url: `/core/v1/merchants/${m.id}/affiliations`, key: org.apiKey, payload: { provider: 'PROVIDER_B' } });
    expect(b.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    const question = await staffRow(m.id, 'PROVIDER_B', 'INFORMATION', m.body.document_number, 'What do you sell?');
    const moved = (await eventsOf(t, m.id, 'affiliation.status-changed')).find((e) => (e.payload as any).affiliation_id === b.json().id)!;
    expect(moved.payload).toMatchObject({ new_status: 'WAITING_DOCUMENTS', onboarding_url: expect.stringContaining('/core/v1/onboarding/hosted?token=') });
    const eventUrl = (moved.payload as any).onboarding_url as string;
    const opened = await page(eventUrl, { 'accept-language': 'en' });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(`data-requirement-id="${question.id}"`);
    expect(opened.body).toContain('What do you sell?');

    // Answered on the page: the row is met, the affiliation ACTIVE, the link gone.
    const res = await postForm('/answers', { token: tokenOf(eventUrl), lang: 'en', requirement_id: question.id, answer: 'Coffee beans' });
    expect(noticeOf(res)).toBe('answered');
    expect(byType(await requirements(t, m.apiKey, m.id, 'PROVIDER_B'), 'INFORMATION')).toMatchObject({ status: 'SATISFIED', satisfied_by: { answer: 'Coffee beans' } });
    const after = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${b.json().id}`, key: org.apiKey });
    expect(after.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    const back = (await eventsOf(t, m.id, 'affiliation.status-changed')).filter((e) => (e.payload as any).affiliation_id === b.json().id).at(-1)!;
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
    const ids = [...res.body.matchAll(/<section class="requirement" data-requirement-id="([^"]+)" data-type="([^"]+)"/g)].map((x) => x[2]);
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

    expect(noticeOf(await postMultipart(fields, [{ bytes: Buffer.from('hello'), type: 'text/plain', name: 'a.txt' }]))).toBe('file-type');
    expect(noticeOf(await postMultipart(fields, [{ bytes: PDF, type: 'image/png', name: 'a.png' }]))).toBe('file-mismatch');
    expect(noticeOf(await postMultipart(fields, [{ bytes: Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF.length)]), type: 'application/pdf', name: 'big.pdf' }]))).toBe('too-large');
    expect(noticeOf(await postMultipart(fields, []))).toBe('file-missing');
    expect(noticeOf(await postMultipart({ ...fields, file_type: 'ARTICLES_OF_INCORPORATION' }, [{ bytes: PDF, type: 'application/pdf', name: 'a.pdf' }]))).toBe('document-type');
    expect(byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS').status).toBe('PENDING');

    const ok = await postMultipart(fields, [{ bytes: PDF, type: 'application/pdf', name: 'conta-de-luz.pdf' }]);
    expect(noticeOf(ok)).toBe('uploaded');
    expect(String(ok.headers.location)).toMatch(/^\/core\/v1\/onboarding\/hosted\?token=.+&lang=en&notice=uploaded$/);
    const row = byType(await requirements(t, m.apiKey, m.id), 'PROOF_OF_ADDRESS');
    expect(row.status).toBe('SATISFIED');
    const docs = (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/onboarding-documents`, key: m.apiKey })).json().data;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ file_type: 'PROOF_OF_ADDRESS', subject_document_number: cpf, file_name: 'conta-de-luz.pdf', content_type: 'application/pdf', status: 'PENDING_REVIEW' });
    // The event fires as through the API.
    expect((await eventsOf(t, m.id, 'onboarding-document.status-changed')).map((e) => (e.payload as any).onboarding_document_id)).toEqual([docs[0].id]);

    // The identity pair: front then back (PNG) meets IDENTITY_DOCUMENT.
    const identity = byType(await requirements(t, m.apiKey, m.id), 'IDENTITY_DOCUMENT');
    for (const side of ['CNH_FRONT', 'CNH_BACK']) {
      expect(noticeOf(await postMultipart({ ...fields, requirement_id: identity.id, file_type: side }, [{ bytes: PNG, type: 'image/png', name: `${side}.png` }]))).toBe('uploaded');
      // Half a pair: the row is still open and says which half arrived.
      if (side === 'CNH_FRONT') expect((await page(aff.onboarding_url, { 'accept-language': 'en' })).body).toContain('<li data-file-type="CNH_FRONT" data-status="PENDING_REVIEW">CNH (front) · Under review</li>');
    }
    expect(byType(await requirements(t, m.apiKey, m.id), 'IDENTITY_DOCUMENT').status).toBe('SATISFIED');
    const shown = await page(aff.onboarding_url);
    expect(shown.body).toMatch(new RegExp(`<li data-requirement-id="${identity.id}" data-status="SATISFIED"`));
  });

  it('closes an evidence package with its files and the answer in one form', async () => {
    const { m, aff, cpf } = await waitingMerchant();
    const pkg = await staffRow(m.id, 'PROVIDER_A', 'EVIDENCE_PACKAGE', cpf, 'Invoices of the last month');
    const fields = { token: tokenOf(aff.onboarding_url), requirement_id: pkg.id };
    expect(noticeOf(await postMultipart(fields, [{ bytes: PDF, type: 'application/pdf', name: 'a.pdf' }]))).toBe('answer-invalid');
    const files = [{ bytes: PDF, type: 'application/pdf', name: 'a.pdf' }, { bytes: PNG, type: 'image/png', name: 'b.png' }];
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
    expect(noticeOf(await postForm('/biometrics/approve', { token, requirement_id: bio.id, verification_id: verification }))).toBe('capture-approved');
    expect(byType(await requirements(t, m.apiKey, m.id), 'BIOMETRIC_VERIFICATION')).toMatchObject({ status: 'SATISFIED', satisfied_by: { biometric_verification_id: verification } });

    for (const type of ['IDENTITY_DOCUMENT', 'PROOF_OF_ADDRESS']) {
      const row = byType(rows, type);
      const fileType = type === 'IDENTITY_DOCUMENT' ? 'CNH_DIGITAL' : type;
      expect(noticeOf(await postMultipart({ token, requirement_id: row.id, file_type: fileType }, [{ bytes: PDF, type: 'application/pdf', name: 'x.pdf' }]))).toBe('uploaded');
    }
    const after = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`, key: org.apiKey });
    expect(after.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });
    expect((await page(aff.onboarding_url)).body).toContain('id="nothing-left"');
  });

  it('refuses tampered, foreign-secret and expired links with a 403 HTML page, and a read after 7 days gives a fresh link', async () => {
    const { org, m, aff } = await waitingMerchant();
    const token = tokenOf(aff.onboarding_url);
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, i: claims.i + 86400 })).toString('base64url')}.${signature}`;
    for (const bad of [`${token.slice(0, -2)}AA`, forged, 'nope', '']) {
      const res = await t.request({ method: 'GET', url: `/core/v1/onboarding/hosted?token=${encodeURIComponent(bad)}`, headers: { 'accept-language': 'en-US,en;q=0.9' } });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Invalid or expired link');
      expect(res.body).toContain('data-reason="INVALID"');
    }
    expect((await t.request({ method: 'GET', url: '/core/v1/onboarding/hosted' })).statusCode).toBe(403);
    expect((await postForm('/answers', { token: forged, requirement_id: m.id, answer: 'x' })).statusCode).toBe(403);

    // Valid for the whole week it was issued for (at least 6 days after any read), then refused as expired.
    clock.offsetMs = 6 * DAY - 60_000;
    try {
      expect((await page(aff.onboarding_url)).statusCode).toBe(200);
      clock.offsetMs = 7 * DAY + 1000;
      const expired = await page(aff.onboarding_url, { 'accept-language': 'pt-BR' });
      expect(expired.statusCode).toBe(403);
      expect(expired.body).toContain('data-reason="EXPIRED"');
      expect(expired.body).toContain('Este link de cadastro expirou');
      const form = await postMultipart({ token }, [{ bytes: PDF, type: 'application/pdf', name: 'x.pdf' }]);
      expect(form.statusCode).toBe(403);

      const fresh = (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`, key: org.apiKey })).json().onboarding_url;
      expect(fresh).not.toBe(aff.onboarding_url);
      expect((await page(fresh)).statusCode).toBe(200);
      const listed = (await t.request({ method: 'GET', url: '/core/v1/affiliations', key: m.apiKey })).json().data[0].onboarding_url;
      expect(listed).toBe(fresh);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("another merchant's link cannot touch this merchant's requirements or captures", async () => {
    const a = await waitingMerchant();
    const b = await waitingMerchant();
    const tokenB = tokenOf(b.aff.onboarding_url);
    const rowsA = await requirements(t, a.m.apiKey, a.m.id);
    const addressA = byType(rowsA, 'PROOF_OF_ADDRESS');
    expect(noticeOf(await postMultipart({ token: tokenB, requirement_id: addressA.id, file_type: 'PROOF_OF_ADDRESS' }, [{ bytes: PDF, type: 'application/pdf', name: 'x.pdf' }]))).toBe('not-found');
    expect(noticeOf(await postForm('/biometrics', { token: tokenB, requirement_id: byType(rowsA, 'BIOMETRIC_VERIFICATION').id }))).toBe('not-found');
    const capture = await t.request({ method: 'POST', url: `/core/v1/merchants/${a.m.id}/biometric-verifications`, key: a.m.apiKey, payload: { subject_document_number: a.cpf } });
    expect(noticeOf(await postForm('/biometrics/approve', { token: tokenB, verification_id: capture.json().id }))).toBe('not-found');
    const rowsAfter = await requirements(t, a.m.apiKey, a.m.id);
    expect(byType(rowsAfter, 'PROOF_OF_ADDRESS').status).toBe('PENDING');
    expect(byType(rowsAfter, 'BIOMETRIC_VERIFICATION').status).toBe('PENDING');
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${a.m.id}/onboarding-documents`, key: a.m.apiKey })).json().data).toHaveLength(0);
    // B's page shows B's rows only.
    const pageB = await page(b.aff.onboarding_url);
    expect(pageB.body).not.toContain(addressA.id);
  });

  it('speaks pt-BR or English from Accept-Language, with a switch that wins', async () => {
    const { aff } = await waitingMerchant();
    const en = await page(aff.onboarding_url, { 'accept-language': 'en-GB,en;q=0.9,pt;q=0.5' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Your company onboarding');
    expect(en.headers['content-language']).toBe('en');
    const pt = await page(aff.onboarding_url, { 'accept-language': 'fr;q=1, pt-BR;q=0.8, en;q=0.5' });
    expect(pt.body).toContain('<html lang="pt-BR">');
    expect(pt.body).toContain('Cadastro da sua empresa');
    expect((await page(aff.onboarding_url)).body).toContain('<html lang="pt-BR">');
    const href = /id="lang-switch" hreflang="en" href="([^"]+)"/.exec(pt.body)![1].replace(/&amp;/g, '&');
    expect(href).toContain('lang=en');
    const switched = await t.request({ method: 'GET', url: href, headers: { 'accept-language': 'pt-BR' } });
    expect(switched.statusCode).toBe(200);
    expect(switched.body).toContain('<html lang="en">');
    expect(switched.body).toContain('id="lang-switch" hreflang="pt-BR"');
  });
});

describe('hosted onboarding links stay out of logs', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    const logger = { ...(loggerOptions('info') as object), stream: { write: (line: string) => void lines.push(line) } };
    logged = await createTestApp({ sandboxAutopilot: false }, {}, { logger } as never);
  });
  afterAll(async () => logged?.close());

  it('logs neither the token of a page read nor of a form, and answers an oversized body with an HTML 413', async () => {
    const org = await logged.createOrganization();
    const m = await logged.createMerchant(org.apiKey);
    const aff = (await logged.request({ method: 'POST', url: `/core/v1/merchants/${m.id}/affiliations`, key: org.apiKey, payload: { provider: 'PROVIDER_A' } })).json();
    const token = tokenOf(aff.onboarding_url);
    expect((await logged.request({ method: 'GET', url: pathOf(aff.onboarding_url) })).statusCode).toBe(200);
    const tampered = await logged.request({ method: 'GET', url: pathOf(aff.onboarding_url).replace(/.{4}$/, 'AAAA') });
    expect(tampered.statusCode).toBe(403);
    const form = await logged.request({
      method: 'POST',
      url: '/core/v1/onboarding/hosted/answers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, requirement_id: m.id, answer: 'x' }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const huge = await logged.request({
      method: 'POST',
      url: '/core/v1/onboarding/hosted/documents',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' },
      payload: Buffer.alloc(16 * 1024 * 1024, 0x61),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(huge.body).toContain('File too large');
    expect(lines.some((l) => l.includes('/core/v1/onboarding/hosted'))).toBe(true);
    expect(lines.filter((l) => l.includes(token.split('.')[0]) || l.includes(token.split('.')[1]))).toEqual([]);
  });
});
