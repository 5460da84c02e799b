import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { startFakeReceiver, type FakeReceiver } from './webhook-receiver.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';

/** The webhook endpoint test files' shared calls (test/api/webhook-endpoints*.test.ts); `app` is read at call time. */
export const BASE = '/core/v1/webhooks/endpoints';

export function endpointsKit(app: () => TestApp) {
  const receivers: FakeReceiver[] = [];
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    key: string,
    payload?: Record<string, unknown>,
  ) => app().request({ method, url, key, ...(payload === undefined ? {} : { payload }) });

  async function receiver() {
    const r = await startFakeReceiver();
    receivers.push(r);
    return r;
  }

  /** Creates an endpoint pointing at a fresh receiver wired with its secret. */
  async function endpointWithReceiver(key: string, body: Record<string, unknown> = {}) {
    const r = await receiver();
    const res = await call('POST', BASE, key, { url: r.url, ...body });
    expect(res.statusCode, res.body).toBe(201);
    r.setSecret(res.json().signing_secret);
    return { endpoint: res.json(), receiver: r };
  }

  const worker = (orgId: string, schedule: number[] = []) =>
    createDeliveryWorker({
      db: app().db,
      secretBox: app().deps.webhookSecretBox,
      config: { env: 'sandbox', webhookRetrySchedule: schedule },
      organizationIds: [orgId],
    });

  async function drain(orgId: string, schedule: number[] = []) {
    const w = worker(orgId, schedule);
    await w.drain();
    await w.stop();
  }

  const messages = async (key: string, query = '') =>
    (await call('GET', `/core/v1/webhooks/messages${query}`, key)).json().data;

  return {
    receivers,
    call,
    receiver,
    endpointWithReceiver,
    worker,
    drain,
    messages,
    closeReceivers: () => Promise.all(receivers.map((r) => r.close())),
  };
}
