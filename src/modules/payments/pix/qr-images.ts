import { siblingModule, ThreadCalls } from '../../../runtime/thread-calls.js';
import { qrPng } from './qr-png.js';

/**
 * Where a PIX create draws its QR code (~0.4 ms of CPU, the largest pure-CPU step of a PIX create): in process,
 * or in a thread beside the request thread (OFFLOAD_THREADS; docs/decisions/offloading.md). The composition
 * root picks one and hands it in; either answers the PNG as base64, the form the transaction stores.
 */
export interface QrImages {
  pngBase64(text: string): Promise<string>;
  close(): Promise<void>;
}

export const inProcessQrImages: QrImages = {
  pngBase64: async (text) => qrPng(text).toString('base64'),
  close: async () => {},
};

export function threadQrImages(): QrImages {
  const thread = new ThreadCalls<string, string>(siblingModule(import.meta.url, './qr-thread'));
  return {
    // A string each way: the text in, the base64 out (the encoding runs in the thread too).
    pngBase64: (text) => thread.call(text),
    close: () => thread.close(),
  };
}
