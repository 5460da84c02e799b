import type { Json } from './openapi-operations.js';

/**
 * Public descriptions speak of the API, never of our internal specification files (issue 27, finding 6). The
 * routes' and schemas' own descriptions keep their references for us; the document gets these wordings instead.
 * test/api/openapi-strictness.test.ts fails on any citation left (`<file>.md`), so a new one is worded here.
 */
const PUBLIC_WORDING: Record<string, string> = {
  'The net of its PENDING receivables (money.md M3)': 'The net of its PENDING receivables',
  "A card payment (credit, debit with 3DS) or a PIX charge for the caller's company (payments.md P3). A decline is a REFUSED transaction (201), not an error.":
    "A card payment (credit, debit with 3DS) or a PIX charge for the caller's company. A decline is a REFUSED transaction (201), not an error.",
  'money.md M4 (the defaults on organizations)':
    "Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults)",
  'What a SPOT anticipation could take now (the net of the eligible receivables; 0 with ?at=): docs/decisions/anticipation.md':
    'What a SPOT anticipation could take now (the net of the eligible receivables; 0 with ?at=)',
  'money.md M5: where cashouts of this affiliation go; null until set':
    'Where cashouts of this affiliation go; null until set',
};

/** Rewrites every `description` (operations, parameters, schemas, anywhere) that has a public wording. */
export function publicWording(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(publicWording);
  const object = node as Json;
  if (typeof object.description === 'string' && PUBLIC_WORDING[object.description])
    object.description = PUBLIC_WORDING[object.description];
  for (const value of Object.values(object)) publicWording(value);
}
