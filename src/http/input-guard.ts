import { containsCardNumber } from '../domain/pan.js';
import type { ValidationIssue } from '../kernel/errors.js';

/**
 * Checks every request gets before its route's schema (product.md §14), so a route added later is covered
 * without declaring anything: strings PostgreSQL cannot store (NUL, unpaired surrogates), card numbers in
 * free text, and JSON nested too deep. Iterative walks only: a hostile document cannot overflow the stack.
 */

export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests objects/arrays deeper than `max` (the outermost is 1); strings are skipped. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** A NUL or a UTF-16 surrogate without its pair: text no database column or JSON document can hold. */
export function hasUnstorableChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * Fields where a card-shaped number is legitimate or not free text (§14's exceptions): the card objects and
 * their fields, PIX key values, document numbers, ids, and file contents.
 */
const CARD_SCAN_SKIPPED = new Set([
  'card',
  'card_data',
  'number',
  'cvv',
  'cvc',
  'security_code',
  'network_token',
  'cryptogram',
  'key',
  'id',
  'content_base64',
]);
const skipsCardScan = (key: string) =>
  CARD_SCAN_SKIPPED.has(key) ||
  key.endsWith('_id') ||
  key.endsWith('_ids') ||
  key.endsWith('document_number') ||
  key === 'document';

/** Where a value sits: its key or index and its parent's place (a path is built only for an issue found). */
interface Place {
  parent: Place | undefined;
  key: string | number;
}

const fieldOf = (place: Place | undefined, fallback: string) => {
  if (!place) return fallback;
  const path: (string | number)[] = [];
  for (let p: Place | undefined = place; p; p = p.parent) path.push(p.key);
  return path.reverse().map(String).join('.');
};

/**
 * Walks a parsed body, query or params: NUL/unpaired surrogates in a value (on its field) or a key (on the
 * parent object), and card numbers in free-text values and keys. Values found are never echoed.
 */
export function scanInput(input: unknown, part: string, cards = true): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (place: Place | undefined, message: string) => {
    const field = fieldOf(place, part);
    if (seen.has(field)) return;
    seen.add(field);
    issues.push({ field, type: 'INVALID_FORMAT', message: `${field} ${message}` });
  };
  const stack: { value: unknown; place: Place | undefined; scanCards: boolean }[] = [
    { value: input, place: undefined, scanCards: cards },
  ];
  while (stack.length > 0 && issues.length < 20) {
    const { value, place, scanCards } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnstorableChar(value)) add(place, 'must not contain NUL characters or unpaired surrogates');
      else if (scanCards && containsCardNumber(value)) add(place, 'must not contain card data');
    } else if (typeof value === 'number') {
      if (scanCards && Number.isInteger(value) && containsCardNumber(String(value)))
        add(place, 'must not contain card data');
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, place: { parent: place, key: i }, scanCards }));
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const item = (value as Record<string, unknown>)[key];
        if (hasUnstorableChar(key)) add(place, 'has a key with NUL characters or unpaired surrogates');
        else if (scanCards && containsCardNumber(key)) add(place, 'has a key that contains card data');
        stack.push({ value: item, place: { parent: place, key }, scanCards: scanCards && !skipsCardScan(key) });
      }
    }
  }
  return issues;
}
