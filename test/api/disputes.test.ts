import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { disputes } from '../../src/db/schema/index.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { hasOpenDispute } from '../../src/modules/disputes/index.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { disputeKit } from '../helpers/disputes.js';
import { PDF } from '../helpers/onboarding.js';
import { eventsAbout, merchantWithAccount, seedTransaction, type Merchant } from '../helpers/seed-transactions.js';

let t: TestApp;
let m: Merchant & { orgKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

type Json = Record<string, any>;
const {
  open,
  opened,
  outcome,
  putEvidence,
  submit,
  accept,
  get,
  upload,
  deposit,
  receivablesOf,
  balances,
  ledgerCodes,
  expectCode,
  freshCase,
} = disputeKit(
  () => t,
  () => m,
);

describe('open -> evidence -> submit -> WON / LOST (money.md M6)', () => {
  it('WON: the hold comes from available and goes back; codes posted once; events carry the sequence', async () => {
    const { merchant, tr } = await freshCase();
    await deposit(merchant.bankAccountId, 6_000);
    const d = await opened(tr.id, { amount: 4_000, reason: 'COMMERCIAL_DISAGREEMENT', reason_code: '13.1' });
    expect(d).toMatchObject({
      transaction_id: tr.id,
      company_id: merchant.id,
      bank_account_id: merchant.bankAccountId,
      provider: 'PROVIDER_A',
      amount: 4_000,
      currency: 'BRL',
      status: 'OPEN',
      held_amount: 4_000,
      debt_amount: 0,
      closed_reason: null,
      closed_at: null,
      evidence: { text: null, document_ids: [], submitted_at: null },
    });
    expect(new Date(d.evidence_due_by).getTime() - new Date(d.opened_at).getTime()).toBe(240 * 3_600_000);
    expect(await balances(merchant.bankAccountId)).toMatchObject({
      pending: 10_000,
      available: 2_000,
      held: 4_000,
      debt: 0,
    });
    expect(await hasOpenDispute(t.db.db, tr.id)).toBe(true);

    const ev = await putEvidence(d.id, { text: 'Delivered on time, signed receipt attached' }, merchant.apiKey);
    expect(ev.statusCode, ev.body).toBe(200);
    expect(ev.json().evidence).toEqual({
      text: 'Delivered on time, signed receipt attached',
      document_ids: [],
      submitted_at: null,
    });
    const sub = await submit(d.id, merchant.apiKey);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ status: 'UNDER_REVIEW', evidence: { submitted_at: expect.any(String) } });
    expectCode(await putEvidence(d.id, { text: 'late' }, merchant.apiKey), 409, 'CONFLICT_ERROR');

    const won = await outcome(d.id, 'WON');
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ status: 'WON', closed_reason: 'WON', closed_at: expect.any(String) });
    expect(await balances(merchant.bankAccountId)).toMatchObject({
      pending: 10_000,
      available: 6_000,
      held: 0,
      debt: 0,
    });
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_OPENED', 'DISPUTE_WON']);
    expect(await hasOpenDispute(t.db.db, tr.id)).toBe(false);
    expectCode(await outcome(d.id, 'LOST'), 409, 'CONFLICT_ERROR');
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_OPENED', 'DISPUTE_WON']);

    const events = await eventsAbout(t, d.id, ['dispute.created', 'dispute.status-changed']);
    expect(events.map((e) => e.type)).toEqual(['dispute.created', 'dispute.status-changed', 'dispute.status-changed']);
    for (const e of events) expect(parseEventPayload(e.type, e.payload).success).toBe(true);
    const payloads = events.map((e) => e.payload as Json);
    expect(payloads[0]).toMatchObject({
      id: d.id,
      status: 'OPEN',
      bank_account_id: merchant.bankAccountId,
      sequence: expect.any(Number),
    });
    expect(payloads.slice(1).map((p) => [p.old_status, p.new_status, p.closed_reason])).toEqual([
      ['OPEN', 'UNDER_REVIEW', null],
      ['UNDER_REVIEW', 'WON', 'WON'],
    ]);
    expect(payloads[2].sequence).toBeGreaterThan(payloads[0].sequence);
  });

  it('LOST with available short: the shortfall is debt, the hold is paid out to clearing; a later credit repays the debt', async () => {
    const { merchant, tr } = await freshCase();
    await deposit(merchant.bankAccountId, 3_000);
    const d = await opened(tr.id, { amount: 5_000, reason: 'FRAUD' });
    expect(d).toMatchObject({ held_amount: 5_000, debt_amount: 2_000, reason_code: null });
    expect(await balances(merchant.bankAccountId)).toMatchObject({ available: 0, held: 5_000, debt: 2_000 });
    const debtEvents = (await eventsAbout(t, merchant.bankAccountId, ['balance.debt-changed'])).map(
      (e) => e.payload as Json,
    );
    expect(debtEvents.at(-1)).toMatchObject({ bank_account_id: merchant.bankAccountId, old_debt: 0, new_debt: 2_000 });

    const doc = await upload(d.id, merchant.apiKey);
    expect(doc.statusCode, doc.body).toBe(201);
    expect(doc.json()).toMatchObject({
      dispute_id: d.id,
      company_id: merchant.id,
      content_type: 'application/pdf',
      file_name: 'receipt.pdf',
      file_size_bytes: PDF.length,
    });
    expect((await putEvidence(d.id, { document_ids: [doc.json().id] }, merchant.apiKey)).statusCode).toBe(200);
    expect((await submit(d.id, merchant.apiKey)).statusCode).toBe(200);
    expectCode(await upload(d.id, merchant.apiKey), 409, 'CONFLICT_ERROR');

    const lost = await outcome(d.id, 'LOST');
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({
      status: 'LOST',
      closed_reason: 'LOST',
      evidence: { document_ids: [doc.json().id] },
    });
    // the debt still owed is charged back to the transaction's PENDING receivable (its rest stays PENDING)
    expect(await balances(merchant.bankAccountId)).toMatchObject({ pending: 8_000, available: 0, held: 0, debt: 0 });
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_LOST', 'DISPUTE_OPENED']);
    expect((await receivablesOf(tr.id)).map((r) => [r.status, r.cancelReason, r.netAmount])).toEqual([
      ['CANCELED', 'CHARGEBACK', 10_000],
      ['PENDING', null, 8_000],
    ]);
    await deposit(merchant.bankAccountId, 2_500);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ available: 2_500, debt: 0 });
  });

  it('WON repays the debt the hold made first', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id); // the whole amount by default, nothing available: all debt
    expect(d).toMatchObject({ amount: 10_000, held_amount: 10_000, debt_amount: 10_000 });
    expect((await putEvidence(d.id, { text: 'x' }, merchant.apiKey)).statusCode).toBe(200);
    expect((await submit(d.id, merchant.apiKey)).statusCode).toBe(200);
    expect((await outcome(d.id, 'WON')).statusCode).toBe(200);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ available: 0, held: 0, debt: 0, pending: 10_000 });
    const debtEvents = (await eventsAbout(t, merchant.bankAccountId, ['balance.debt-changed'])).map(
      (e) => e.payload as Json,
    );
    expect(debtEvents.map((p) => [p.old_debt, p.new_debt])).toEqual([
      [0, 10_000],
      [10_000, 0],
    ]);
  });

  it('accept pays out at once (ACCEPTED); a second accept or a submit then answers 409', async () => {
    const { merchant, tr } = await freshCase();
    await deposit(merchant.bankAccountId, 10_000);
    const d = await opened(tr.id, { amount: 1_000, reason: 'OTHER' });
    const res = await accept(d.id, merchant.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ACCEPTED', closed_reason: 'ACCEPTED' });
    expect(await balances(merchant.bankAccountId)).toMatchObject({ available: 9_000, held: 0, debt: 0 });
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_LOST', 'DISPUTE_OPENED']);
    expect(expectCode(await accept(d.id, merchant.apiKey), 409, 'CONFLICT_ERROR').details).toMatchObject({
      field: 'status',
    });
    expectCode(await submit(d.id, merchant.apiKey), 409, 'CONFLICT_ERROR');
    // What was lost or accepted cannot be disputed again.
    expect(
      expectCode(await open(tr.id, { amount: 9_001, reason: 'FRAUD' }), 409, 'CONFLICT_ERROR').details,
    ).toMatchObject({ field: 'amount', value: 9_001 });
    expect((await opened(tr.id, { amount: 9_000, reason: 'FRAUD' })).status).toBe('OPEN');
  });
});

