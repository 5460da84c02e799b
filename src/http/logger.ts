import type { FastifyServerOptions } from 'fastify';

/**
 * Log options: credentials and card fields are redacted wherever they appear, and request URLs are logged
 * without their query string (signed links carry their signature there).
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.code',
  '*.api_key',
  '*.signing_secret',
  '*.access_token',
  '*.card',
  '*.card_data',
  '*.number',
  '*.cvv',
  '*.content_base64',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
    },
  };
}
