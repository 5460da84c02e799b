import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** product.md §15: the reference renders in a real browser from this host alone, at desktop and phone widths. */
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
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) remote.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}${path}`);
    return { page, remote, errors };
  }

  for (const [label, width] of [['desktop', 1280], ['phone', 390]] as const) {
    it(`the reference renders its operations and webhooks (${label})`, async () => {
      const { page, remote, errors } = await open('/core/docs', width);
      // Redoc renders each operation under an h2 of its summary, and the document's webhooks.
      await page.locator('h2', { hasText: 'Create a transaction' }).first().waitFor({ state: 'attached', timeout: 60_000 });
      expect(await page.locator('h2', { hasText: 'The transaction.status-changed event' }).count()).toBeGreaterThan(0);
      expect(remote).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }, 90_000);

    it(`a guide reads at ${label} width without sideways scrolling`, async () => {
      const { page, remote } = await open('/core/docs/guides/webhooks', width);
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: 'API reference' }).click();
      await page.waitForURL(`${base}/core/docs`);
      expect(remote).toEqual([]);
      await page.close();
    }, 60_000);
  }
});