describe('the evidence deadline on the organization clock', () => {
  it('LOST (NO_RESPONSE) when the clock reaches evidence_due_by; submit then 409 EVIDENCE_DEADLINE_PASSED', async () => {
    const org = await t.createOrganization();
    const merchant = await merchantWithAccount(t, { id: org.id, apiKey: org.apiKey });
    const tr = await seedTransaction(t, merchant, { status: 'APPROVED', amount: 2_000 });
    const d = await opened(tr.id);
    expect((await putEvidence(d.id, { text: 'proof' }, merchant.apiKey)).statusCode).toBe(200);
    const advance = (seconds: number) =>
      t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
        key: t.platformKey,
        payload: { seconds },
      });
    expect((await advance(240 * 3600 - 1)).statusCode).toBe(200);
    expect((await get(d.id, merchant.apiKey)).json().status).toBe('OPEN');
    expect((await advance(1)).statusCode).toBe(200);
    const closed = (await get(d.id, merchant.apiKey)).json();
    expect(closed).toMatchObject({ status: 'LOST', closed_reason: 'NO_RESPONSE' });
    expect(Date.parse(closed.closed_at)).toBeGreaterThanOrEqual(Date.parse(d.evidence_due_by));
    // NO_RESPONSE pays out as LOST: the debt is charged back to the transaction's receivable
    expect(await balances(merchant.bankAccountId)).toMatchObject({ held: 0, debt: 0, pending: 0 });
    expect((await receivablesOf(tr.id)).map((r) => [r.status, r.cancelReason])).toEqual([['CANCELED', 'CHARGEBACK']]);
    const err = expectCode(await submit(d.id, merchant.apiKey), 409, 'CONFLICT_ERROR');
    expect(err.details).toMatchObject({ reason: 'EVIDENCE_DEADLINE_PASSED' });
    expect((await putEvidence(d.id, { text: 'late' }, merchant.apiKey)).json().error.details.reason).toBe(
      'EVIDENCE_DEADLINE_PASSED',
    );
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_LOST', 'DISPUTE_OPENED']);
  });

  it('past the deadline before the job ran: still 409 EVIDENCE_DEADLINE_PASSED, and the job then closes it', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id);
    expect((await putEvidence(d.id, { text: 'proof' }, merchant.apiKey)).statusCode).toBe(200);
    await t.db.db
      .update(disputes)
      .set({ evidenceDueBy: new Date(Date.parse(d.opened_at) - 1) })
      .where(eq(disputes.id, d.id));
    expect(expectCode(await submit(d.id, merchant.apiKey), 409, 'CONFLICT_ERROR').details.reason).toBe(
      'EVIDENCE_DEADLINE_PASSED',
    );
    expect((await get(d.id, merchant.apiKey)).json().status).toBe('OPEN');
    const { closeAtDeadline } = await import('../../src/modules/disputes/disputes.service.js');
    await closeAtDeadline({ db: t.db.db, clock: t.deps.clock }, d.id, 'test');
    await closeAtDeadline({ db: t.db.db, clock: t.deps.clock }, d.id, 'test'); // idempotent
    expect((await get(d.id, merchant.apiKey)).json()).toMatchObject({ status: 'LOST', closed_reason: 'NO_RESPONSE' });
    expect(await ledgerCodes(d.id)).toEqual(['DISPUTE_LOST', 'DISPUTE_OPENED']);
  });
});

