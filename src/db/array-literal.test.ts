import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.js';

describe('arrayLiteral', () => {
  it('quotes every string, escapes quotes and backslashes, writes null unquoted and numbers as they are', () => {
    const rows = [
      { s: 'plain', n: 1, b: true },
      { s: 'a,b {c} "d" \\e NULL', n: -2.5, b: false },
      { s: null, n: null, b: null },
      { s: undefined, n: 0, b: undefined },
      { s: 'NULL', n: 3, b: true },
      { s: '', n: 4, b: false },
    ];
    expect(arrayLiteral(rows, (r) => r.s)).toBe('{"plain","a,b {c} \\"d\\" \\\\e NULL",NULL,NULL,"NULL",""}');
    expect(arrayLiteral(rows, (r) => r.n)).toBe('{1,-2.5,NULL,0,3,4}');
    expect(arrayLiteral(rows, (r) => r.b)).toBe('{true,false,NULL,NULL,true,false}');
  });

  it('writes an empty array as {}', () => {
    expect(arrayLiteral([], () => 'x')).toBe('{}');
  });
});
