import { createHash } from 'node:crypto';
import type { QrImages } from './qr-images.js';
import type { TransactionPixDueJson, TransactionPixJson } from '../../../db/schema/index.js';
import { buildBrCode } from '../../pix/brcode.js';
import type { PixChargeResult } from '../../../providers/payments.js';

/**
 * PIX of a transaction (payments.md P3): the EMV BR Code of the provider's charge (its location URL, our amount,
 * the company's name and city) and a PNG QR code of the same string.
 */
export async function pixOfCharge(
  qrImages: QrImages,
  input: {
    charge: PixChargeResult & { brCode?: string | null; expiresAt?: Date | null; kind?: 'cob' | 'cobv' };
    amount: number;
    companyName: string;
    city: string;
    expiresAt: Date;
    due?: TransactionPixDueJson | null;
  },
): Promise<TransactionPixJson> {
  // providers.md R3.3: an API Pix PSP's `pixCopiaECola` is the BR Code; without one it is built from the location.
  const brCode =
    input.charge.brCode ??
    buildBrCode({
      location: input.charge.location,
      amount: input.amount,
      merchantName: input.companyName,
      merchantCity: input.city,
    });
  // R3.3: a `cob`'s expiry is the PSP's (`criacao` + `expiracao`); a due-date PIX's is the end of its last payable date.
  const expiresAt = input.due ? input.expiresAt : (input.charge.expiresAt ?? input.expiresAt);
  return {
    txid: input.charge.txid,
    br_code: brCode,
    qr_code_png_base64: await qrImages.pngBase64(brCode),
    expires_at: expiresAt.toISOString(),
    end_to_end_id: null,
    paid_at: null,
    payer: null,
    late_payment: false,
    provider_charge_id: input.charge.providerChargeId,
    paid_amount: null,
    due: input.due ?? null,
    ...(input.charge.kind ? { charge_kind: input.charge.kind } : {}),
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A sandbox end-to-end id: `E`, the payer bank's ISPB (8 digits), yyyyMMddHHmm, 11 alphanumerics (32 chars). */
export function sandboxEndToEndId(transactionId: string, paidAt: Date): string {
  const digest = createHash('sha256').update(`e2e:${transactionId}`).digest();
  const stamp = paidAt.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const tail = Array.from({ length: 11 }, (_, i) => ALNUM[digest[i] % ALNUM.length]).join('');
  return `E${'18236120'}${stamp}${tail}`;
}

/** P2: the payer's document, masked (CPF `***.456.789-**`, CNPJ `**.345.678/0001-**`). */
export function maskDocument(document: string | null | undefined): string | null {
  if (!document) return null;
  const d = document.replace(/\W/g, '');
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return '***';
}

/** What a paid PIX records (autopilot, the sandbox control, a provider notice). */
export function paidPix(
  pix: TransactionPixJson,
  input: {
    paidAt: Date;
    endToEndId: string;
    payer: { name: string | null; document_number: string | null } | null;
    late: boolean;
  },
): TransactionPixJson {
  return {
    ...pix,
    paid_at: input.paidAt.toISOString(),
    end_to_end_id: input.endToEndId,
    payer: input.payer ? { name: input.payer.name, document_number: maskDocument(input.payer.document_number) } : null,
    late_payment: input.late,
  };
}
