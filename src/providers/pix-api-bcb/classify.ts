import { classifyNetworkError } from '../adyen-checkout/mapping.js';

/**
 * R3.8: an API Pix answer's class. As R2.2, with `503` (`ServicoIndisponivel`) nothing applied, `400`
 * (`CobOperacaoInvalida`, ...) rejected, `403` (`AcessoNegado`) an auth failure, `500`, `504` and timeouts unknown.
 * `404` is kept apart: for a read it means "nothing under this id".
 */
export type PixAnswerClass =
  'NOT_SENT' | 'AUTH_FAILED' | 'RATE_LIMITED' | 'REJECTED' | 'NOT_FOUND' | 'UNKNOWN' | 'ANSWERED';

export function classifyPixAnswer(status: number, body: unknown): PixAnswerClass {
  if (status === 401 || status === 403) return 'AUTH_FAILED';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'NOT_SENT';
  if (status === 404) return 'NOT_FOUND';
  if (status === 400 || status === 422) return 'REJECTED';
  if (status >= 200 && status < 300 && body !== null && typeof body === 'object') return 'ANSWERED';
  return 'UNKNOWN';
}

export const classifyPixNetworkError = classifyNetworkError;
