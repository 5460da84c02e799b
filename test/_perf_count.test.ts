import { it } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { createTestApp } from './helpers/app.js';

it('counts statements of one transfer create', async () => {
  const t = await createTestApp({ sandboxAutopilot: false, runWorker: false } as never);
  const org = await t.createOrganization();
  const open = async () => (await t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: org.apiKey, payload: { provider: 'PROVIDER_A' } })).json();
  const a = await open();
  const b = await open();
  await t.request({ method: 'POST', url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`, key: t.platformKey, payload: { amount: 1000 } });
  const log: string[] = [];
  const orig = pg.Client.prototype.query;
  (pg.Client.prototype as any).query = function (this: unknown, q: any, ...rest: unknown[]) {
    log.push(typeof q === 'string' ? q : (q.name ? `[${q.name}] ` : '') + q.text);
    return (orig as any).call(this, q, ...rest);
  };
  for (let i = 0; i < 2; i++) {
    log.push('---- request');
    const r = await t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key: org.apiKey, payload: { request_id: randomUUID(), origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 1 } });
    log.push(`status ${r.statusCode}`);
  }
  (pg.Client.prototype as any).query = orig;
  console.log(log.map((l) => l.replace(/\s+/g, ' ').slice(0, 160)).join('\n'));
  await t.close();
});
