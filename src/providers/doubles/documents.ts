import { OfficialDocument } from './official-document.js';

/**
 * The vendored official documents, loaded once per process (the API Pix YAML takes a second to parse):
 * Adyen Checkout API v71 and standard webhooks (Adyen/adyen-openapi aa014f0), API Pix 2.9.0 (bacen/pix-api 1f1b568).
 */
let adyen: OfficialDocument | undefined;
let adyenWebhooks: OfficialDocument | undefined;
let pix: OfficialDocument | undefined;

export const adyenCheckoutDocument = () => (adyen ??= OfficialDocument.fromFile(new URL('../adyen-checkout/official/CheckoutService-v71.json', import.meta.url)));
export const adyenWebhooksDocument = () => (adyenWebhooks ??= OfficialDocument.fromFile(new URL('../adyen-checkout/official/Webhooks-v1.json', import.meta.url)));
export const pixApiDocument = () => (pix ??= OfficialDocument.fromFile(new URL('../pix-api-bcb/official/openapi.yaml', import.meta.url)));
