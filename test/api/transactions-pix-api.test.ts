import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectMoneyInvariants, ok, type MoneyMerchant } from '../helpers/money-checks.js';
import { eventually } from '../helpers/poll.js';
import { eventsAbout } from '../helpers/seed-transactions.js';
import { affiliations, companies, jobs, providerAccounts, refunds } from '../../src/db/schema/index.js';
import { insertAccount } from '../../src/modules/banking/banking.repo.js';
import { bankAccountIdFor } from '../../src/modules/banking/account-opening.js';
import { applyPixChargeFacts, syncPixCharge } from '../../src/modules/payments/index.js';
import { registerPixWebhooks } from '../../src/modules/provider-accounts/pix-webhook-registration.js';
import { PixDouble } from '../../src/providers/doubles/pix-double.js';

/**
 * PIX at a PIX_API_BCB account end to end against the PIX double (the double checks every request against the
 * API Pix 2.9.0 document): cob and cobv creates, a due-date PIX paid late with fine and interest, a devolução
 * the platform asked for, a MED return it did not, the ledger after each step. The account is created by
 * staff as an operator would (the registry dispatches its name to the connector); the double listens on
 * plain HTTP on 127.0.0.1 (the sandbox allows it there; mTLS is the connector's own test).
 */
const PSP = `PSP_${randomUUID().slice(0, 8).toUpperCase()}`;
const CHAVE = 'loja@example.com';
let t: TestApp;
let double: PixDouble;
let m: MoneyMerchant;
let accountId: string;

beforeAll(async () => {
  double = new PixDouble({ pki: null });
  await double.listen();
  t = await createTestApp();
  accountId = (
    await ok(
      t,
      'POST',
      '/v1/platform/provider-accounts',
      t.platformKey,
      {
        provider: PSP,
        display_name: 'PSP de teste',
        connector: 'PIX_API_BCB',
        environment: 'TEST',
        base_url: double.baseUrl,
        organization_access: 'ALL',
        settings: { token_url: double.tokenUrl, default_chave: CHAVE, register_webhooks: false },
        credentials: { client_id: 'platform', client_secret: 's3cret' },
      },
      201,
    )
  ).id as string;

  const org = await t.createOrganization();
  await ok(t, 'POST', `/v1/platform/sandbox/organizations/${org.id}/clock/advance`, t.platformKey, {
    to: '2027-03-01T15:00:00Z',
  });
  const policy = await ok(
    t,
    'POST',
    '/v1/pricing/fee-policies',
    org.apiKey,
    {
      name: `pix-${randomUUID().slice(0, 8)}`,
      cashout_price: 0,
      automatic_anticipation_percentage: 1.5,
      spot_anticipation_percentage: 2.99,
      rules: [{ conditions: [], price: { percentage: 2 } }],
    },
    201,
  );
  const merchant = await t.createMerchant(org.apiKey, { fee_policy_id: policy.id });
  // Until affiliations take account names (Changes 8, R1.7) the ACTIVE affiliation is written directly, and so is
  // the bank account the platform opens on its own ledger at an account without banking (Changes 9).
  const now = new Date('2027-03-01T15:00:00Z');
  await t.db.db.insert(affiliations).values({
    id: randomUUID(),
    companyId: merchant.id,
    organizationId: org.id,
    provider: PSP,
    status: 'ACTIVE',
    createdAt: now,
    updatedAt: now,
  });
  await t.db.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, merchant.id));
  const account = await insertAccount(t.db.db, {
    id: bankAccountIdFor(merchant.id, PSP),
    companyId: merchant.id,
    organizationId: org.id,
    provider: PSP,
    branch: '0001',
    accountNumber: '1',
    status: 'ACTIVE',
    available: 0,
    held: 0,
    createdAt: now,
    updatedAt: now,
  });
  m = {
    orgId: org.id,
    orgKey: org.apiKey,
    merchantId: merchant.id,
    merchantKey: merchant.apiKey,
    accountId: account.id,
    cashoutPrice: 0,
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await double?.close();
});

