import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { request } from 'undici';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';


describe.skipIf(!hasChromium)(`webhook dashboard in a real browser (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let receiver: FakeReceiver;
  let worker: DeliveryWorker;

  beforeAll(async () => {
    t = await createTestApp({}, { webhookDashboardSecret: randomBytes(32).toString('base64url') });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await browser?.close();
    await t?.close();
  });

  it('shows a failed message, replays it, and shows it delivered', async () => {
    const setup = await organizationWithReceiver(t);
    receiver = setup.receiver;
    const { org } = setup;
    receiver.script({ status: 500 }, { status: 500 });
    await t.createMerchant(org.apiKey);
    worker = createDeliveryWorker({ db: t.db, config: { env: 'sandbox', webhookRetrySchedule: [0] }, organizationIds: [org.id], timeoutMs: 5000 });
    await worker.drain(); // two failures with a one-retry schedule: FAILED

    // The link is asked for over real HTTP, as an integrator's back office would, then opened with nothing else.
    const link = await request(`${base}/core/v1/webhooks/dashboard`, { headers: { 'x-api-key': org.apiKey } });
    expect(link.statusCode).toBe(200);
    const { url } = (await link.body.json()) as { url: string };
    expect(url.startsWith(base)).toBe(true);

    const page = await browser.newPage();
    await page.goto(url);
    const row = page.locator('tr.message[data-status="FAILED"]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').nth(1).innerText()).toBe('company.created');
    await row.locator('summary').click();
    expect(await row.locator('table.attempts tbody tr').count()).toBe(2);
    expect(await row.innerText()).toContain('HTTP 500');

    // Filters: the failed one disappears under DELIVERED.
    await page.selectOption('select[name="status"]', 'DELIVERED');
    await Promise.all([page.waitForURL(/status=DELIVERED/), page.click('form.filters button[type="submit"]')]);
    expect(await page.locator('tr.message').count()).toBe(0);
    await page.goto(url);

    await Promise.all([page.waitForURL(/notice=replayed/), page.locator('tr.message[data-status="FAILED"] button[data-replay]').click()]);
    expect(await page.locator('.notice').innerText()).toContain('Replay queued');
    expect(await page.locator('tr.message').first().getAttribute('data-status')).toBe('PENDING');

    await worker.drain();
    await page.reload();
    const delivered = page.locator('tr.message[data-status="DELIVERED"]');
    expect(await delivered.count()).toBe(1);
    expect(await page.locator('button[data-replay]').count()).toBe(0);
    expect(receiver.delivered().map((r) => r.id)).toEqual(Array(3).fill(receiver.delivered()[0].id));

    // A tampered link is refused.
    const tampered = await page.goto(url.replace(/token=([^&]{5})/, 'token=AAAAA'));
    expect(tampered?.status()).toBe(403);
  });
});
