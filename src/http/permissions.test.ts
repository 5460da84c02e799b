import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  escalations,
  grantCovers,
  hasPermission,
  holdsGrant,
  isKnownGrant,
  NO_PERMISSION,
  PERMISSION_PATTERN,
} from './permissions.js';

const segment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const permission = fc.array(segment, { minLength: 2, maxLength: 4 }).map((s) => s.join('.'));

describe('grantCovers', () => {
  it.each([
    ['merchant.card.create', 'merchant.card.create', true],
    ['merchant.card.create', 'merchant.card.list', false],
    ['merchant.*', 'merchant.card.create', true],
    ['merchant.*', 'merchant.company.view', true],
    ['merchant.card.*', 'merchant.card.create', true],
    ['merchant.card.*', 'merchant.company.view', false],
    ['merchant.*', 'merchants.list', false],
    ['merchant.*', 'transaction.list', false],
    ['*.*', 'transaction.list', true],
    ['*.*', 'merchant.card.create', true],
    ['user.*', 'user.edit', true],
    ['user.edit', 'user.*', false],
    ['merchant.*', 'merchant.card.*', true],
  ])('%s covers %s: %s', (grant, perm, expected) => {
    expect(grantCovers(grant, perm)).toBe(expected);
  });

  it('a grant always covers itself, and *.* covers everything', () => {
    fc.assert(fc.property(permission, (p) => grantCovers(p, p) && grantCovers('*.*', p)));
  });

  it('x.* covers exactly the permissions with the prefix x.', () => {
    fc.assert(
      fc.property(permission, permission, (prefix, p) => {
        expect(grantCovers(`${prefix}.*`, p)).toBe(p.startsWith(`${prefix}.`));
      }),
    );
  });

  it('coverage is transitive over wildcards', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.array(segment, { maxLength: 2 }),
        segment,
        (base, more, last) => {
          const outer = `${base.join('.')}.*`;
          const inner = `${[...base, ...more].join('.')}.*`;
          const p = [...base, ...more, last, 'x'].join('.');
          if (grantCovers(outer, inner) && grantCovers(inner, p)) expect(grantCovers(outer, p)).toBe(true);
        },
      ),
    );
  });
});

describe('hasPermission and holdsGrant', () => {
  it('needs one covering grant; the "none" declaration needs none', () => {
    expect(hasPermission([], 'user.list')).toBe(false);
    expect(hasPermission(['role.list', 'user.*'], 'user.list')).toBe(true);
    expect(hasPermission([], NO_PERMISSION)).toBe(true);
  });

  it('is monotonic: adding grants never removes a permission', () => {
    fc.assert(
      fc.property(fc.array(permission), fc.array(permission), permission, (a, b, p) => {
        if (hasPermission(a, p)) expect(hasPermission([...a, ...b], p)).toBe(true);
      }),
    );
  });

  it.each([
    [['user.*'], 'user.edit', true],
    [['user.*'], 'user.*', true],
    [['user.edit', 'user.list'], 'user.*', false],
    [['*.*'], '*.*', true],
    [['merchant.*'], '*.*', false],
    [['merchant.*'], 'merchant.card.*', true],
    [['merchant.card.*'], 'merchant.*', false],
  ])('caller %j holds %s: %s', (caller, grant, expected) => {
    expect(holdsGrant(caller, grant)).toBe(expected);
  });

  it('a role built only from held grants never escalates, and what it grants the caller already has', () => {
    fc.assert(
      fc.property(fc.array(permission, { minLength: 1 }), fc.array(permission), permission, (held, extra, probe) => {
        const requested = [...held.slice(0, 2), ...extra];
        const refused = escalations(held, requested);
        const granted = requested.filter((g) => !refused.includes(g));
        if (hasPermission(granted, probe)) expect(hasPermission(held, probe)).toBe(true);
      }),
    );
  });
});

describe('PERMISSION_PATTERN and isKnownGrant', () => {
  const catalogue = ['merchant.card.create', 'merchant.company.view', 'user.edit', 'user.list'];
  it.each([
    ['merchant.card.create', true, true],
    ['merchant.*', true, true],
    ['*.*', true, true],
    ['user.*', true, true],
    ['pix.*', true, false],
    ['merchant.card.delete', true, false],
    ['Merchant.card', false, false],
    ['merchant', false, false],
    ['*.card', false, false],
    ['merchant..card', false, false],
    ['merchant.*.card', false, false],
    ['none', false, false],
  ])('%s: well-formed %s, known %s', (grant, wellFormed, known) => {
    expect(PERMISSION_PATTERN.test(grant)).toBe(wellFormed);
    expect(isKnownGrant(grant, catalogue)).toBe(known);
  });

  it('every generated permission is well formed', () => {
    fc.assert(fc.property(permission, (p) => PERMISSION_PATTERN.test(p) && PERMISSION_PATTERN.test(`${p}.*`)));
  });
});
