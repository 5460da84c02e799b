import { describe, expect, it } from 'vitest';
import { scanInput } from './input-guard.js';

const PAN = '4111 1111 1111 1111';

describe('scanInput names the field of what it finds, never the value', () => {
  it.each([
    ['a nested free-text value', { customer: { address: { street: `Rua ${PAN}` } } }, 'customer.address.street'],
    ['an array item', { items: [{ name: 'ok' }, { name: PAN }] }, 'items.1.name'],
    ['a key holding a card number (on its parent)', { metadata: { [PAN]: 'x' } }, 'metadata'],
    ['a NUL character', { description: 'a\u0000b' }, 'description'],
    ['the part itself when the body is a string', PAN, 'body'],
  ])('%s', (_, input, field) => {
    const issues = scanInput(input, 'body');
    expect(issues.map((i) => i.field)).toEqual([field]);
    expect(JSON.stringify(issues)).not.toContain('1111');
  });

  it.each([
    ['a card object', { card: { number: PAN } }],
    ['an id', { order_id: '4111111111111111' }],
    ['a document number', { document_number: '52998224725' }],
    ['short digits and timestamps', { description: 'order 42 at 2026-11-28T08:00:00.000Z' }],
  ])('skips %s', (_, input) => expect(scanInput(input, 'body')).toEqual([]));
});
