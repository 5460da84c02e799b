import { OfficialDocument } from './official-document.js';
import { must } from '../../kernel/must.js';

/**
 * The vendored official documents, loaded once per process (the API Pix YAML takes a second to parse):
 * Adyen Checkout API v71 and standard webhooks (Adyen/adyen-openapi aa014f0), API Pix 2.9.0 (bacen/pix-api 1f1b568).
 */
let adyen: OfficialDocument | undefined;
let adyenWebhooks: OfficialDocument | undefined;
let pix: OfficialDocument | undefined;

export const adyenCheckoutDocument = () =>
  (adyen ??= OfficialDocument.fromFile(
    new URL('../adyen-checkout/official/CheckoutService-v71.json', import.meta.url),
  ));
export const adyenWebhooksDocument = () =>
  (adyenWebhooks ??= OfficialDocument.fromFile(
    new URL('../adyen-checkout/official/Webhooks-v1.json', import.meta.url),
  ));
export const pixApiDocument = () =>
  (pix ??= OfficialDocument.fromFile(new URL('../pix-api-bcb/official/openapi.yaml', import.meta.url), PIX_READINGS));

type Json = Record<string, unknown>;
/** Visits every object of a document. */
function walk(node: unknown, visit: (obj: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Json);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}

/**
 * API Pix 2.9.0 as written vs as meant:
 * 1. CPF, CNPJ and ISPB patterns are written as JavaScript literals (`"/^\\d{11}$/"`): as JSON Schema they would
 *    require the slashes themselves and no CPF could validate. Read: the expression between the slashes.
 * 2. `CobVValor.desconto` is a `oneOf` whose first branch (`descontoDataFixa`) requires nothing, so a per-day
 *    discount `{ modalidade: 3, valorPerc }` matches both branches and fails `oneOf`. Read: that branch requires
 *    `descontoDataFixa` (the discriminating field, as the second requires `valorPerc`).
 */
export const PIX_READINGS: ReadonlyArray<(doc: Json) => void> = [
  (doc) =>
    walk(doc, (obj) => {
      const m = typeof obj.pattern === 'string' ? /^\/(.*)\/$/.exec(obj.pattern) : null;
      if (m) obj.pattern = m[1];
    }),
  (doc) => {
    const schemas = (doc.components as Json).schemas as Record<
      string,
      { properties: Record<string, { oneOf: Json[] }> }
    >;
    const first = must(
      schemas.CobVValor?.properties.desconto?.oneOf[0],
      "the BCB document's CobVValor.desconto is a oneOf (the reading it fixes)",
    );
    first.required = ['descontoDataFixa'];
  },
];
