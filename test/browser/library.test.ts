import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openVault } from '../../src/vault/index.js';
import { parseEv } from '../../src/crypto/ev.js';
import { luhnValid } from '../../src/domain/pan.js';

/** A merchant's checkout page, served from another origin (another port), loading the library from the platform. */
const merchantPage = (
  platform: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Loja</title></head><body>
<h1>Checkout</h1><div id="card"></div><div id="ap"></div><div id="gp"></div><div id="log"></div>
<script src="${platform}/core/js/v1/platform.js"></script>
<script>
  window.events = [];
  window.start = async (locale) => {
    window.pf = await Platform.init({ apiBase: '${platform}/core' });
    const card = window.pf.ui.card({ locale });
    ['ready', 'change', 'complete', 'error'].forEach((e) => card.on(e, (v) => window.events.push({ e, v })));
    card.mount('#card');
    window.card = card;
    window.pf.ui.applePay({ amount: 1990, label: 'Loja' }, { process: (r) => { window.wallet = r; } }).mount('#ap');
  };
</script></body></html>`;

describe.skipIf(!hasChromium)(`browser library in a real browser (skipped when ${CHROMIUM} is absent)`, () => {
  let t: TestApp;
  let browser: Browser;
  let platform: string;
  let merchant: Server;
  let merchantUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    platform = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    merchant = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(merchantPage(platform)),
    );
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/checkout`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => merchant?.close(r));
    await t?.close();
  });

  async function open(locale: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(merchantUrl);
    await page.evaluate((l) => (window as any).start(l), locale);
    await expect
      .poll(() => page.evaluate(() => (window as any).events.some((x: any) => x.e === 'ready')), { timeout: 10_000 })
      .toBe(true);
    return page;
  }

  it('a person types a test card in the frame; the merchant page gets ev:v1 values and never holds the digits', async () => {
    const page = await open('pt-BR');
    // The merchant page records every key and DOM change it can see: the frame's keystrokes are not among them.
    await page.evaluate(() => {
      (window as any).seen = [];
      document.addEventListener('keydown', (e) => (window as any).seen.push(e.key), true);
      new MutationObserver(() => (window as any).seen.push(document.documentElement.outerHTML)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    const frame = page.frameLocator('#card iframe');
    await frame.locator('#number').pressSequentially('4111111111111111', { delay: 5 });
    await frame.locator('#expiry').pressSequentially('1230');
    await frame.locator('#cvv').pressSequentially('123');
    await frame.locator('#holder').pressSequentially('ANA LIMA');
    await expect
      .poll(() => page.evaluate(() => (window as any).events.some((x: any) => x.e === 'complete')), { timeout: 10_000 })
      .toBe(true);
    // "complete" fires as soon as the form is valid (a two-letter name already is): wait for the last keystroke.
    await expect
      .poll(() => page.evaluate(() => (window as any).card.values?.card_data?.holder_name), { timeout: 10_000 })
      .toBe('ANA LIMA');
    const values = await page.evaluate(() => (window as any).card.values);
    expect(values.isValid).toBe(true);
    expect(values.card_data).toMatchObject({
      bin: '411111',
      last_digits: '1111',
      brand: 'VISA',
      expiry_month: '12',
      expiry_year: '2030',
      holder_name: 'ANA LIMA',
    });
    expect(parseEv(values.card_data.number)).toMatchObject({ purpose: 'pan' });
    expect(parseEv(values.card_data.cvv)).toMatchObject({ purpose: 'cvv' });
    const vault = openVault(t.deps.vault!);
    expect(await vault.decrypt(values.card_data.number, 'pan')).toBe('4111111111111111');
    expect(await vault.decrypt(values.card_data.cvv, 'cvv')).toBe('123');

    // The frame is another origin: the page cannot read it, and nothing it saw carried the digits.
    expect(
      await page.evaluate(() => (document.querySelector('#card iframe') as HTMLIFrameElement).contentDocument),
    ).toBeNull();
    const seen = JSON.stringify(
      await page.evaluate(() => ({
        seen: (window as any).seen,
        events: (window as any).events,
        html: document.documentElement.outerHTML,
      })),
    );
    for (const needle of ['4111111111111111', '4111 1111 1111 1111', '"123"']) expect(seen).not.toContain(needle);

    // The stored-card create takes what the form produced.
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const { number, bin, last_digits, expiry_month, expiry_year, holder_name } = values.card_data;
    const stored = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/cards`,
      key: org.apiKey,
      payload: { card: { number, bin, last_digits, expiry_month, expiry_year, cardholder_name: holder_name } },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    await page.close();
  }, 60_000);

  it('checks Luhn, brand (Elo, Hipercard), CVV length and expiry in Portuguese and English', async () => {
    const page = await open('pt-BR');
    const frame = page.frameLocator('#card iframe');
    await frame.locator('#number').pressSequentially('4111111111111112');
    await frame.locator('#number').blur();
    await expect.poll(() => frame.locator('#number-error').innerText()).toBe('Número de cartão inválido');
    await frame.locator('#number').fill('');
    await frame.locator('#number').pressSequentially('6363680000031234');
    await expect.poll(() => frame.locator('#brand').innerText()).toBe('ELO');
    await frame.locator('#expiry').pressSequentially('0120');
    await expect.poll(() => frame.locator('#expiry-error').innerText()).toBe('O cartão está vencido');
    await page.close();

    const en = await open('en');
    const f = en.frameLocator('#card iframe');
    await f.locator('#number').pressSequentially('6062826062826066');
    await expect.poll(() => f.locator('#brand').innerText()).toBe('HIPERCARD');
    await f.locator('#number').fill('');
    await f.locator('#number').pressSequentially('378282246310005');
    await f.locator('#cvv').pressSequentially('123');
    await f.locator('#cvv').blur();
    await expect.poll(() => f.locator('#cvv-error').innerText()).toBe('The security code must have 4 digits');
    const rules = await en.evaluate(() => [
      (window as any).Platform._rules.brandFromBin('606282'),
      (window as any).Platform._rules.brandFromBin('438935'),
      (window as any).Platform._rules.luhn('4111111111111111'),
    ]);
    expect(rules).toEqual(['HIPERCARD', 'ELO', true]);
    await en.close();
  }, 60_000);

  it('encrypt() output decrypts in the vault (the same vectors on both sides)', async () => {
    const page = await open('en');
    const values = ['4111111111111111', '123', 'ação ✓ 日本', '', 'x'.repeat(500)];
    const out: string[] = await page.evaluate(
      async (vs) => Promise.all(vs.map((v: string) => (window as any).pf.encrypt(v, { purpose: 'gen' }))),
      values,
    );
    const vault = openVault(t.deps.vault!);
    for (let i = 0; i < values.length; i++) expect(await vault.decrypt(out[i]!, 'gen')).toBe(values[i]);
    const card = await page.evaluate(() =>
      (window as any).pf.encryptCard({
        number: '5555 5555 5555 4444',
        cvv: '321',
        expiry_month: '01',
        expiry_year: '2031',
        holder_name: 'X Y',
      }),
    );
    expect(card).toMatchObject({ bin: '555555', last_digits: '4444', brand: 'MASTERCARD' });
    expect(await vault.decrypt(card.number, 'pan')).toBe('5555555555554444');
    await page.close();
  }, 60_000);

  it('the sandbox wallet sheet returns an encrypted network token and cryptogram for the chosen test card', async () => {
    const page = await open('en');
    await page.click('button[data-platform-wallet="APPLE_PAY"]');
    const sheet = page.frameLocator('[data-platform-overlay] iframe');
    await sheet.locator('#card').selectOption({ index: 1 });
    await sheet.locator('#pay').click();
    await expect.poll(() => page.evaluate(() => !!(window as any).wallet), { timeout: 10_000 }).toBe(true);
    const { card_data } = await page.evaluate(() => (window as any).wallet);
    expect(card_data).toMatchObject({ wallet: 'APPLE_PAY', brand: 'MASTERCARD', last_digits: '4444', eci: '02' });
    expect(await page.locator('[data-platform-overlay]').count()).toBe(0);
    // What the core would check (purposes ntk and cry, a kid it knows), and what the provider adapter would read.
    const vault = openVault(t.deps.vault!);
    expect(parseEv(card_data.network_token)).toMatchObject({ purpose: 'ntk', kid: (await vault.current()).kid });
    const token = await vault.decrypt(card_data.network_token, 'ntk');
    expect(luhnValid(token) && token.endsWith(card_data.last_digits)).toBe(true);
    expect(await vault.decrypt(card_data.cryptogram, 'cry')).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    await page.close();
  }, 60_000);

  it('threeDSecure opens the platform-origin challenge and reports a cancel; refuses another origin', async () => {
    const page = await open('en');
    const events = await page.evaluate(async (base) => {
      const got: string[] = [];
      const c = (window as any).pf.ui.threeDSecure({
        type: 'CHALLENGE',
        challenge_url: `${base}/core/3ds/challenge/00000000-0000-0000-0000-000000000000?t=x`,
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      });
      c.on('cancel', () => got.push('cancel')).mount();
      const hadFrame = !!document.querySelector('[data-platform-overlay] iframe');
      (document.querySelector('[data-platform-cancel]') as HTMLButtonElement).click();
      let refused = false;
      try {
        (window as any).pf.ui
          .threeDSecure({ type: 'CHALLENGE', challenge_url: 'https://evil.example/3ds', expires_at: '' })
          .mount();
      } catch {
        refused = true;
      }
      return { got, hadFrame, refused, left: document.querySelectorAll('[data-platform-overlay]').length };
    }, platform);
    expect(events).toEqual({ got: ['cancel'], hadFrame: true, refused: true, left: 0 });
    await page.close();
  }, 60_000);
});
