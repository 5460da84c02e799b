import { afterAll, describe, it } from 'vitest';
import { sandboxServers } from '../helpers/sandbox-server.js';
import { startSandbox, takeAPayment } from './readme-steps.js';

const servers = sandboxServers();
// A failed assertion must not leave a server running.
afterAll(() => servers.stopAll());

/**
 * README "Take a payment in the sandbox", step by step, against the real server (`npm start`'s entry) over
 * HTTPS: what a new user does from a fresh clone (issue 13). The steps are in ./readme-steps.ts.
 */
describe('README: take a payment in the sandbox', () => {
  it('onboards a merchant, takes card, PIX and 3DS payments, refunds, and lists the events', async () => {
    await takeAPayment(await startSandbox(servers));
  }, 90_000);
});
