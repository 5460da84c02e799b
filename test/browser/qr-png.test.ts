import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM, hasChromium, launchChromium } from '../helpers/chromium.js';
import { QR_MARGIN, QR_SCALE, qrPng, qrSymbol } from '../../src/modules/payments/pix/qr-png.js';
import { buildBrCode } from '../../src/modules/pix/brcode.js';

/**
 * The PIX QR PNG (qrPng writes it by hand: 1 bit per pixel, row filters None and Up) as a real decoder reads
 * it: chromium draws it on a canvas and every module's centre pixel is compared with the QR symbol.
 */
describe.skipIf(!hasChromium)(`QR PNG in chromium (skipped when ${CHROMIUM} is absent)`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('decodes to exactly the symbol of the BR Code', async () => {
    const page = await browser.newPage();
    for (const amount of [1, 1990, 999_999_999_99]) {
      const text = buildBrCode({
        location: 'pix.sandbox.provider-a.example/qr/v2/abcdefghijklmnopqrstuvwxyz123456',
        amount,
        merchantName: 'LOJA EXEMPLO',
        merchantCity: 'Sao Paulo',
      });
      const png = qrPng(text);
      const symbol = qrSymbol(text);
      const dark = await page.evaluate(
        async ({ src, size, scale, margin }) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          const pixels = ctx.getImageData(0, 0, img.width, img.height).data;
          const out: number[] = [];
          for (let y = 0; y < size; y++) {
            for (let x = 0; x < size; x++) {
              const px = (x + margin) * scale + (scale >> 1);
              const py = (y + margin) * scale + (scale >> 1);
              out.push(pixels[(py * img.width + px) * 4] < 128 ? 1 : 0);
            }
          }
          return { out, width: img.width };
        },
        {
          src: `data:image/png;base64,${png.toString('base64')}`,
          size: symbol.size,
          scale: QR_SCALE,
          margin: QR_MARGIN,
        },
      );
      expect(dark.width).toBe((symbol.size + 2 * QR_MARGIN) * QR_SCALE);
      expect(dark.out).toEqual(Array.from(symbol.data, (m) => (m === 1 ? 1 : 0)));
    }
    await page.close();
  });
});
