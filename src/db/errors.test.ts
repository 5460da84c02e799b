import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
    [wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), true],
    [wrapped(new Error('Connection terminated unexpectedly')), true],
    [new Error('Client has encountered a connection error and is not queryable'), true],
    [new Error('timeout exceeded when trying to connect'), true],
    [wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })), false],
    [wrapped(Object.assign(new Error('syntax error'), { code: '42601' })), false],
    [new Error('something else'), false],
    [undefined, false],
  ])('%s -> %s', (err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});
