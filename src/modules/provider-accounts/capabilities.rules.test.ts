import { describe, expect, it } from 'vitest';
import { capabilitiesOf, sharedCapabilitiesOf } from './capabilities.rules.js';

describe('sharedCapabilitiesOf', () => {
  const accounts = [
    { connector: 'ADYEN_CHECKOUT', provider: 'ADYEN_EU', builtIn: false },
    { connector: 'PIX_API_BCB', provider: 'PIX_BANK', builtIn: false },
    { connector: 'SANDBOX', provider: 'PROVIDER_A', builtIn: true },
    { connector: 'SANDBOX', provider: 'MY_SANDBOX', builtIn: false },
  ] as const;

  it.each(accounts)('answers the table row of $connector / $provider, frozen and shared', (account) => {
    const shared = sharedCapabilitiesOf(account);
    expect(shared).toEqual(capabilitiesOf(account));
    expect(sharedCapabilitiesOf(account)).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.refunds)).toBe(true);
    expect(Object.isFrozen(shared.payment_methods)).toBe(true);
  });

  it('leaves capabilitiesOf a fresh copy its callers may change', () => {
    const shared = sharedCapabilitiesOf(accounts[2]);
    const copy = capabilitiesOf(accounts[2]);
    copy.refunds.partial = !shared.refunds.partial;
    copy.payment_methods.length = 0;
    expect(sharedCapabilitiesOf(accounts[2])).toEqual(capabilitiesOf(accounts[2]));
    expect(shared.payment_methods.length).toBeGreaterThan(0);
  });
});
