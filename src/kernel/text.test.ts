import { describe, expect, it } from 'vitest';
import { textOf } from './text.js';

describe('textOf', () => {
  it.each([
    ['abc', 'abc'],
    [42, '42'],
    [true, 'true'],
    [10n, '10'],
    [null, ''],
    [undefined, ''],
    [new Date('2026-01-02T03:04:05.000Z'), '2026-01-02T03:04:05.000Z'],
    [{ a: 1 }, '{"a":1}'],
    [['x', 1], '["x",1]'],
    [Symbol.for('s'), 'Symbol(s)'],
  ])('%s → %s', (value, text) => {
    expect(textOf(value)).toBe(text);
  });

  it('a value JSON cannot write (a cycle) is named by its kind', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(textOf(cyclic)).toBe('[object Object]');
  });
});
