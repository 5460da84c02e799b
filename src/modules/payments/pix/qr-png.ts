import { crc32, deflateSync, inflateSync as inflate } from 'node:zlib';
import QRCode from 'qrcode';
import { qrSegments } from './qr-segments.js';

/**
 * A QR code as a PNG (payments.md P2 `qr_code_png_base64`): the `qrcode` package builds the symbol (error
 * correction M); the PNG is written here, 1 bit per pixel, because qrcode's own PNG path (pngjs, RGBA, zlib per
 * row) costs ~5 ms a code, which a PIX create cannot afford. Black modules on white, `scale` px per module, a
 * quiet zone of `margin` modules.
 */
export const QR_SCALE = 4;
export const QR_MARGIN = 2;

/**
 * The QR symbol of `text` as the PNG draws it (error correction M) with a fixed mask: the library's trial of all
 * eight masks was ~4% of a PIX create's CPU; any mask makes a valid code every reader decodes (the choice only
 * evens out dark areas). Same segments as the library's (found without its slow search: qr-segments.ts), so the
 * same symbol size.
 */
export function qrSymbol(text: string): { size: number; data: Uint8Array } {
  return QRCode.create(qrSegments(text, 'M') as unknown as QRCode.QRCodeSegment[], {
    errorCorrectionLevel: 'M',
    maskPattern: 2,
  }).modules;
}

const PNG_FILTER_UP = 2;

export function qrPng(text: string, scale = QR_SCALE, margin = QR_MARGIN): Buffer {
  const { size, data } = qrSymbol(text);
  const side = (size + 2 * margin) * scale;
  const rowBytes = Math.ceil(side / 8);
  const raw = Buffer.alloc((rowBytes + 1) * side, 0);
  // One pixel row per module row, written once and repeated `scale` times. Grayscale, 1 bit: 1 is white, so
  // the row starts white (the pad bits after the last pixel stay 0) and each dark module clears its pixels.
  const line = Buffer.alloc(rowBytes);
  const fullBytes = side >> 3;
  const tail = side & 7 ? (0xff << (8 - (side & 7))) & 0xff : -1;
  for (let my = -margin; my < size + margin; my++) {
    line.fill(0xff, 0, fullBytes);
    if (tail >= 0) line[fullBytes] = tail;
    if (my >= 0 && my < size) {
      for (let mx = 0, at = my * size; mx < size; mx++, at++) {
        if (data[at] !== 1) continue;
        for (let x = (mx + margin) * scale, last = x + scale; x < last; x++) line[x >> 3] &= ~(0x80 >> (x & 7));
      }
    }
    const first = (my + margin) * scale * (rowBytes + 1);
    line.copy(raw, first + 1); // after filter byte 0 (None)
    // The band's other rows repeat it: filter 2 (Up, each byte minus the byte above) makes them all zero, which
    // deflate takes in almost no time; their bytes are already 0 from alloc.
    for (let r = 1; r < scale; r++) raw[first + r * (rowBytes + 1)] = PNG_FILTER_UP;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** Reads back the modules of a PNG written by qrPng (tests: the image is the symbol of the text). */
export function modulesOfPng(
  png: Buffer,
  scale = QR_SCALE,
  margin = QR_MARGIN,
): { size: number; dark: (x: number, y: number) => boolean } {
  const side = png.readUInt32BE(16);
  let pos = 8;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    if (type === 'IDAT') idat.push(png.subarray(pos + 8, pos + 8 + len));
    pos += 12 + len;
  }
  const raw = inflate(Buffer.concat(idat));
  const rowBytes = Math.ceil(side / 8);
  // Undo the row filters qrPng writes: None (0) and Up (2).
  for (let y = 0, at = 0; y < side; y++, at += rowBytes + 1) {
    if (raw[at] === PNG_FILTER_UP)
      for (let i = 1; i <= rowBytes; i++) raw[at + i] = (raw[at + i] + raw[at + i - rowBytes - 1]) & 0xff;
    else if (raw[at] !== 0) throw new Error(`unexpected PNG row filter ${raw[at]}`);
  }
  const pixelDark = (x: number, y: number) => (raw[y * (rowBytes + 1) + 1 + (x >> 3)] & (0x80 >> (x & 7))) === 0;
  const size = side / scale - 2 * margin;
  return { size, dark: (x, y) => pixelDark((x + margin) * scale + 1, (y + margin) * scale + 1) };
}
