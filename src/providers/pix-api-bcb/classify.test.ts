import { describe, expect, it } from 'vitest';
import { classifyPixAnswer } from './classify.js';

describe('API Pix answer classes (R3.8)', () => {
  it.each([
    [200, {}, 'ANSWERED'],
    [201, { txid: 'x' }, 'ANSWERED'],
    [201, undefined, 'UNKNOWN'],
    [400, { type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida' }, 'REJECTED'],
    [401, {}, 'AUTH_FAILED'],
    [403, { type: 'AcessoNegado' }, 'AUTH_FAILED'],
    [404, {}, 'NOT_FOUND'],
    [429, {}, 'RATE_LIMITED'],
    [500, {}, 'UNKNOWN'],
    [502, {}, 'UNKNOWN'],
    [503, { type: 'ServicoIndisponivel' }, 'NOT_SENT'],
    [504, {}, 'UNKNOWN'],
  ] as const)('HTTP %i %j is %s', (status, body, expected) => {
    expect(classifyPixAnswer(status, body)).toBe(expected);
  });
});
