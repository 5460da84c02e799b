import { afterAll, describe, expect, it } from 'vitest';
import { createSender } from './sender.js';

const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const production = createSender({ env: 'production', timeoutMs: 2000 });
afterAll(() => production.close());

describe('sender in production refuses inward addresses at connect time', () => {
  it.each([
    ['http://127.0.0.1:9/x', 'endpoint URL is not https'],
    ['https://127.0.0.1:9/x', 'endpoint address is not public'],
    ['https://[::1]:9/x', 'endpoint address is not public'],
    ['https://10.1.2.3:9/x', 'endpoint address is not public'],
    ['https://localhost:9/x', 'endpoint resolves to a non-public address'],
  ])('%s -> %s, no request made', async (url, error) => {
    const outcome = await production.send({ url, secret, eventId: '00000000-0000-4000-8000-000000000000', body: '{}' });
    expect(outcome).toMatchObject({ url, statusCode: null, error, succeeded: false });
  });
});
