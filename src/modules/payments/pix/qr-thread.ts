import { serveThreadCalls } from '../../../runtime/thread-serve.js';
import { qrPng } from './qr-png.js';

/** The QR thread (qr-images.ts): a BR Code in, its PNG as base64 out. */
serveThreadCalls((text: string) => qrPng(text).toString('base64'));