async function control(path: string, body: unknown) {
  const { fetch } = await import('undici');
  return fetch(`${double.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
const everyRequestValid = () =>
  expect(double.server.requests.flatMap((r) => r.problems.map((p) => `${r.method} ${r.path}: ${p}`))).toEqual([]);
const customer = { name: 'Ana Souza', document_number: '529.982.247-25' };
const factsDeps = () => ({ db: t.db.db, clock: t.deps.clock, providers: t.deps.providers, pollProviders: true });
const get = (id: string) => ok(t, 'GET', `/v1/transactions/${id}`, m.merchantKey);

describe('PIX at a PIX_API_BCB account (providers.md R3)', () => {
  it("an immediate PIX is a cob under the txid rule; the PSP's pixCopiaECola is the br_code; a retry creates no second charge", async () => {
    const body = {
      payment_method: 'PIX',
      amount: 1_990,
      request_id: 'cob-1',
      description: 'Pedido 1',
      customer,
      pix: { expires_in: 3_600, additional_information: [{ name: 'pedido', value: '1' }] },
    };
    const tx = await ok(t, 'POST', '/v1/transactions', m.merchantKey, body, 201);
    expect(tx).toMatchObject({
      provider: PSP,
      status: 'WAITING_PAYMENT',
      pix: { txid: expect.stringMatching(/^[0-9a-f]{32}$/), due: null, paid_amount: null },
    });
    const charge = double.charge(tx.pix.txid)!;
    expect(tx.pix.br_code).toBe(charge.pixCopiaECola);
    const again = await t.request({ method: 'POST', url: '/core/v1/transactions', key: m.merchantKey, payload: body });
    expect(again.statusCode).toBe(200);
    expect(double.server.received(`/cob/${tx.pix.txid}`).filter((r) => r.method === 'PUT')).toHaveLength(1);
    const [put] = double.server.received(`/cob/${tx.pix.txid}`);
    expect(put!.body).toMatchObject({
      devedor: { cpf: '52998224725', nome: 'Ana Souza' },
      valor: { original: '19.90', modalidadeAlteracao: 0 },
      chave: CHAVE,
      solicitacaoPagador: 'Pedido 1',
      infoAdicionais: [{ nome: 'pedido', valor: '1' }],
    });

    // Paid at the PSP: the callback's entry (as the webhook ingestion hands it over) approves it with what was
    // paid; a second entry for the same txid is a DUPLICATE_PAYMENT and changes nothing.
    const paid = (await (
      await control(`/__double/cob/${tx.pix.txid}/pay`, { horario: '2027-03-01T15:30:00.000Z' })
    ).json()) as { endToEndId: string };
    const entry = {
      endToEndId: paid.endToEndId,
      amount: 1_990,
      paidAt: new Date('2027-03-01T15:30:00.000Z'),
      returns: [],
    };
    expect(
      await applyPixChargeFacts(factsDeps(), { provider: PSP, txid: tx.pix.txid, payments: [entry] }),
    ).toMatchObject({ transactionId: tx.id, applied: ['APPROVED'], discrepancies: [] });
    const again2 = await applyPixChargeFacts(factsDeps(), {
      provider: PSP,
      txid: tx.pix.txid,
      payments: [entry, { ...entry, endToEndId: `E${'1'.repeat(31)}`, paidAt: new Date('2027-03-01T15:31:00.000Z') }],
    });
    expect(again2).toMatchObject({ applied: [], discrepancies: [{ type: 'DUPLICATE_PAYMENT' }] });
    expect(await get(tx.id)).toMatchObject({
      status: 'APPROVED',
      captured_amount: 1_990,
      pix: { paid_amount: 1_990, end_to_end_id: paid.endToEndId },
    });
    await expectMoneyInvariants(t, m);
    everyRequestValid();
  });

  it('a due-date PIX paid late with fine and interest, refunded in part, then a MED return; the ledger holds after each step', async () => {
    const pix = {
      due_date: '2027-03-05',
      days_after_due: 10,
      fine: { mode: 'PERCENTAGE', value: 2 },
      interest: { mode: 'PERCENTAGE_PER_MONTH', value: 1 },
    };
    const tx = await ok(
      t,
      'POST',
      '/v1/transactions',
      m.merchantKey,
      { payment_method: 'PIX', amount: 100_000, customer, pix },
      201,
    );
    const [put] = double.server.received(`/cobv/${tx.pix.txid}`);
    expect(put!.body).toEqual({
      calendario: { dataDeVencimento: '2027-03-05', validadeAposVencimento: 10 },
      devedor: { cpf: '52998224725', nome: 'Ana Souza' },
      valor: {
        original: '1000.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      chave: CHAVE,
    });
    expect(tx.pix.br_code).toBe(double.charge(tx.pix.txid)!.pixCopiaECola);
    expect(tx.pix.expires_at).toBe('2027-03-16T02:59:59.999Z');
    await expectMoneyInvariants(t, m);

    // The payer pays on 2027-03-10 what the PSP computes as due: 100000 + 2000 fine + 167 interest.
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
      to: '2027-03-10T16:00:00Z',
    });
    const paidAt = '2027-03-10T15:00:00.000Z';
    const paid = await control(`/__double/cob/${tx.pix.txid}/pay`, { horario: paidAt });
    expect(paid.status).toBe(200);
    const synced = await syncPixCharge(factsDeps(), tx.id);
    expect(synced).toMatchObject({ transactionId: tx.id, applied: ['APPROVED'], discrepancies: [] });
    const approved = await get(tx.id);
    expect(approved).toMatchObject({
      status: 'APPROVED',
      amount: 100_000,
      captured_amount: 102_167,
      fee: { amount: 2_043 },
      pix: { paid_amount: 102_167, paid_at: paidAt, late_payment: false },
    });
    // The same facts again (a duplicated callback) change nothing.
    expect((await syncPixCharge(factsDeps(), tx.id)).applied).toEqual([]);
    await expectMoneyInvariants(t, m);

    // A platform refund: a devolução under the refund's id, on the payment's endToEndId.
    const refund = await ok(
      t,
      'POST',
      `/v1/transactions/${tx.id}/refunds`,
      m.merchantKey,
      { amount: 2_167, description: 'juros devolvidos' },
      201,
    );
    await eventually(
      () =>
        Promise.resolve(
          double.server.requests.some(
            (r) => r.method === 'PUT' && r.path.includes(`/devolucao/${refund.id.replaceAll('-', '')}`),
          ),
        ),
      Boolean,
      'the devolução',
      15_000,
      100,
    );
    const [dev] = double.server.requests.filter((r) => r.method === 'PUT' && r.path.includes('/devolucao/'));
    expect(dev!.path).toBe(`/pix/${approved.pix.end_to_end_id}/devolucao/${refund.id.replaceAll('-', '')}`);
    expect(dev!.body).toEqual({ valor: '21.67', natureza: 'ORIGINAL', descricao: 'juros devolvidos' });
    await control(`/__double/devolucao/${refund.id.replaceAll('-', '')}/settle`, { status: 'DEVOLVIDO' });
    await syncPixCharge(factsDeps(), tx.id);
    expect(await ok(t, 'GET', `/v1/refunds/${refund.id}`, m.merchantKey)).toMatchObject({
      status: 'SUCCEEDED',
      origin: 'MERCHANT',
      provider_refund_id: refund.id.replaceAll('-', ''),
    });
    await expectMoneyInvariants(t, m);

    // A MED return the platform did not ask for: found in the charge's pix[].devolucoes, it becomes a refund.
    await control(`/__double/med/${approved.pix.end_to_end_id}`, { valor: '300.00', natureza: 'MED_FRAUDE' });
    const med = await syncPixCharge(factsDeps(), tx.id);
    expect(med.applied.some((a) => a.endsWith(':SUCCEEDED'))).toBe(true);
    const list = await ok(t, 'GET', `/v1/transactions/${tx.id}/refunds`, m.merchantKey);
    expect(
      list.data.map((r: { origin: string; amount: number; status: string }) => [r.origin, r.amount, r.status]),
    ).toEqual([
      ['MERCHANT', 2_167, 'SUCCEEDED'],
      ['MED', 30_000, 'SUCCEEDED'],
    ]);
    expect(await get(tx.id)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 32_167,
      refundable_amount: 70_000,
    });
    // Applied once: the same return read again records nothing more.
    await syncPixCharge(factsDeps(), tx.id);
    expect(await t.db.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toHaveLength(2);
    await expectMoneyInvariants(t, m);
    everyRequestValid();
    // The clock advance of 9 days runs R5.1's hourly reads of the charge too (about 200 of them).
  }, 120_000);

  it('callbacks take the one PIX path: the payment approves, a MED return becomes a MED refund with its events, once (R3.6, R3.7)', async () => {
    const view = await ok(t, 'GET', `/v1/platform/provider-accounts/${accountId}`, t.platformKey);
    const route = new URL(view.webhook.url as string).pathname;
    const callback = (txid: string) =>
      t.request({
        method: 'POST',
        url: `${route}/pix`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pix: double.charge(txid)!.pix }),
      });
    const tx = await ok(
      t,
      'POST',
      '/v1/transactions',
      m.merchantKey,
      { payment_method: 'PIX', amount: 40_000, customer },
      201,
    );
    await control(`/__double/cob/${tx.pix.txid}/pay`, { horario: '2027-03-10T16:30:00.000Z' });
    expect((await callback(tx.pix.txid)).json()).toEqual({ accepted: 1 });
    const paid = await eventually(
      () => get(tx.id),
      (x) => x.status === 'APPROVED',
      'the payment by callback',
      15_000,
      100,
    );
    expect(paid).toMatchObject({ captured_amount: 40_000, pix: { paid_amount: 40_000 } });
    await expectMoneyInvariants(t, m);

    // The PSP returns 150.00 by MED (operational failure): the callback resends the Pix with its devolução.
    await control(`/__double/med/${paid.pix.end_to_end_id}`, { valor: '150.00', natureza: 'MED_OPERACIONAL' });
    expect((await callback(tx.pix.txid)).json()).toEqual({ accepted: 2 });
    const list = await eventually(
      () => ok(t, 'GET', `/v1/transactions/${tx.id}/refunds`, m.merchantKey),
      (l) => l.data.length === 1 && l.data[0].status === 'SUCCEEDED',
      'the MED refund',
      15_000,
      100,
    );
    const [med] = (double.charge(tx.pix.txid)!.pix as Array<{ devolucoes: Array<{ id: string; rtrId: string }> }>)[0]!
      .devolucoes;
    expect(med).toBeDefined();
    expect(list.data[0]).toMatchObject({
      origin: 'MED',
      reason: 'OTHER',
      amount: 15_000,
      provider_refund_id: med!.id,
      pix_return_id: med!.rtrId,
    });
    expect(await get(tx.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: 15_000 });
    const events = await eventsAbout(t, tx.id, ['refund.created', 'refund.status-changed']);
    expect(events.map((e) => e.type).sort()).toEqual(['refund.created', 'refund.status-changed']);
    const stored = await ok(
      t,
      'GET',
      `/v1/platform/provider-events?provider_account_id=${accountId}&dedupe_key=${encodeURIComponent(`devolucao:${med!.rtrId}:DEVOLVIDO`)}`,
      t.platformKey,
    );
    expect(stored.data[0]).toMatchObject({
      status: 'PROCESSED',
      effect: 'APPLIED',
      event_type: 'DEVOLUCAO_DEVOLVIDO',
      resource_type: 'REFUND',
      resource_id: list.data[0].id,
    });
    await expectMoneyInvariants(t, m);

    // Delivered again (the PSP retries): counted as a duplicate, nothing recorded twice.
    expect((await callback(tx.pix.txid)).json()).toEqual({ accepted: 2 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await t.db.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toHaveLength(1);
    await expectMoneyInvariants(t, m);
    everyRequestValid();
  });

  it('R3.8: an unknown PUT is resolved by the read; 502 only while it stays unknown; a 503 or 400 stores nothing', async () => {
    const create = (request_id: string) =>
      t.request({
        method: 'POST',
        url: '/core/v1/transactions',
        key: m.merchantKey,
        payload: { payment_method: 'PIX', amount: 2_500, request_id },
      });
    // The PUT applied but its answer lost (reset): the GET of the same txid finds the charge, the create answers 201.
    double.server.fail('/cob/', 'reset', 1);
    const resolved = await create('r38-reset');
    expect(resolved.statusCode).toBe(201);
    expect(resolved.json().pix.br_code).toBe(double.charge(resolved.json().pix.txid)!.pixCopiaECola);
    // PUT 500 and the read 500: unknown; 502 PROVIDER_OUTCOME_UNKNOWN, nothing stored, no PUT replayed.
    double.server.fail('/cob/', 500, 2);
    const unknown = await create('r38-unknown');
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().error).toMatchObject({
      code: 'INTEGRATION_ERROR',
      details: { reason: 'PROVIDER_OUTCOME_UNKNOWN' },
    });
    // 503 (nothing applied) and 400 (CobOperacaoInvalida): 502, the same request_id may be retried and then succeeds.
    double.server.fail('/cob/', 503, 1);
    expect((await create('r38-503')).statusCode).toBe(502);
    const retried = await create('r38-503');
    expect(retried.statusCode).toBe(201);
    everyRequestValid();
  });

  it("R3.7: webhook registration is a job: PUT /webhook/{chave} with the account's callback URL; a failure is FAILED and retried", async () => {
    const regDeps = {
      db: t.db.db,
      clock: t.deps.clock,
      providers: t.deps.providers,
      coreUrl: 'https://api.example.com/core',
    };
    // The account was created with register_webhooks false (nothing registered, the reads cover it): now true.
    const [before] = await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.id, accountId));
    expect(await registerPixWebhooks(regDeps, accountId)).toBeNull();
    await t.db.db
      .update(providerAccounts)
      .set({ settings: { ...before!.settings, register_webhooks: true } })
      .where(eq(providerAccounts.id, accountId));
    double.server.fail('/webhook/', 500, 1);
    expect(await registerPixWebhooks(regDeps, accountId)).toBe('FAILED');
    const [failed] = await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.id, accountId));
    expect(failed).toMatchObject({ webhookRegistration: 'FAILED' });
    expect(failed!.webhookLastError).toBeTruthy();
    expect(await registerPixWebhooks(regDeps, accountId, 1)).toBe('REGISTERED');
    const [registered] = await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.id, accountId));
    expect(registered).toMatchObject({
      webhookRegistration: 'REGISTERED',
      registeredKeys: [CHAVE],
      webhookLastError: null,
    });
    const put = double.server
      .received(`/webhook/${encodeURIComponent(CHAVE)}`)
      .filter((r) => r.status === 200 || r.status === 204)
      .at(-1)!;
    expect((put.body as { webhookUrl: string }).webhookUrl).toMatch(
      new RegExp(`^https://api\\.example\\.com/core/v1/provider-webhooks/${accountId}/`),
    );
    // The staff route marks it PENDING and enqueues the same job, which the runner takes.
    expect(
      (await ok(t, 'POST', `/v1/platform/provider-accounts/${accountId}/webhook-registration`, t.platformKey, {}))
        .webhook,
    ).toMatchObject({ registration: 'PENDING' });
    await eventually(
      async () =>
        (await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.id, accountId)))[0]!
          .webhookRegistration,
      (v) => v === 'REGISTERED',
      'the registration job',
      15_000,
      100,
    );
    everyRequestValid();
  });

  it('a charge removed by the PSP cancels the transaction with PIX_REMOVED_BY_PROVIDER', async () => {
    const tx = await ok(t, 'POST', '/v1/transactions', m.merchantKey, { payment_method: 'PIX', amount: 5_000 }, 201);
    const out = await applyPixChargeFacts(factsDeps(), {
      provider: PSP,
      txid: tx.pix.txid,
      charge: {
        status: 'CANCELED',
        cancelReason: 'PIX_REMOVED_BY_PROVIDER',
        paidAt: null,
        endToEndId: null,
        paidAmount: null,
        returns: [],
      },
    });
    expect(out.applied).toEqual(['CANCELED']);
    expect(await get(tx.id)).toMatchObject({ status: 'CANCELED', cancel_reason: 'PIX_REMOVED_BY_PROVIDER' });
    expect(
      (await applyPixChargeFacts(factsDeps(), { provider: PSP, txid: 'f'.repeat(32), charge: null })).transactionId,
    ).toBeNull();
  });
  it('R5.1: a paid PIX whose callback never comes is approved by the periodic read as the clock advances; an unpaid one is read on the schedule, then no more', async () => {
    const advance = (to: Date) =>
      ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
        to: to.toISOString(),
      });
    const reads = (txid: string) => double.server.received(`/cob/${txid}`).filter((r) => r.method === 'GET').length;
    const paid = await ok(
      t,
      'POST',
      '/v1/transactions',
      m.merchantKey,
      { payment_method: 'PIX', amount: 7_000, pix: { expires_in: 3_600 } },
      201,
    );
    // Paid at the PSP, and no callback (the account registers none): nothing tells the platform...
    await control(`/__double/cob/${paid.pix.txid}/pay`, {});
    expect((await get(paid.id)).status).toBe('WAITING_PAYMENT');
    // ...until the sync's first read, 10 s later.
    await advance(new Date(new Date(paid.created_at as string).getTime() + 15_000));
    expect(await get(paid.id)).toMatchObject({
      status: 'APPROVED',
      captured_amount: 7_000,
      pix: { paid_amount: 7_000 },
    });
    expect(reads(paid.pix.txid)).toBe(1);
    await expectMoneyInvariants(t, m);

    // Never paid, expiring in 10 min: read at +10 s, 40 s, 100 s, 220 s, 520 s, then at expiry + 10 min, + 1 h and
    // + 24 h (a late payment), then no more.
    const unpaid = await ok(
      t,
      'POST',
      '/v1/transactions',
      m.merchantKey,
      { payment_method: 'PIX', amount: 8_000, pix: { expires_in: 600 } },
      201,
    );
    const created = new Date(unpaid.created_at as string).getTime();
    await advance(new Date(created + 30 * 60_000));
    expect((await get(unpaid.id)).status).toBe('EXPIRED');
    expect(reads(unpaid.pix.txid)).toBe(6);
    await advance(new Date(created + 600_000 + 86_400_000 + 60_000));
    expect(reads(unpaid.pix.txid)).toBe(8);
    await advance(new Date(created + 3 * 86_400_000));
    expect(reads(unpaid.pix.txid)).toBe(8);
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `transaction.pix-sync:${unpaid.id}`));
    expect(job!.status).toBe('DONE');
    await expectMoneyInvariants(t, m);
    everyRequestValid();
  });
});
