import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { request } from 'undici';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';

/** A merchant name that is markup, and one long word: escaping and wrapping at phone width both show. */
const HOSTILE_NAME = `Mercado <img src=x onerror=alert(1)> Distribuidora-Nacional-de-Alimentos-e-Bebidas-do-Brasil`;

describe.skipIf(!hasChromium)(`webhook dashboard in a real browser (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const receivers: FakeReceiver[] = [];
  const workers: DeliveryWorker[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { webhookDashboardSecret: randomBytes(32).toString('base64url') });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(receivers.map((r) => r.close()));
    await browser?.close();
    await t?.close();
  });

  /** An organization whose receiver fails the first delivery for good (a one-retry schedule: two attempts). */
  async function organizationWithFailure(merchantName?: string) {
    const setup = await organizationWithReceiver(t);
    receivers.push(setup.receiver);
    setup.receiver.script({ status: 500 }, { status: 500 });
    const merchant = await t.createMerchant(setup.org.apiKey, merchantName ? { name: merchantName } : {});
    const worker = createDeliveryWorker({
      db: t.db,
      secretBox: t.deps.webhookSecretBox,
      config: { env: 'sandbox', webhookRetrySchedule: [0] },
      organizationIds: [setup.org.id],
      timeoutMs: 5000,
    });
    workers.push(worker);
    await worker.drain();
    // The link is asked for over real HTTP, as an integrator's back office would, then opened with nothing else.
    const link = await request(`${base}/core/v1/webhooks/dashboard`, { headers: { 'x-api-key': setup.org.apiKey } });
    expect(link.statusCode).toBe(200);
    const { url } = (await link.body.json()) as { url: string };
    expect(url.startsWith(base)).toBe(true);
    return { ...setup, merchant, worker, url };
  }

  async function pageAt(width: number): Promise<Page> {
    const context = await browser.newContext(
      width < 600
        ? { viewport: { width, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
        : { viewport: { width, height: 900 } },
    );
    const page = await context.newPage();
    page.on('dialog', (d) => {
      throw new Error(`the page ran script: ${d.message()}`);
    });
    return page;
  }

  /** Nothing wider than the window: the page never scrolls sideways (an inner box may). */
  const sideways = (page: Page) =>
    page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

  it('shows a failed message, replays it, and shows it delivered', async () => {
    const { receiver, worker, url } = await organizationWithFailure();
    const page = await pageAt(1280);
    await page.goto(url);
    const row = page.locator('tr.message[data-status="FAILED"]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('.type').innerText()).toBe('company.created');
    await row.locator('details.attempts summary').click();
    expect(await row.locator('table.attempts tbody tr').count()).toBe(2);
    expect(await row.innerText()).toContain('HTTP 500');

    // Filters: the failed one disappears under DELIVERED.
    await page.selectOption('select[name="status"]', 'DELIVERED');
    await Promise.all([page.waitForURL(/status=DELIVERED/), page.click('form.filters button[type="submit"]')]);
    expect(await page.locator('tr.message').count()).toBe(0);
    await page.goto(url);

    await Promise.all([
      page.waitForURL(/notice=replayed/),
      page.locator('tr.message[data-status="FAILED"] button[data-replay]').click(),
    ]);
    expect(await page.locator('.notice').innerText()).toContain('Replay queued');
    expect(await page.locator('tr.message').first().getAttribute('data-status')).toBe('PENDING');

    await worker.drain();
    await page.reload();
    const delivered = page.locator('tr.message[data-status="DELIVERED"]');
    expect(await delivered.count()).toBe(1);
    expect(await page.locator('button[data-replay]').count()).toBe(1); // a delivered message replays too (issue 27)
    expect(receiver.delivered().map((r) => r.id)).toEqual(Array(3).fill(receiver.delivered()[0]!.id));

    // A tampered link is refused with a page that says so.
    const tampered = await page.goto(url.replace(/token=([^&]{5})/, 'token=AAAAA'));
    expect(tampered?.status()).toBe(403);
    expect(await page.locator('h1').innerText()).toContain('invalid or has expired');
    await page.context().close();
  });

  for (const width of [1280, 375]) {
    it(`at ${width}px: loads without sideways scroll, expands a payload, searches, recovers`, async () => {
      const { merchant, receiver, worker, url } = await organizationWithFailure(HOSTILE_NAME);
      await t.request({
        method: 'PATCH',
        url: `/core/v1/platform/companies/${merchant.id}`,
        key: t.platformKey,
        payload: { status: 'ACTIVE' },
      });
      await worker.drain(); // company.status-changed: delivered (the receiver answers 204 now)
      const page = await pageAt(width);
      await page.goto(url);

      // Endpoints and their last 24 hours: two failed attempts, one delivered.
      const endpoint = page.locator('#endpoints li.endpoint');
      expect(await endpoint.count()).toBe(1);
      expect(await endpoint.locator('.url').innerText()).toContain(receiver.url);
      expect(await endpoint.locator('[data-delivered]').innerText()).toBe('1');
      expect(await endpoint.locator('[data-failed]').innerText()).toBe('2');
      expect(await page.locator('tr.message').count()).toBe(2);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // The payload: collapsed, then the envelope as delivered, pretty-printed, the name as text (no markup ran).
      const failed = page.locator('tr.message[data-status="FAILED"]');
      const eventId = (await failed.getAttribute('data-event-id'))!;
      const pre = failed.locator('details.payload pre');
      expect(await pre.isVisible()).toBe(false);
      await failed.locator('details.payload summary').click();
      expect(await pre.isVisible()).toBe(true);
      const envelope = JSON.parse(await pre.innerText());
      expect(envelope).toMatchObject({ id: eventId, type: 'company.created', company_id: merchant.id, version: 1 });
      expect(envelope.payload.name).toBe(HOSTILE_NAME);
      expect(await page.locator('img').count()).toBe(0);
      await failed.locator('details.attempts summary').click();
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      // Search: by the first characters of the event id, then by part of the company's name, then nothing.
      const search = async (q: string) => {
        await page.fill('form.filters input[name="q"]', q);
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get('q') === q),
          page.click('form.filters button[type="submit"]'),
        ]);
      };
      await search(eventId.slice(0, 8));
      expect(await page.locator('tr.message').count()).toBe(1);
      expect(await page.locator('tr.message').getAttribute('data-event-id')).toBe(eventId);
      await search('Distribuidora-Nacional');
      expect(await page.locator('tr.message').count()).toBe(2);
      await search('no such company');
      expect(await page.locator('tr.message').count()).toBe(0);
      expect(await page.locator('#messages').innerText()).toContain('No messages match.');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await search(merchant.id);
      expect(await page.locator('tr.message').count()).toBe(2);

      // Recover everything that failed in the last day (the form's default), and see it pending again.
      expect(await page.locator('input[name="since"]').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      await Promise.all([page.waitForURL(/notice=recovered/), page.click('form.recover button[type="submit"]')]);
      expect(await page.locator('.notice').innerText()).toContain(
        'Recovery queued: 1 undelivered message is sent again now.',
      );
      expect(new URL(page.url()).searchParams.get('q')).toBe(merchant.id); // the search survives the form
      expect(await page.locator(`tr.message[data-event-id="${eventId}"]`).getAttribute('data-status')).toBe('PENDING');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await worker.drain();
      await page.reload();
      expect(await page.locator(`tr.message[data-event-id="${eventId}"]`).getAttribute('data-status')).toBe(
        'DELIVERED',
      );
      expect(receiver.delivered().filter((r) => r.id === eventId)).toHaveLength(3);

      // A bad link's page also fits the width.
      const expired = await page.goto(url.replace(/token=[^&]+/, 'token=e30.AAAA'));
      expect(expired?.status()).toBe(403);
      expect(await page.locator('h1').innerText()).toContain('invalid or has expired');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }

  // Issue 27, finding 9: the Error column was clipped, attempts to several endpoints mixed with no endpoint column,
  // and times were raw ISO values.
  for (const width of [1280, 375]) {
    it(`at ${width}px: every attempt's error is readable, names its endpoint, and times are formatted`, async () => {
      const setup = await organizationWithReceiver(t);
      receivers.push(setup.receiver);
      setup.receiver.script({ status: 500 }, { status: 500 });
      // A second endpoint nobody listens on: its attempts fail with a long connection error.
      const second = await t.request({
        method: 'POST',
        url: '/core/v1/webhooks/endpoints',
        key: setup.org.apiKey,
        payload: { url: 'http://127.0.0.1:9/a-receiver-that-is-down/with/a/long/path' },
      });
      expect(second.statusCode).toBe(201);
      await t.createMerchant(setup.org.apiKey);
      const worker = createDeliveryWorker({
        db: t.db,
        secretBox: t.deps.webhookSecretBox,
        config: { env: 'sandbox', webhookRetrySchedule: [0] },
        organizationIds: [setup.org.id],
        timeoutMs: 5000,
      });
      workers.push(worker);
      await worker.drain();
      const link = await request(`${base}/core/v1/webhooks/dashboard`, { headers: { 'x-api-key': setup.org.apiKey } });
      const { url } = (await link.body.json()) as { url: string };

      const page = await pageAt(width);
      await page.goto(url);
      const row = page.locator('tr.message').first();
      await row.locator('details.attempts summary').click();
      const attempts = row.locator('table.attempts tbody tr');
      expect(await attempts.count()).toBe(4);
      // An endpoint column: each attempt says which endpoint it went to.
      const endpoints = await row.locator('table.attempts tbody td[data-label="Endpoint"]').allInnerTexts();
      expect(new Set(endpoints.map((e) => e.trim()))).toEqual(
        new Set([setup.receiver.url, 'http://127.0.0.1:9/a-receiver-that-is-down/with/a/long/path']),
      );
      // Every error cell is whole inside the visible box: nothing cut off, nothing hidden behind a scroll.
      const clipped = await row.locator('table.attempts').evaluate((table) => {
        const box = table.closest('.scroll') ?? table.parentElement!;
        const edge = box.getBoundingClientRect().right;
        return [...table.querySelectorAll('td[data-label="Error"]')]
          .filter((cell) => cell.textContent.trim() !== '')
          .filter((cell) => cell.getBoundingClientRect().right > edge + 1 || cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent);
      });
      expect(clipped).toEqual([]);
      expect(await row.locator('table.attempts td[data-label="Error"]').allInnerTexts()).toContainEqual(
        expect.stringMatching(/ECONNREFUSED|refused|connect/i),
      );
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // Times: formatted for the reader, the ISO value in the title.
      const time = row.locator('td[data-label="Time"] time');
      const iso = (await time.getAttribute('datetime'))!;
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(await time.getAttribute('title')).toBe(iso);
      expect(await time.innerText()).not.toContain(iso.slice(0, 16));
      expect(await time.innerText()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
      for (const at of await row.locator('table.attempts time').all())
        expect(await at.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      expect(await page.locator('main, body').first().innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      await page.context().close();
    });
  }
});
