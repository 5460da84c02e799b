import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { qrPng } from '../src/modules/payments/pix/qr-png.js';

/**
 * The CPU a create spends outside SQL that the contract requires and the bare same-SQL baseline skips
 * (docs/performance.md, 2026-11-27): a PIX create draws its QR code PNG from a BR Code unique to the charge; a
 * card create opens the card's encrypted values (each: ECDH P-256 with the value's own ephemeral key, HKDF-SHA256,
 * AES-256-GCM), as the vault does. `?work=1` on the baseline's create adds exactly this work, so CPU per create
 * can be compared with a baseline that does the same work, not only the same SQL.
 *
 * The bench's card bodies carry two values, `number` and `cvv`, each encrypted under a fresh ephemeral key as
 * platform.js does (bench/transactions.ts): two openings per create. Until 2026-11-28 this baseline opened one value
 * holding both, so it did one ECDH fewer than the platform must (~75 us here, ~15% of the baseline's CPU per create;
 * docs/performance.md, "On-CPU profiles").
 */
const recipient = createECDH('prime256v1');
recipient.generateKeys();

interface Sealed {
  epk: Buffer;
  iv: Buffer;
  ct: Buffer;
  tag: Buffer;
  info: string;
}

/** One value encrypted to the recipient under its own ephemeral key, as an `ev:v1` value is. */
function seal(value: string, purpose: string): Sealed {
  const ephemeral = createECDH('prime256v1');
  const epk = ephemeral.generateKeys();
  const info = `ev:v1:bench:${purpose}`;
  const k = Buffer.from(hkdfSync('sha256', ephemeral.computeSecret(recipient.getPublicKey()), epk, info, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const ct = Buffer.concat([cipher.update(value), cipher.final()]);
  return { epk, iv, ct, tag: cipher.getAuthTag(), info };
}

function open(v: Sealed): string {
  const k = Buffer.from(hkdfSync('sha256', recipient.computeSecret(v.epk), v.epk, v.info, 32));
  const decipher = createDecipheriv('aes-256-gcm', k, v.iv);
  decipher.setAuthTag(v.tag);
  return Buffer.concat([decipher.update(v.ct), decipher.final()]).toString('utf8');
}

/** The bench's cards (bench/transactions.ts): a number and a cvv, each sealed on its own. */
const sealed = Array.from({ length: 2000 }, () => ({
  number: seal('4111111111111111', 'pan'),
  cvv: seal('123', 'cvv'),
}));
let next = 0;

export function openSealedCard(): { number: string; cvv: string } {
  const card = sealed[next++ % sealed.length]!;
  return { number: open(card.number), cvv: open(card.cvv) };
}

/** A QR PNG of a BR Code-sized text unique to this charge (no two charges share a code). */
export function drawQr(id: string): string {
  return qrPng(
    `00020101021226830014br.gov.bcb.pix2561pix.sandbox.provider-a.example/qr/v2/${id.replace(/-/g, '')}5204000053039865802BR5913BENCH MERCHANT6009SAO PAULO62070503***6304ABCD`,
  ).toString('base64');
}
