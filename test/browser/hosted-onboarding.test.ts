import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from 'playwright-core';
import { request } from 'undici';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { byType, PDF, PNG, requirements } from '../helpers/onboarding.js';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

describe.skipIf(!hasChromium)(`hosted onboarding in a real browser (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ sandboxAutopilot: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`a WAITING_DOCUMENTS merchant uploads, answers and captures on the page (${viewport.name})`, async () => {
      const org = await t.createOrganization();
      const m = await t.createMerchant(org.apiKey);
      const cpf = m.body.document_number as string;
      const question = await t.request({
        method: 'POST',
        url: `/core/v1/platform/companies/${m.id}/onboarding-requirements`,
        key: t.platformKey,
        payload: {
          provider: 'PROVIDER_A',
          type: 'INFORMATION',
          subject_document_number: cpf,
          subject_role: 'COMPANY',
          description: 'What does the company sell?',
        },
      });
      expect(question.statusCode).toBe(201);
      // The affiliation is made over real HTTP, as the integrator's back office would; its URL is then opened with nothing else.
      const created = await request(`${base}/core/v1/merchants/${m.id}/affiliations`, {
        method: 'POST',
        headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'PROVIDER_A' }),
      });
      const aff = (await created.body.json()) as { id: string; status: string; onboarding_url: string };
      expect(aff.status).toBe('WAITING_DOCUMENTS');
      expect(aff.onboarding_url.startsWith(`${base}/core/v1/onboarding/hosted?token=`)).toBe(true);

      const context = await browser.newContext({
        viewport,
        locale: 'en-US',
        extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' },
      });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      await page.goto(aff.onboarding_url);
      expect(await page.locator('h1').innerText()).toBe('Your company onboarding');
      // Issue 27, finding 9: the provider by its name, the CPF as people write it.
      const text = await page.locator('main').innerText();
      expect(text).toContain('the provider Provider A (sandbox) still asks');
      expect(text).not.toContain('PROVIDER_A');
      expect(text).toContain(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
      const cards = page.locator('section.requirement');
      expect(await cards.count()).toBe(4);
      // The hashed stylesheet applies (a blocked one would leave the default white background).
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 247, 249)');
      // Nothing wider than the screen at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // A document: choose the file, send, and the page comes back with the notice.
      const address = page.locator('section.requirement[data-type="PROOF_OF_ADDRESS"]');
      await address
        .locator('input[type="file"]')
        .setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
      await Promise.all([page.waitForURL(/notice=uploaded/), address.locator('button[type="submit"]').click()]);
      expect(await page.locator('.notice').innerText()).toBe('Document received.');
      expect(await page.locator('section.requirement[data-type="PROOF_OF_ADDRESS"]').count()).toBe(0);

      // The identity pair, front and back.
      for (const side of ['CNH_FRONT', 'CNH_BACK']) {
        const identity = page.locator('section.requirement[data-type="IDENTITY_DOCUMENT"]');
        await identity.locator('select[name="file_type"]').selectOption(side);
        await identity
          .locator('input[type="file"]')
          .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: PNG });
        await Promise.all([page.waitForURL(/notice=uploaded/), identity.locator('button[type="submit"]').click()]);
        if (side === 'CNH_FRONT') {
          // The front alone does not satisfy the row: the page says the back is missing and preselects it.
          const again = page.locator('section.requirement[data-type="IDENTITY_DOCUMENT"]');
          expect(await again.locator('[data-missing="CNH_BACK"]').innerText()).toBe(
            'We received CNH (front). Now send CNH (back) of the same document.',
          );
          expect(await again.locator('select[name="file_type"]').inputValue()).toBe('CNH_BACK');
        }
      }

      // The question.
      const info = page.locator('section.requirement[data-type="INFORMATION"]');
      expect(await info.innerText()).toContain('What does the company sell?');
      await info.locator('textarea[name="answer"]').fill('Roasted coffee, wholesale');
      await Promise.all([page.waitForURL(/notice=answered/), info.locator('button[type="submit"]').click()]);

      // The capture, approved by the sandbox button.
      await Promise.all([
        page.waitForURL(/notice=capture-started/),
        page.locator('button[data-action="start-capture"]').click(),
      ]);
      await Promise.all([
        page.waitForURL(/notice=capture-approved/),
        page.locator('button[data-action="sandbox-approve"]').click(),
      ]);
      expect(await page.locator('#nothing-left').count()).toBe(1);
      expect(violations).toEqual([]);

      // Checked through the API: every row met, the affiliation ACTIVE and its link gone.
      const rows = await requirements(t, m.apiKey, m.id);
      expect(byType(rows, 'PROOF_OF_ADDRESS').status).toBe('SATISFIED');
      expect(byType(rows, 'IDENTITY_DOCUMENT').status).toBe('SATISFIED');
      expect(byType(rows, 'INFORMATION')).toMatchObject({
        status: 'SATISFIED',
        satisfied_by: { answer: 'Roasted coffee, wholesale' },
      });
      expect(byType(rows, 'BIOMETRIC_VERIFICATION').status).toBe('SATISFIED');
      const after = await t.request({
        method: 'GET',
        url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`,
        key: org.apiKey,
      });
      expect(after.json()).toMatchObject({ status: 'ACTIVE', onboarding_url: null });

      // The switch to Portuguese, and a tampered link refused in the reader's language.
      await Promise.all([page.waitForURL(/lang=pt-BR/), page.locator('#lang-switch').click()]);
      expect(await page.locator('h1').innerText()).toBe('Cadastro da sua empresa');
      const tampered = await page.goto(aff.onboarding_url.replace(/token=([^.]{6})/, 'token=AAAAAA'));
      expect(tampered?.status()).toBe(403);
      expect(await page.locator('h1').innerText()).toBe('Invalid or expired link');
      await context.close();
    });
  }
});
