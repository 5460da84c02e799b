import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { makePaymentReady, sessionBody } from '../helpers/three-ds.js';

/** The merchant's site on another origin: a checkout page that loads the library, and the page 3DS returns to. */
const checkout = (
  platform: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Loja</title></head><body>
<h1>Checkout</h1>
<script src="${platform}/core/js/v1/platform.js"></script>
<script>
  window.got = [];
  window.challenge = async (nextAction) => {
    const pf = await Platform.init({ apiBase: '${platform}/core' });
    pf.ui.threeDSecure(nextAction)
      .on('success', (d) => window.got.push({ e: 'success', d }))
      .on('failure', (d) => window.got.push({ e: 'failure', d }))
      .on('cancel', (d) => window.got.push({ e: 'cancel', d }))
      .mount();
  };
</script></body></html>`;

/** payments.md P7 in a real browser: the challenge page on the platform's origin, top level and inside the library's frame. */
describe.skipIf(!hasChromium)(`3DS challenge in chromium (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let platform: string;
  let merchant: Server;
  let shop: string;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp({ sandboxAutopilot: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    platform = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    merchant = createServer((req, res) => {
      if (req.url?.startsWith('/done'))
        return void res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><h1 id="back">Back at the shop</h1>');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkout(platform));
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    shop = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
    const org = await t.createOrganization();
    await makePaymentReady(t, org.id);
    key = org.apiKey;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    await t?.close();
  });

  /** Over real HTTP, so the challenge URL carries the origin the browser reaches. */
  async function session(number: string, over: Record<string, unknown> = {}) {
    const res = await fetch(`${platform}/core/v1/3ds-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(await sessionBody(t, number, over)),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as {
      id: string;
      status: string;
      next_action: { type: string; challenge_url: string; expires_at: string };
    };
  }
  const statusOf = async (id: string) =>
    (await (await fetch(`${platform}/core/v1/3ds-sessions/${id}`, { headers: { 'x-api-key': key } })).json()) as {
      status: string;
      failure_reason: string | null;
    };

  it('opened top level: a person types 1234, the session SUCCEEDS and the browser lands on return_url', async () => {
    const s = await session('4000000000002503', { return_url: `${shop}/done?order=42` });
    expect(s.next_action.challenge_url.startsWith(`${platform}/core/3ds/challenge/${s.id}?t=`)).toBe(true);
    // A Brazilian cardholder's browser: the page in Portuguese, the card's expiry MM/AA, the deadline formatted.
    const context = await browser.newContext({
      locale: 'pt-BR',
      extraHTTPHeaders: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    const page = await context.newPage();
    await page.goto(s.next_action.challenge_url);
    expect(await page.locator('h1').textContent()).toBe('Confirme a compra');
    expect(await page.locator('#card').textContent()).toMatch(/^Cartão Visa •••• 2503 · validade 12\/\d{2}$/);
    expect(await page.locator('#paying').textContent()).toMatch(/^R\$ [\d.]+,\d{2} para \S/);
    expect(await page.locator('#valid-until time').getAttribute('title')).toBe(s.next_action.expires_at);
    expect(await page.locator('#valid-until').textContent()).toMatch(/^Válido até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} /);
    await page.locator('#code').pressSequentially('1234');
    await Promise.all([page.waitForURL(`${shop}/done?**`, { timeout: 10_000 }), page.locator('#submit').click()]);
    const landed = new URL(page.url());
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      order: '42',
      three_ds_session_id: s.id,
      status: 'SUCCEEDED',
    });
    await expect.poll(() => page.locator('#back').textContent()).toBe('Back at the shop');
    expect((await statusOf(s.id)).status).toBe('SUCCEEDED');
    // Back to the link: used.
    const again = await page.goto(s.next_action.challenge_url);
    expect(again?.status()).toBe(403);
    expect(await page.locator('h1').textContent()).toBe('Este link de autenticação já foi usado');
    await context.close();
  }, 60_000);

  it("inside the library's frame on the merchant's page: success, failure and cancel reach ui.threeDSecure", async () => {
    const cases = [
      { number: '4000000000002503', act: 'code', code: '1234', event: 'success', status: 'SUCCEEDED', reason: null },
      {
        number: '5200000000002151',
        act: 'code',
        code: '9999',
        event: 'failure',
        status: 'FAILED',
        reason: 'AUTHENTICATION_FAILED',
      },
      {
        number: '6505290000002190',
        act: 'cancel',
        code: '',
        event: 'cancel',
        status: 'FAILED',
        reason: 'CHALLENGE_CANCELLED',
      },
    ] as const;
    for (const c of cases) {
      const s = await session(c.number, { return_url: `${shop}/done` });
      const page = await browser.newPage();
      await page.goto(`${shop}/checkout`);
      await page.evaluate((next) => (window as any).challenge(next), s.next_action);
      const frame = page.frameLocator('[data-platform-overlay] iframe');
      if (c.act === 'code') {
        await frame.locator('#code').pressSequentially(c.code);
        await frame.locator('#submit').click();
      } else await frame.locator('#cancel').click();
      await expect
        .poll(() => page.evaluate(() => (window as any).got), { timeout: 10_000 })
        .toEqual([{ e: c.event, d: { session_id: s.id } }]);
      expect(await page.locator('[data-platform-overlay]').count()).toBe(0);
      expect(page.url()).toBe(`${shop}/checkout`); // the merchant's page stays; only the frame moved on
      expect(await statusOf(s.id)).toMatchObject({ status: c.status, failure_reason: c.reason });
      await page.close();
    }
  }, 90_000);
});
