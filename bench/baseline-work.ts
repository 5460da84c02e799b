import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { qrPng } from '../src/modules/payments/pix/qr-png.js';

/**
 * The CPU a create spends outside SQL that the contract requires and the bare same-SQL baseline skips
 * (docs/performance.md, 2026-11-27): a PIX create draws its QR code PNG from a BR Code unique to the charge; a
 * card create opens the card's encrypted value (ECDH P-256 with the value's own ephemeral key, HKDF-SHA256,
 * AES-256-GCM), as the vault does. `?work=1` on the baseline's create adds exactly this work, so CPU per create
 * can be compared with a baseline that does the same work, not only the same SQL.
 */
const recipient = createECDH('prime256v1');
recipient.generateKeys();

/** Values encrypted to the recipient, each under its own ephemeral key (the bench's card bodies are too). */
const sealed = Array.from({ length: 2000 }, () => {
  const ephemeral = createECDH('prime256v1');
  const epk = ephemeral.generateKeys();
  const k = Buffer.from(
    hkdfSync('sha256', ephemeral.computeSecret(recipient.getPublicKey()), epk, 'ev:v1:bench:card', 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const ct = Buffer.concat([cipher.update('{"number":"4111111111111111","cvv":"123"}'), cipher.final()]);
  return { epk, iv, ct, tag: cipher.getAuthTag() };
});
let next = 0;

export function openSealedCard(): string {
  const v = sealed[next++ % sealed.length]!;
  const k = Buffer.from(hkdfSync('sha256', recipient.computeSecret(v.epk), v.epk, 'ev:v1:bench:card', 32));
  const decipher = createDecipheriv('aes-256-gcm', k, v.iv);
  decipher.setAuthTag(v.tag);
  return Buffer.concat([decipher.update(v.ct), decipher.final()]).toString('utf8');
}

/** A QR PNG of a BR Code-sized text unique to this charge (no two charges share a code). */
export function drawQr(id: string): string {
  return qrPng(
    `00020101021226830014br.gov.bcb.pix2561pix.sandbox.provider-a.example/qr/v2/${id.replace(/-/g, '')}5204000053039865802BR5913BENCH MERCHANT6009SAO PAULO62070503***6304ABCD`,
  ).toString('base64');
}
