import { validationError, type ValidationIssue } from '../../../kernel/errors.js';
import type { PublicKeyRing } from '../../../kernel/encryption-keys.js';
import type { CardSource } from '../shared/transactions.rules.js';
import type { CreateTransactionInput } from '../shared/transactions.schemas.js';

/**
 * Creation checks beyond the schema and `checkCreation`: which card fields a source needs, the key of every
 * encrypted value (P6: a known kid of this environment, checked without decrypting), and the body as the
 * request_id comparison sees it (P3: `ev:` values ignored).
 */
const issue = (field: string, type: ValidationIssue['type'], message: string): ValidationIssue => ({
  field,
  type,
  message,
});

/** P3: `bin` and `last_digits` are required with `number` or `network_token` (and what an authorization needs). */
export function cardFieldIssues(input: CreateTransactionInput, source: CardSource | null): ValidationIssue[] {
  const card = input.card_data;
  if (!card || (source !== 'number' && source !== 'network_token')) return [];
  const required: (keyof typeof card)[] = ['bin', 'last_digits', 'expiry_month', 'expiry_year'];
  if (source === 'number') required.push('holder_name');
  if (source === 'network_token') required.push('cryptogram');
  return required
    .filter((f) => card[f] === undefined)
    .map((f) => issue(`card_data.${f}`, 'REQUIRED', `card_data.${f} is required with card_data.${source}`));
}

/** The encrypted values of a body with their fields. */
export function encryptedFields(input: CreateTransactionInput): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  const card = input.card_data;
  for (const f of ['number', 'cvv', 'network_token', 'cryptogram'] as const) {
    const v = card?.[f];
    if (typeof v === 'string') out.push({ field: `card_data.${f}`, value: v });
  }
  const av = input.three_ds?.external?.authentication_value;
  if (av?.startsWith('ev:')) out.push({ field: 'three_ds.external.authentication_value', value: av });
  return out;
}

/**
 * DECRYPTION_FAILED (no value) for every encrypted value whose kid this environment does not know or retired.
 * The body passed the schema, which parsed every `ev:` value (encryptedValue, authenticationValue): the kid is
 * its third segment, read without parsing the value again.
 */
export async function assertKnownKeys(keys: PublicKeyRing | undefined, input: CreateTransactionInput): Promise<void> {
  const issues: ValidationIssue[] = [];
  for (const { field, value } of encryptedFields(input)) {
    const kid = value.split(':', 3)[2];
    const status = kid && keys ? await keys.statusOf(kid) : undefined;
    if (!status || status === 'RETIRED')
      issues.push(
        issue(
          field,
          'DECRYPTION_FAILED',
          `${field} is not encrypted under a current key of this environment: encrypt it again with a key from GET /v1/encryption-keys`,
        ),
      );
  }
  if (issues.length > 0) throw validationError(issues);
}

/** The body the request_id comparison sees: every `ev:` value (each encryption differs) replaced by a marker. */
export function fingerprintBody(input: CreateTransactionInput): unknown {
  const strip = (value: unknown): unknown => {
    if (typeof value === 'string') return value.startsWith('ev:') ? 'ev:' : value;
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    return value;
  };
  return strip(input);
}

/** Maps a provider's card-data refusal (src/providers/card-opening.ts) to the field it concerns. */
export function cardDataIssue(code: string, purpose: string, input: CreateTransactionInput): ValidationIssue | null {
  if (code === 'DECRYPTION_FAILED') {
    const field =
      {
        pan: 'card_data.number',
        cvv: 'card_data.cvv',
        ntk: 'card_data.network_token',
        cry: 'card_data.cryptogram',
        gen: 'three_ds.external.authentication_value',
      }[purpose] ?? 'card_data.number';
    return {
      field,
      type: 'DECRYPTION_FAILED',
      message: `${field} did not decrypt: encrypt it again with a current key from GET /v1/encryption-keys`,
    };
  }
  if (code === 'CARD_BIN_MISMATCH')
    return {
      field: 'card_data.bin',
      type: 'INVALID_FORMAT',
      message: 'card_data.bin does not match the card number',
      ...(input.card_data?.bin ? { value: input.card_data.bin } : {}),
    };
  if (code === 'CARD_LAST_DIGITS_MISMATCH')
    return {
      field: 'card_data.last_digits',
      type: 'INVALID_FORMAT',
      message: 'card_data.last_digits does not match the card number',
      ...(input.card_data?.last_digits ? { value: input.card_data.last_digits } : {}),
    };
  return null;
}
