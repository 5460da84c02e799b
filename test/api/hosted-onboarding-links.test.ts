import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { loggerOptions } from '../../src/http/logger.js';
import { byType, PDF, requirements } from '../helpers/onboarding.js';
import { ShiftedClock, DAY, hostedKit } from '../helpers/hosted-onboarding.js';

/** The hosted onboarding page's links (tampered, foreign, expired, another merchant's), its languages, and logs without tokens. */
let t: TestApp;
const clock = new ShiftedClock();
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
});
afterAll(async () => t?.close());
const { pathOf, tokenOf, waitingMerchant, page, postForm, postMultipart, noticeOf } = hostedKit(() => t);

describe('hosted onboarding page', () => {
  it('refuses tampered, foreign-secret and expired links with a 403 HTML page, and a read after 7 days gives a fresh link', async () => {
    const { org, m, aff } = await waitingMerchant();
    const token = tokenOf(aff.onboarding_url);
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, i: claims.i + 86400 })).toString('base64url')}.${signature}`;
    for (const bad of [`${token.slice(0, -2)}AA`, forged, 'nope', '']) {
      const res = await t.request({
        method: 'GET',
        url: `/core/v1/onboarding/hosted?token=${encodeURIComponent(bad)}`,
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
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

      const fresh = (
        await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`, key: org.apiKey })
      ).json().onboarding_url;
      expect(fresh).not.toBe(aff.onboarding_url);
      expect((await page(fresh)).statusCode).toBe(200);
      const listed = (await t.request({ method: 'GET', url: '/core/v1/affiliations', key: m.apiKey })).json().data[0]
        .onboarding_url;
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
    expect(
      noticeOf(
        await postMultipart({ token: tokenB, requirement_id: addressA.id, file_type: 'PROOF_OF_ADDRESS' }, [
          { bytes: PDF, type: 'application/pdf', name: 'x.pdf' },
        ]),
      ),
    ).toBe('not-found');
    expect(
      noticeOf(
        await postForm('/biometrics', { token: tokenB, requirement_id: byType(rowsA, 'BIOMETRIC_VERIFICATION').id }),
      ),
    ).toBe('not-found');
    const capture = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${a.m.id}/biometric-verifications`,
      key: a.m.apiKey,
      payload: { subject_document_number: a.cpf },
    });
    expect(noticeOf(await postForm('/biometrics/approve', { token: tokenB, verification_id: capture.json().id }))).toBe(
      'not-found',
    );
    const rowsAfter = await requirements(t, a.m.apiKey, a.m.id);
    expect(byType(rowsAfter, 'PROOF_OF_ADDRESS').status).toBe('PENDING');
    expect(byType(rowsAfter, 'BIOMETRIC_VERIFICATION').status).toBe('PENDING');
    expect(
      (
        await t.request({ method: 'GET', url: `/core/v1/merchants/${a.m.id}/onboarding-documents`, key: a.m.apiKey })
      ).json().data,
    ).toHaveLength(0);
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
    const href = /id="lang-switch" hreflang="en" href="([^"]+)"/.exec(pt.body)![1]!.replace(/&amp;/g, '&');
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
    logged = await createTestApp({ sandboxAutopilot: false }, {}, { logger });
  });
  afterAll(async () => logged?.close());

  it('logs neither the token of a page read nor of a form, and answers an oversized body with an HTML 413', async () => {
    const org = await logged.createOrganization();
    const m = await logged.createMerchant(org.apiKey);
    const aff = (
      await logged.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/affiliations`,
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      })
    ).json();
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
    expect(lines.filter((l) => l.includes(token.split('.')[0]!) || l.includes(token.split('.')[1]!))).toEqual([]);
  });
});
