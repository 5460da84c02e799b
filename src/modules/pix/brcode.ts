/**
 * EMV BR Code ("PIX copia e cola") of payments.md P3: an EMV QRCPS merchant-presented payload of
 * ID (2 digits) + length (2 digits) + value fields, closed by field 63 holding the CRC16-CCITT-FALSE
 * (poly 0x1021, init 0xFFFF, no reflection, no final xor) of everything before it, CRC field header included.
 * A dynamic code (`010212`) carries a location URL (field 26, sub-field 25) where the payer's bank fetches the
 * charge; field 62-05 is then `***`.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_MERCHANT_NAME = 25;
export const MAX_MERCHANT_CITY = 15;
const MAX_FIELD = 99;

/** CRC16-CCITT-FALSE over the string's bytes (the payload is ASCII, so char codes are its bytes). */
export function crc16(payload: string): number {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= (payload.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export const crc16Hex = (payload: string) => crc16(payload).toString(16).toUpperCase().padStart(4, '0');

/**
 * ASCII-folds a name for fields 59/60: accents removed (São -> Sao, Ç -> C), anything outside printable ASCII
 * dropped, spaces collapsed, capped at `max` characters. Empty after folding -> `fallback` (a code must have both
 * fields, and a payment is never refused for a name the payer's bank would only display).
 */
export function foldAscii(text: string, max: number, fallback = 'NA'): string {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøÆŒØ]/g, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', Æ: 'AE', Œ: 'OE', Ø: 'O' })[c] ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return folded === '' ? fallback : folded;
}

const field = (id: string, value: string): string => {
  if (value.length > MAX_FIELD) throw new RangeError(`BR Code field ${id} is longer than ${MAX_FIELD}`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** Cents as the field 54 text: two decimals, no thousands separator. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 1) throw new RangeError('amount must be a positive integer of cents');
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (text.length > 13) throw new RangeError('amount does not fit field 54');
  return text;
}

export interface BrCodeInput {
  /** Host and path of the charge, no scheme (e.g. `pix.example.com/qr/v2/<id>`). */
  location: string;
  amount: number; // cents
  merchantName: string;
  merchantCity: string;
  /** Field 62-05; `***` for a dynamic code (P3). */
  referenceLabel?: string;
}

export function buildBrCode(input: BrCodeInput): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input.location))
    throw new RangeError('location is host and path, without a scheme');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', PIX_GUI) + field('25', input.location)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', formatAmount(input.amount)) +
    field('58', 'BR') +
    field('59', foldAscii(input.merchantName, MAX_MERCHANT_NAME)) +
    field('60', foldAscii(input.merchantCity, MAX_MERCHANT_CITY)) +
    field('62', field('05', input.referenceLabel ?? '***')) +
    '6304';
  return body + crc16Hex(body);
}

export interface ParsedBrCode {
  payloadFormat: string;
  pointOfInitiation: string | null; // '11' static, '12' dynamic
  gui: string;
  location: string | null; // 26-25
  key: string | null; // 26-01 (static codes)
  mcc: string;
  currency: string;
  amount: number | null; // cents
  country: string;
  merchantName: string;
  merchantCity: string;
  referenceLabel: string | null; // 62-05
  crc: string;
}

export type BrCodeParse = { ok: true; code: ParsedBrCode } | { ok: false; reason: string };

/** Splits a TLV run into id -> value (first occurrence wins); null when malformed. */
function tlv(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    if (i + 4 > text.length) return null;
    const id = text.slice(i, i + 2);
    const lenText = text.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lenText)) return null;
    const len = Number(lenText);
    if (i + 4 + len > text.length) return null;
    if (!out.has(id)) out.set(id, text.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** Parses and checks a BR Code: structure, CRC, `000201` first, the PIX GUI (case-insensitive, as banks emit both). */
export function parseBrCode(payload: string): BrCodeParse {
  if (!/^[\x20-\x7e]+$/.test(payload)) return { ok: false, reason: 'not printable ASCII' };
  if (!payload.startsWith('000201')) return { ok: false, reason: 'must start with 000201' };
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304')
    return { ok: false, reason: 'must end with the CRC field 6304' };
  const crc = payload.slice(-4);
  if (crc16Hex(payload.slice(0, -4)) !== crc.toUpperCase()) return { ok: false, reason: 'CRC mismatch' };
  const fields = tlv(payload);
  if (!fields) return { ok: false, reason: 'malformed field' };
  const account = tlv(fields.get('26') ?? '');
  if (!account || account.get('00')?.toLowerCase() !== PIX_GUI)
    return { ok: false, reason: 'field 26 is not a PIX account' };
  const additional = fields.has('62') ? tlv(fields.get('62')!) : new Map<string, string>();
  if (!additional) return { ok: false, reason: 'malformed field 62' };
  const amountText = fields.get('54');
  if (amountText !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(amountText))
    return { ok: false, reason: 'malformed amount' };
  const required = ['52', '53', '58', '59', '60'] as const;
  for (const id of required) if (!fields.has(id)) return { ok: false, reason: `field ${id} is missing` };
  return {
    ok: true,
    code: {
      payloadFormat: fields.get('00')!,
      pointOfInitiation: fields.get('01') ?? null,
      gui: account.get('00')!,
      location: account.get('25') ?? null,
      key: account.get('01') ?? null,
      mcc: fields.get('52')!,
      currency: fields.get('53')!,
      amount: amountText === undefined ? null : toCents(amountText),
      country: fields.get('58')!,
      merchantName: fields.get('59')!,
      merchantCity: fields.get('60')!,
      referenceLabel: additional.get('05') ?? null,
      crc,
    },
  };
}

function toCents(text: string): number {
  const [units, decimals = ''] = text.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** P2: a txid is 32 characters of [a-zA-Z0-9]; `randomInt` is injected so the rule stays pure and testable. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{32}$/;
export const END_TO_END_PATTERN = /^E[a-zA-Z0-9]{31}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newTxid(randomInt: (maxExclusive: number) => number): string {
  let out = '';
  for (let i = 0; i < 32; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
