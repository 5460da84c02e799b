import * as hmacModule from '@adyen/api-library/lib/src/utils/hmacValidator.js';

/**
 * Adyen's own notification HMAC (R2.9), from the official Node library: Base64 HMAC-SHA256 keyed with the
 * hex-decoded key over `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:
 * eventCode:success`, compared in constant time. The library is CommonJS: its class is the default export.
 */
type Validator = {
  calculateHmac(data: NotificationItemFields, key: string): string;
  validateHMAC(item: NotificationItemFields, key: string): boolean;
};
export interface NotificationItemFields {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value?: number; currency?: string };
  eventCode: string;
  success: string;
  additionalData?: Record<string, string>;
}

type Ctor = new () => Validator;
const moduleValue = hmacModule as unknown as { default: Ctor | { default: Ctor } };
const HmacValidator: Ctor =
  typeof moduleValue.default === 'function' ? moduleValue.default : moduleValue.default.default;
const validator = new HmacValidator();

/** The signature Adyen would put in `additionalData.hmacSignature` (the double signs with it). */
export const signNotificationItem = (item: NotificationItemFields, hexKey: string): string =>
  validator.calculateHmac(item, hexKey);

/** True when the item's `hmacSignature` verifies under one of the keys (two during a rotation's grace). */
export function verifyNotificationItem(item: NotificationItemFields, hexKeys: readonly string[]): boolean {
  if (!item.additionalData?.hmacSignature) return false;
  return hexKeys.some((key) => {
    try {
      return validator.validateHMAC(item, key);
    } catch {
      return false;
    }
  });
}
