import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from 'playwright-core';
import { request } from 'undici';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Issue 27, item 7: the dashboard's page of request logs. What an integration sent and what it got, its own and
 * its merchants', filtered by status, path, time and request id; bodies only as their redacted summary.
 */
describe.skipIf(!hasChromium)(`request logs page in a real browser (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(
      { sandboxAutopilot: false },
      { webhookDashboardSecret: randomBytes(32).toString('base64url') },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Over real HTTP, as an integration calls. */
  const call = async (
    method: string,
    path: string,
    key: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await request(`${base}${path}`, {
      method: method as 'GET',
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    return {
      status: res.statusCode,
      json: text ? JSON.parse(text) : undefined,
      requestId: res.headers['x-request-id'] as string | undefined,
    };
  };

  for (const width of [1280, 375]) {
    it(`at ${width}px: lists the organization's and its merchants' requests, filters them, shows bodies redacted`, async () => {
      const org = await t.createOrganization();
      const other = await t.createOrganization();
      const merchant = await t.createMerchant(org.apiKey);
      const refused = await call('POST', '/core/v1/pricing/fee-policies', org.apiKey, {
        name: 'Tabela secreta',
        password: 'hunter2',
      });
      expect(refused.status).toBe(400);
      await call('GET', '/core/v1/companies/me', org.apiKey);
      const missing = await call('GET', '/core/v1/merchants/00000000-0000-4000-8000-000000000000', org.apiKey);
      expect(missing.status).toBe(404);
      await call('GET', '/core/v1/companies/me', merchant.apiKey);
      await call('GET', '/core/v1/companies/me', other.apiKey); // another organization's: never shown

      const link = await call('GET', '/core/v1/webhooks/dashboard', org.apiKey);
      const context = await browser.newContext(
        width < 600
          ? { viewport: { width, height: 740 }, isMobile: true }
          : { viewport: { width, height: 900 }, locale: 'en-GB' },
      );
      const page = await context.newPage();
      page.on('dialog', (d) => {
        throw new Error(`the page ran script: ${d.message()}`);
      });
      await page.goto(link.json.url);
      await Promise.all([page.waitForURL(/dashboard\/requests/), page.locator('#requests-link').click()]);
      expect(await page.locator('h1').innerText()).toBe('Requests');

      const rows = page.locator('tr.request');
      const paths = await rows.locator('.path').allInnerTexts();
      expect(paths).toContain('/core/v1/pricing/fee-policies');
      expect(paths.filter((p) => p === '/core/v1/companies/me')).toHaveLength(2); // the organization's and its merchant's
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('Tabela secreta');
      expect(text).not.toContain(other.id);
      // The refused create: status, error code, the body's field names only.
      const post = page.locator(`tr.request[data-request-id="${refused.json.error.requestId}"]`);
      expect(await post.getAttribute('data-status')).toBe('400');
      expect(await post.locator('.error-code').innerText()).toBe('VALIDATION_ERROR');
      const summary = await post.locator('.body-summary').innerText();
      expect(summary).toContain('name');
      expect(summary).not.toContain('password');
      expect(summary).toMatch(/\d+ bytes/);
      // Times formatted, the ISO value in the title.
      const time = post.locator('td[data-label="Time"] time');
      expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await time.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      const search = async (fill: () => Promise<unknown>) => {
        await page.goto(
          `${base}/core/v1/webhooks/dashboard/requests?token=${new URL(link.json.url).searchParams.get('token')}`,
        );
        await fill();
        await Promise.all([page.waitForURL(/&/), page.click('form.filters button[type="submit"]')]);
      };
      // Status: the 4xx class, then an exact 404.
      await search(() => page.selectOption('select[name="status"]', '4xx'));
      expect((await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).sort()).toEqual([
        '400',
        '404',
      ]);
      await search(() => page.fill('input[name="status"]', '404'));
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-request-id')).toBe(missing.requestId);
      // Path prefix.
      await search(() => page.fill('input[name="path"]', '/core/v1/companies'));
      expect(new Set(await rows.locator('.path').allInnerTexts())).toEqual(new Set(['/core/v1/companies/me']));
      // Request id.
      await search(() => page.fill('input[name="request_id"]', refused.json.error.requestId));
      expect(await rows.count()).toBe(1);
      // Time: from tomorrow, nothing; to tomorrow, everything.
      const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 16);
      await search(() => page.fill('input[name="from"]', tomorrow));
      expect(await rows.count()).toBe(0);
      expect(await page.locator('#requests').innerText()).toContain('No requests match.');
      await search(() => page.fill('input[name="to"]', tomorrow));
      expect(await rows.count()).toBeGreaterThanOrEqual(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await context.close();
    });
  }

  it('a tampered link is refused; a link asked by a user without request_log.list lists nothing', async () => {
    const org = await t.createOrganization();
    const link = await call('GET', '/core/v1/webhooks/dashboard', org.apiKey);
    const token = new URL(link.json.url).searchParams.get('token')!;
    const page = await browser.newPage();
    const tampered = await page.goto(`${base}/core/v1/webhooks/dashboard/requests?token=${token.slice(0, -2)}AA`);
    expect(tampered?.status()).toBe(403);
    // A token signed without the request-logs scope (as issued to a user lacking the grant).
    const { signDashboardToken } = await import('../../src/modules/webhooks/dashboard-token.js');
    const secret = (t.deps as { webhookDashboardSecret?: string }).webhookDashboardSecret!;
    const narrow = signDashboardToken(secret, org.id, t.deps.clock.now()).token;
    await page.goto(`${base}/core/v1/webhooks/dashboard/requests?token=${encodeURIComponent(narrow)}`);
    expect(await page.locator('#not-allowed').count()).toBe(1);
    expect(await page.locator('tr.request').count()).toBe(0);
    await page.close();
  });
});
