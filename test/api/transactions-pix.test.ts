import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { eventually } from '../helpers/poll.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { crc16Hex, parseBrCode } from '../../src/modules/pix/brcode.js';
import { bankAccounts, ledgerAccounts, transactions } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';

// One app with SANDBOX_AUTOPILOT on: small PIX are paid and delayed cards settle about 2 s after creation.
let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => t?.close());

const get = (key: string, id: string) =>
  t.request({ method: 'GET', url: `/core/v1/transactions/${id}`, key }).then((r) => r.json());
const settled = (key: string, id: string, from: string) =>
  eventually(
    () => get(key, id),
    (v) => v.status !== from,
    'the autopilot',
    15_000,
    200,
  );
const balancesOf = async (companyId: string) => {
  const [account] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId));
  const [row] = await t.db.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account!.id));
  return row;
};
const pendingOf = async (companyId: string) => (await balancesOf(companyId))!.pending;

describe('PIX transactions', () => {
  it('issues a real EMV BR Code with its CRC, a QR PNG of it and the expiry; autopilot pays it about 2 s later', async () => {
    const { merchant } = await payingMerchant(t);
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'PIX',
      amount: 12_345,
      description: 'Pedido PIX',
      customer: { name: 'João Pagador', document_number: '529.982.247-25' },
    });
    expect(res.statusCode).toBe(201);
    const tx = res.json();
    expect(tx).toMatchObject({
      payment_method: 'PIX',
      status: 'WAITING_PAYMENT',
      capture: true,
      installments: 1,
      card_data: null,
      three_ds: null,
      captured_amount: 0,
      authorized_at: null,
    });
    expect(tx.pix.txid).toMatch(/^[a-zA-Z0-9]{32}$/);
    expect(Date.parse(tx.pix.expires_at) - Date.parse(tx.created_at)).toBe(86_400_000);
    expect(tx.pix).toMatchObject({ end_to_end_id: null, paid_at: null, payer: null, late_payment: false });

    const code: string = tx.pix.br_code;
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16Hex(code.slice(0, -4)));
    const parsed = parseBrCode(code);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.code).toMatchObject({
      gui: 'br.gov.bcb.pix',
      mcc: '0000',
      currency: '986',
      amount: 12_345,
      country: 'BR',
      referenceLabel: '***',
      pointOfInitiation: '12',
    });
    expect(parsed.code.location).toMatch(/^[a-z0-9.-]+\/[^:]+$/);
    expect(parsed.code.merchantName.length).toBeLessThanOrEqual(25);
    expect(code).toContain('54' + '06' + '123.45');

    const png = Buffer.from(tx.pix.qr_code_png_base64, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // The PNG is the QR of exactly this string: same module count as encoding the BR Code (4 px per module, 2 of margin).
    const width = png.readUInt32BE(16);
    const modules = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules.size;
    expect(width).toBe((modules + 4) * 4);

    const paid = await settled(merchant.apiKey, tx.id, 'WAITING_PAYMENT');
    expect(paid).toMatchObject({
      status: 'APPROVED',
      captured_amount: 12_345,
      refundable_amount: 12_345,
      pix: { late_payment: false, payer: { name: 'João Pagador', document_number: '***.982.247-**' } },
    });
    expect(paid.pix.end_to_end_id).toMatch(/^E[a-zA-Z0-9]{31}$/);
    expect(paid.pix.paid_at).toBeTruthy();
    const moves = await eventsOf(t, merchant.id, 'transaction.status-changed');
    expect(moves.map((e) => e.payload)).toEqual([
      {
        transaction_id: tx.id,
        old_status: 'WAITING_PAYMENT',
        new_status: 'APPROVED',
        refund_id: null,
        reason: null,
        bank_account_id: expect.any(String),
        sequence: expect.any(Number),
      },
    ]);
    // money.md M2/M3: a PIX settles at once (its receivable is created PAID): the net is available
    expect(await balancesOf(merchant.id)).toMatchObject({ pending: 0, available: 12_345 });
    await expectLedgerInvariants(t.db.db);
  });

  it('leaves a PIX above 50000 waiting; expires_in and expires_at set the expiry', async () => {
    const { merchant } = await payingMerchant(t);
    const big = (
      await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 50_001, pix: { expires_in: 600 } })
    ).json();
    expect(Date.parse(big.pix.expires_at) - Date.parse(big.created_at)).toBe(600_000);
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const fixed = (
      await createTx(t, merchant.apiKey, {
        payment_method: 'PIX',
        amount: 70_000,
        pix: { expires_at: at, additional_information: [{ name: 'pedido', value: '42' }] },
      })
    ).json();
    expect(fixed.pix.expires_at).toBe(at);
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await get(merchant.apiKey, big.id)).status).toBe('WAITING_PAYMENT');
  });

  it('refuses card-only fields on PIX as UNKNOWN_FIELD and bad expiries', async () => {
    const { merchant } = await payingMerchant(t);
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'PIX',
      amount: 100,
      capture: false,
      card_data: { holder_name: 'AB' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.issues.map((i: any) => [i.field, i.type])
        .sort(),
    ).toEqual([
      ['capture', 'UNKNOWN_FIELD'],
      ['card_data', 'UNKNOWN_FIELD'],
    ]);
    const short = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 100, pix: { expires_in: 59 } });
    expect(short.json().error.details.issues[0]).toMatchObject({ field: 'pix.expires_in', type: 'TOO_SMALL' });
    const far = await createTx(t, merchant.apiKey, {
      payment_method: 'PIX',
      amount: 100,
      pix: { expires_at: new Date(Date.now() + 31 * 86_400_000).toISOString() },
    });
    expect(far.json().error.details.issues[0]).toMatchObject({ field: 'pix.expires_at', type: 'TOO_LARGE' });
    const both = await createTx(t, merchant.apiKey, {
      payment_method: 'PIX',
      amount: 100,
      pix: { expires_in: 600, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('BAD_REQUEST');
    const pixOnCard = await createTx(t, merchant.apiKey, { ...(await cardPayment(t)), pix: { expires_in: 600 } });
    expect(pixOnCard.json().error.details.issues[0]).toMatchObject({ field: 'pix', type: 'UNKNOWN_FIELD' });
  });

  it('answers 502 and stores nothing when the PIX provider is unavailable; a lost answer found by sync still issues the code', async () => {
    const { merchant } = await payingMerchant(t);
    sandbox.faults.inject('pix.charge', { kind: 'unavailable' });
    const down = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 60_000, request_id: 'pix-down' });
    expect(down.statusCode).toBe(502);
    expect(await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchant.id))).toEqual([]);
    sandbox.faults.inject('pix.charge', { kind: 'unknown_outcome' });
    const lost = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 60_000, request_id: 'pix-down' });
    expect(lost.statusCode).toBe(201);
    expect(lost.json().status).toBe('WAITING_PAYMENT');
  });

  it('autopilot settles the delayed sandbox cards: 0036 approved, 0044 refused, each with its status-changed event', async () => {
    const { merchant } = await payingMerchant(t);
    const a = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000036'))).json();
    const r = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000044'))).json();
    const c = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000036', { capture: false }))).json();
    expect([a.status, r.status, c.status]).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);
    expect(await settled(merchant.apiKey, a.id, 'PROCESSING')).toMatchObject({
      status: 'APPROVED',
      captured_amount: 10_000,
    });
    expect(await settled(merchant.apiKey, r.id, 'PROCESSING')).toMatchObject({
      status: 'REFUSED',
      refusal: { code: 'CARD_DECLINED' },
    });
    expect(await settled(merchant.apiKey, c.id, 'PROCESSING')).toMatchObject({
      status: 'AUTHORIZED',
      captured_amount: 0,
    });
    const moves = (await eventsOf(t, merchant.id, 'transaction.status-changed')).map((e) => e.payload as any);
    expect(moves).toEqual(
      expect.arrayContaining([
        {
          transaction_id: a.id,
          old_status: 'PROCESSING',
          new_status: 'APPROVED',
          refund_id: null,
          reason: null,
          bank_account_id: expect.any(String),
          sequence: expect.any(Number),
        },
        {
          transaction_id: r.id,
          old_status: 'PROCESSING',
          new_status: 'REFUSED',
          refund_id: null,
          reason: 'CARD_DECLINED',
          bank_account_id: expect.any(String),
          sequence: null,
        },
        {
          transaction_id: c.id,
          old_status: 'PROCESSING',
          new_status: 'AUTHORIZED',
          refund_id: null,
          reason: null,
          bank_account_id: expect.any(String),
          sequence: null,
        },
      ]),
    );
    expect(moves).toHaveLength(3);
    expect(await pendingOf(merchant.id)).toBe(10_000);
    await expectLedgerInvariants(t.db.db);
  });
});