describe('bad input and illegal moves', () => {
  it('submit without evidence is 400 invalidField evidence; evidence bounds', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id);
    expect(expectCode(await submit(d.id, merchant.apiKey), 400, 'BAD_REQUEST').details.invalidField).toBe('evidence');
    expectCode(await putEvidence(d.id, { text: '' }, merchant.apiKey), 400, 'VALIDATION_ERROR');
    expectCode(await putEvidence(d.id, { text: 'x'.repeat(20_001) }, merchant.apiKey), 400, 'VALIDATION_ERROR');
    expect((await putEvidence(d.id, { text: 'x'.repeat(20_000) }, merchant.apiKey)).statusCode).toBe(200);
    expect(
      expectCode(await putEvidence(d.id, { text: 'x', extra: 1 }, merchant.apiKey), 400, 'VALIDATION_ERROR').details
        .issues[0],
    ).toMatchObject({ field: 'extra', type: 'UNKNOWN_FIELD' });
    expectCode(await putEvidence(d.id, { document_ids: ['not-a-uuid'] }, merchant.apiKey), 400, 'VALIDATION_ERROR');
    expectCode(
      await putEvidence(d.id, { document_ids: ['00000000-0000-4000-8000-000000000000'] }, merchant.apiKey),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expect((await putEvidence(d.id, {}, merchant.apiKey)).json().evidence).toEqual({
      text: null,
      document_ids: [],
      submitted_at: null,
    });
    expect(expectCode(await submit(d.id, merchant.apiKey), 400, 'BAD_REQUEST').details.invalidField).toBe('evidence');
    const badUpload = await t.request({
      method: 'POST',
      url: `/core/v1/disputes/${d.id}/documents`,
      key: merchant.apiKey,
      payload: { content_type: 'image/png', content_base64: PDF.toString('base64') },
    });
    expectCode(badUpload, 400, 'VALIDATION_ERROR');
  });

  it('the controls refuse illegal moves and bad opens with 409', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id, { amount: 100, reason: 'FRAUD' });
    expect(expectCode(await outcome(d.id, 'WON'), 409, 'CONFLICT_ERROR').details).toEqual({
      field: 'status',
      value: 'OPEN',
    });
    expect(
      expectCode(await open(tr.id, { amount: 100, reason: 'FRAUD' }), 409, 'CONFLICT_ERROR').details,
    ).toMatchObject({ reason: 'DISPUTE_ALREADY_OPEN' });
    expectCode(await open(tr.id, { reason: 'NOPE' }), 400, 'VALIDATION_ERROR');
    expectCode(await outcome(d.id, 'ACCEPTED'), 400, 'VALIDATION_ERROR');
    expectCode(await open('00000000-0000-4000-8000-000000000000', { reason: 'FRAUD' }), 404, 'RESOURCE_NOT_FOUND');
    const pix = await seedTransaction(t, merchant, { method: 'PIX', status: 'APPROVED', amount: 500 });
    expect(expectCode(await open(pix.id, { reason: 'FRAUD' }), 409, 'CONFLICT_ERROR').details).toMatchObject({
      field: 'payment_method',
    });
    const authorized = await seedTransaction(t, merchant, { status: 'AUTHORIZED', amount: 500 });
    expect(expectCode(await open(authorized.id, { reason: 'FRAUD' }), 409, 'CONFLICT_ERROR').details).toEqual({
      field: 'status',
      value: 'AUTHORIZED',
    });
    const other = await seedTransaction(t, merchant, { status: 'APPROVED', amount: 500 });
    expect(
      expectCode(await open(other.id, { amount: 501, reason: 'FRAUD' }), 409, 'CONFLICT_ERROR').details,
    ).toMatchObject({ field: 'amount' });
    expect((await accept(d.id, merchant.apiKey)).statusCode).toBe(200);
    expect(expectCode(await outcome(d.id, 'LOST'), 409, 'CONFLICT_ERROR').details).toEqual({
      field: 'status',
      value: 'ACCEPTED',
    });
  });
});

