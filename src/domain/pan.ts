import { parseDocument } from './brazilian-documents.js';

/** Luhn check over a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True when text carries something shaped like a card number (13-19 digits, spaces or dashes allowed,
 * Luhn-valid). Such text is never echoed back nor logged, whatever field it arrived in. Every run of whole
 * digit groups is a candidate, so digits next to a number ("4111111111111111 7") cannot hide it.
 */
export function containsPan(text: string): boolean {
  const runs = text.match(/\d+(?:[ -]\d+)*/g) ?? [];
  return runs.some((run) => {
    const groups = run.split(/[ -]/);
    for (let i = 0; i < groups.length; i++) {
      let digits = '';
      for (let j = i; j < groups.length && digits.length <= 19; j++) {
        digits += groups[j];
        if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
      }
    }
    return false;
  });
}

/** Card brands by prefix range (inclusive, compared on the first digits) and the lengths they issue. */
const BRANDS: { from: string; to: string; lengths: number[] }[] = [
  { from: '4', to: '4', lengths: [13, 16, 19] }, // Visa (Elo's 4xxxxx BINs included)
  { from: '51', to: '55', lengths: [16] }, // Mastercard
  { from: '2221', to: '2720', lengths: [16] },
  { from: '34', to: '34', lengths: [15] }, // Amex
  { from: '37', to: '37', lengths: [15] },
  { from: '36', to: '36', lengths: [14] }, // Diners
  { from: '38', to: '38', lengths: [14] },
  { from: '300', to: '305', lengths: [14] },
  { from: '6011', to: '6011', lengths: [16, 17, 18, 19] }, // Discover
  { from: '644', to: '649', lengths: [16, 17, 18, 19] },
  { from: '65', to: '65', lengths: [16, 17, 18, 19] }, // Discover and Elo's 65xxxx
  { from: '3528', to: '3589', lengths: [16, 17, 18, 19] }, // JCB
  { from: '5041', to: '5041', lengths: [16, 19] }, // Elo
  { from: '5066', to: '5067', lengths: [16, 19] },
  { from: '509', to: '509', lengths: [16, 19] },
  { from: '6277', to: '6277', lengths: [16, 19] },
  { from: '6362', to: '6363', lengths: [16, 19] },
  { from: '606282', to: '606282', lengths: [16, 19] }, // Hipercard
  { from: '3841', to: '3841', lengths: [16, 19] },
  // Itaú's Hiper (HIPERCARD in the brand table, src/modules/cards/brands.ts; test/security/bin-tables.test.ts
  // keeps every Elo and Hipercard range of that table inside this one).
  ...['637095', '637568', '637599', '637609', '637612'].map((bin) => ({ from: bin, to: bin, lengths: [16, 19] })),
];

/** Luhn-valid, with a card brand's prefix and one of its lengths (product.md §14). */
export function isCardNumber(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19) return false;
  const branded = BRANDS.some((b) => {
    const head = digits.slice(0, b.from.length);
    return head >= b.from && head <= b.to && b.lengths.includes(digits.length);
  });
  return branded && luhnValid(digits);
}

// A UUID's dash-separated hex groups are an id, not a spaced card number.
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The §14 rule for free text: a run of 13-19 digits (spaces or dashes allowed between them) that is a card
 * number by `isCardNumber`, unless the token it sits in (the text between whitespace, punctuation around it
 * trimmed) or the run itself is a valid CPF or CNPJ, numeric or alphanumeric. Every sub-run of whole digit
 * groups is tried, so digits beside a number do not hide it.
 */
export function containsCardNumber(text: string): boolean {
  // A card number has at least 13 digits: most free text (names, descriptions, enum values) has fewer, and is
  // answered by this count without the regular expressions below (every request body's strings pass here).
  let digits = 0;
  for (let i = 0; i < text.length && digits < 13; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  if (digits < 13) return false;
  const scanned = text.replace(UUID_IN_TEXT, ' ');
  for (const match of scanned.matchAll(/\d+(?:[ -]\d+)*/g)) {
    const groups = match[0].split(/[ -]/);
    let offset = match.index;
    const spans = groups.map((group) => {
      const start = offset;
      offset += group.length + 1;
      return { group, start, end: start + group.length };
    });
    for (const [i, first] of spans.entries()) {
      let digits = '';
      for (const span of spans.slice(i)) {
        if (digits.length > 19) break;
        digits += span.group;
        if (!isCardNumber(digits)) continue;
        if (parseDocument(digits) || parseDocument(tokenAround(scanned, first.start, span.end))) continue;
        return true;
      }
    }
  }
  return false;
}

/** The whitespace-delimited token holding [from, to), without surrounding punctuation. */
function tokenAround(text: string, from: number, to: number): string {
  let a = from;
  let b = to;
  while (a > 0 && !/\s/.test(text.charAt(a - 1))) a--;
  while (b < text.length && !/\s/.test(text.charAt(b))) b++;
  return text.slice(a, b).replace(/^[^0-9A-Za-z]+|[^0-9A-Za-z]+$/g, '');
}
