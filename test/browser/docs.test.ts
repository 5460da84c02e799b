import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * product.md §15, issue 27 (finding 3): one reference, Scalar's, with its try-it client, rendered in a real browser
 * from this host alone (nothing remote, no page error), at desktop and phone widths.
 */
describe.skipIf(!hasChromium)(`docs in chromium (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, width: number): Promise<{ page: Page; remote: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const remote: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:'))
        remote.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
    });
    await page.goto(`${base}${path}`);
    return { page, remote, errors };
  }

  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('the reference renders an operation, and its try-it client sends to this host', async () => {
    const { page, remote, errors } = await open('/core/docs', 1280);
    await page
      .getByRole('heading', { name: 'Multi-Provider Payment Platform API', level: 1 })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Open Group - transactions' }).click();
    await page.getByRole('link', { name: 'Create a transaction' }).first().click();
    const operation = page
      .locator('section', { has: page.getByRole('heading', { name: 'Create a transaction', level: 3 }) })
      .last();
    await operation.waitFor({ timeout: 30_000 });
    await expect(operation.innerText()).resolves.toContain('/v1/transactions');
    // The console: the operation's "Test Request" opens Scalar's client on this host's server.
    await operation
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const client = page.getByRole('dialog');
    await client.waitFor({ timeout: 30_000 });
    await expect.poll(() => client.innerText(), { timeout: 10_000 }).toContain('/v1/transactions');
    expect(await client.innerText()).toContain(`${base}/core`);
    await expect(client.getByRole('button', { name: /Send/ }).first().isVisible()).resolves.toBe(true);
    expect(remote).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('the reference is usable on a phone: no sideways scrolling, the menu opens the operations', async () => {
    const { page, remote, errors } = await open('/core/docs', 390);
    await page
      .getByRole('heading', { name: 'Multi-Provider Payment Platform API', level: 1 })
      .waitFor({ timeout: 60_000 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('button', { name: 'Open Group - transactions' }).click();
    await page.getByRole('link', { name: 'Create a transaction' }).first().click();
    await page.getByRole('heading', { name: 'Create a transaction', level: 3 }).last().waitFor({ timeout: 30_000 });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(remote).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('the console URL leads to the reference', async () => {
    const { page } = await open('/core/docs/console', 1280);
    expect(page.url()).toBe(`${base}/core/docs`);
    await page.close();
  }, 60_000);

  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    it(`a guide reads at ${label} width without sideways scrolling`, async () => {
      const { page, remote } = await open('/core/docs/guides/webhooks', width);
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: 'API reference' }).click();
      await page.waitForURL(`${base}/core/docs`);
      expect(remote).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
