import { afterAll, describe, expect, it } from 'vitest';
import { inProcessQrImages, threadQrImages } from './qr-images.js';
import { qrPng } from './qr-png.js';

const BR_CODE =
  '00020101021226850014br.gov.bcb.pix2563pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406123.455802BR5913ACME PAGAMENTO6009SAO PAULO62070503***6304ABCD';

describe('QR images', () => {
  const threaded = threadQrImages();
  afterAll(() => threaded.close());

  it('draws the same PNG in process and in its thread', async () => {
    const expected = qrPng(BR_CODE).toString('base64');
    expect(await inProcessQrImages.pngBase64(BR_CODE)).toBe(expected);
    // Several calls in flight at once come back to their own callers.
    const texts = Array.from({ length: 8 }, (_, i) => `${BR_CODE}${i}`);
    const drawn = await Promise.all(texts.map((text) => threaded.pngBase64(text)));
    expect(drawn).toEqual(texts.map((text) => qrPng(text).toString('base64')));
  });

  it('starts a new thread after a close', async () => {
    const images = threadQrImages();
    await images.pngBase64(BR_CODE);
    await images.close();
    expect(await images.pngBase64(BR_CODE)).toBe(qrPng(BR_CODE).toString('base64'));
    await images.close();
  });
});
