import { it } from 'vitest';
import { createTestApp } from '../helpers/app.js';
import { merchantWithAccount, seedTransaction } from '../helpers/transactions.js';
import { createRefund } from '../../src/modules/transactions/refunds.provider.js';
import { operationDeps } from '../../src/modules/transactions/operations.context.js';
it('x', async () => {
  const t = await createTestApp({ sandboxAutopilot: false });
  const m = await merchantWithAccount(t);
  const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1000 });
  try {
    await createRefund(operationDeps(t.deps), { requestId: 'x', principal: undefined as never }, { kind: 'merchant', companyId: m.id, organizationId: m.organizationId } as never, tr.id, {});
  } catch (e) { console.log('ERR', e, (e as any).cause); }
  await t.close();
});
