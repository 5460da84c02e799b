import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The card form snippets as printed: the README's and the card-encryption guide's `html` block, taken from the
 * Markdown itself (indentation of a list item removed), with only the placeholder origin `https://HOST:8443`
 * pointed at a test platform. A merchant's page on another origin serves it; the form must appear and the page
 * must throw nothing (a classic script with a top-level `await` did: issue 27, finding 2).
 */
export function htmlSnippet(markdownFile: string): string {
  const text = readFileSync(markdownFile, 'utf8');
  const match = /^([ \t]*)```html\n([\s\S]*?)^\1```$/m.exec(text);
  if (!match) throw new Error(`no html block in ${markdownFile}`);
  const indent = match[1]!;
  return match[2]!
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

const SOURCES = ['README.md', 'docs/guides/card-encryption.md'];

describe.skipIf(!hasChromium)(`documented card form snippets in chromium (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let platform: string;
  let merchant: Server;
  let merchantBase: string;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    platform = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    SOURCES.forEach((file, i) =>
      pages.set(`/snippet-${i}`, htmlSnippet(file).replaceAll('https://HOST:8443', platform)),
    );
    merchant = createServer((req, res) => {
      const page = pages.get(req.url ?? '');
      if (page) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      else res.writeHead(204).end(); // the snippet's POST /pay, the browser's /favicon.ico
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    merchantBase = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    await t?.close();
  });

  it('each source has exactly the one snippet, which loads the library from the platform', () => {
    for (const file of SOURCES) {
      const snippet = htmlSnippet(file);
      expect(snippet).toContain('https://HOST:8443/core/js/v1/platform.js');
      expect(snippet).toContain("card.mount('#card')");
    }
  });

  SOURCES.forEach((file, i) => {
    it(`the snippet of ${file} shows the card form and throws nothing`, async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
      });
      await page.goto(`${merchantBase}/snippet-${i}`);
      const frame = page.frameLocator('#card iframe');
      await frame.locator('#number').waitFor({ state: 'visible', timeout: 20_000 });
      for (const field of ['#expiry', '#cvv', '#holder'])
        await expect(frame.locator(field).isVisible()).resolves.toBe(true);
      // Typing a test card makes the form complete: the snippet's handler posts to the merchant's /pay.
      const posted = page.waitForRequest((r) => r.url() === `${merchantBase}/pay` && r.method() === 'POST', {
        timeout: 20_000,
      });
      await frame.locator('#number').pressSequentially('4111111111111111');
      await frame.locator('#expiry').pressSequentially('1230');
      await frame.locator('#cvv').pressSequentially('123');
      await frame.locator('#holder').pressSequentially('ANA LIMA');
      const body = JSON.parse((await posted).postData() ?? '{}');
      expect(body.number).toMatch(/^ev:v1:/);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