describe('concurrency', () => {
  it('concurrent openings give one dispute; concurrent accept and submit give one move; each code posts once', async () => {
    const { merchant, tr } = await freshCase();
    const opens = await Promise.all([
      open(tr.id, { amount: 300, reason: 'FRAUD' }),
      open(tr.id, { amount: 300, reason: 'FRAUD' }),
      open(tr.id, { amount: 300, reason: 'FRAUD' }),
    ]);
    expect(opens.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const d = opens.find((r) => r.statusCode === 201)!.json();
    expect((await putEvidence(d.id, { text: 'proof' }, merchant.apiKey)).statusCode).toBe(200);
    const moves = await Promise.all([
      accept(d.id, merchant.apiKey),
      submit(d.id, merchant.apiKey),
      accept(d.id, merchant.apiKey),
    ]);
    expect(moves.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(moves.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const final = (await get(d.id, merchant.apiKey)).json();
    const codes = await ledgerCodes(d.id);
    expect(codes).toEqual(final.status === 'ACCEPTED' ? ['DISPUTE_LOST', 'DISPUTE_OPENED'] : ['DISPUTE_OPENED']);
    expect(await balances(merchant.bankAccountId)).toMatchObject(
      final.status === 'ACCEPTED' ? { held: 0, debt: 0, pending: 9_700 } : { held: 300, debt: 300, pending: 10_000 },
    );
  });
});

describe('reach and lists', () => {
  it("another tenant's dispute answers 404; lists are scoped and filtered", async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id, { amount: 700, reason: 'PROCESSING_ERROR' });
    const stranger = await merchantWithAccount(t);
    for (const res of [
      await get(d.id, stranger.apiKey),
      await get(d.id, stranger.orgKey),
      await putEvidence(d.id, { text: 'x' }, stranger.apiKey),
      await submit(d.id, stranger.orgKey),
      await accept(d.id, stranger.apiKey),
      await upload(d.id, stranger.apiKey),
    ]) {
      expectCode(res, 404, 'RESOURCE_NOT_FOUND');
    }
    // A sibling merchant of the same organization does not reach it either; the organization does.
    expectCode(await get(d.id, m.apiKey), 404, 'RESOURCE_NOT_FOUND');
    expect((await get(d.id, m.orgKey)).statusCode).toBe(200);

    const list = async (key: string, qs = '') =>
      (await t.request({ method: 'GET', url: `/core/v1/disputes${qs}`, key })).json<{
        data: Json[];
        pagination: Json;
      }>();
    expect((await list(stranger.orgKey)).data.map((x) => x.id)).not.toContain(d.id);
    expect((await list(merchant.apiKey)).data.every((x) => x.company_id === merchant.id)).toBe(true);
    expect((await list(m.orgKey, `?transaction_id=${tr.id}`)).data.map((x) => x.id)).toEqual([d.id]);
    expect(
      (await list(m.orgKey, `?company_id=${merchant.id}&status=OPEN&amount_from=700&amount_to=700`)).data.map(
        (x) => x.id,
      ),
    ).toEqual([d.id]);
    expect((await list(m.orgKey, `?company_id=${merchant.id}&status=WON`)).data).toEqual([]);
    expect(
      (await list(m.orgKey, `?company_id=${merchant.id}&created_at_from=${encodeURIComponent(d.created_at)}`)).data.map(
        (x) => x.id,
      ),
    ).toContain(d.id);
    expect((await list(stranger.orgKey, `?transaction_id=${tr.id}`)).data).toEqual([]);
    expectCode(
      await t.request({ method: 'GET', url: '/core/v1/disputes?status=NOPE', key: m.orgKey }),
      400,
      'VALIDATION_ERROR',
    );
    expectCode(
      await t.request({ method: 'GET', url: '/core/v1/disputes/not-a-uuid', key: m.orgKey }),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('the deadline job (money.md M7 order)', () => {
  it('is registered with the dispute-deadline priority: after settlements, anticipations and automatic cashouts, before expirations', async () => {
    const { JOB_PRIORITY } = await import('../../src/jobs/registry.js');
    expect(t.built.jobs.priorityOf('dispute.evidence-deadline')).toBe(JOB_PRIORITY.disputeDeadline);
    expect(JOB_PRIORITY.automaticCashout).toBeLessThan(JOB_PRIORITY.disputeDeadline);
    expect(JOB_PRIORITY.disputeDeadline).toBeLessThan(JOB_PRIORITY.expiration);
  });
});
