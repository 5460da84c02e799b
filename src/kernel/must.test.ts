import { describe, expect, it } from 'vitest';
import { must } from './must.js';

describe('must', () => {
  it('gives back a present value, falsy ones included', () => {
    expect(must(0, 'r')).toBe(0);
    expect(must('', 'r')).toBe('');
    expect(must(false, 'r')).toBe(false);
  });
  it.each([undefined, null])('throws an internal error naming the broken guarantee for %s', (value) => {
    expect(() => must(value, 'one approval per card')).toThrow('internal error: one approval per card');
  });
});
