import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NormalizedNotification } from '../../providers/adyen-checkout/notifications.js';
import { adyenEvent, keptHeaders, nextAttemptAt, pixEvents, redact, REDACTED, sandboxEvent } from './intake.rules.js';

const ID = '6f1c2b3a-1111-4222-8333-444455556666';
const notification = (o: Partial<NormalizedNotification> = {}): NormalizedNotification => ({
  eventId: 'x',
  eventCode: 'AUTHORISATION',
  success: true,
  pspReference: 'PSP1',
  originalReference: null,
  merchantReference: ID,
  merchantAccountCode: 'M',
  amount: { value: 1000, currency: 'BRL' },
  reason: null,
  occurredAt: null,
  refusal: null,
  raw: {
    pspReference: 'PSP1',
    merchantAccountCode: 'M',
    merchantReference: ID,
    amount: { value: 1000, currency: 'BRL' },
    eventCode: 'AUTHORISATION',
    success: 'true',
  },
  ...o,
});

describe('dedupe keys and facts (R4.4)', () => {
  it('Adyen: {pspReference}:{eventCode}:{success}; a changed success is a new fact', () => {
    expect(adyenEvent(notification()).dedupeKey).toBe('PSP1:AUTHORISATION:true');
    expect(adyenEvent(notification({ success: false })).dedupeKey).toBe('PSP1:AUTHORISATION:false');
    expect(adyenEvent(notification({ eventCode: 'CAPTURE_FAILED', originalReference: 'PSP0' })).fact).toEqual({
      target: { kind: 'adyen', pspReference: 'PSP1', originalReference: 'PSP0', merchantReference: ID, amount: 1000 },
      move: { on: 'payment', kind: 'capture-failed' },
    });
  });

  it('Adyen: a code the platform does not act on is kept as not handled', () => {
    expect(adyenEvent(notification({ eventCode: 'REPORT_AVAILABLE' })).fact).toMatchObject({
      target: { kind: 'none' },
      move: { on: 'none' },
    });
  });

  it('Sandbox: the body id; an unknown type or status is not guessed', () => {
    const e = sandboxEvent({
      id: 'evt_1',
      type: 'payment.updated',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: ID, status: 'captured' },
    });
    expect(e).toMatchObject({
      dedupeKey: 'evt_1',
      eventType: 'payment.updated',
      fact: { target: { kind: 'transaction', id: ID }, move: { on: 'payment', kind: 'captured' } },
    });
    expect(
      sandboxEvent({ id: 'evt_2', type: 'payment.updated', data: { reference: ID, status: 'teleported' } }),
    ).toMatchObject({ fact: { move: { on: 'none' } } });
    expect(sandboxEvent({ type: 'payment.updated' })).toEqual({ problem: expect.any(String) });
  });

  it('PIX: one event per Pix (pix:{endToEndId}) and per devolução (devolucao:{rtrId}:{status})', () => {
    const txid = ID.replace(/-/g, '');
    const events = pixEvents({
      eventId: 'e',
      txid,
      endToEndId: 'E123',
      amount: 1000,
      paidAt: new Date('2026-01-01T00:00:00Z'),
      raw: {},
      returns: [
        {
          id: txid,
          rtrId: 'D9',
          amount: 500,
          status: 'SUCCEEDED',
          nature: 'ORIGINAL',
          reason: null,
          paymentEndToEndId: 'E123',
        },
      ],
    });
    expect(events.map((e) => [e.dedupeKey, e.eventType])).toEqual([
      ['pix:E123', 'PIX_RECEIVED'],
      ['devolucao:D9:DEVOLVIDO', 'DEVOLUCAO_DEVOLVIDO'],
    ]);
    expect(events[1]!.fact.target).toEqual({ kind: 'pix-return', returnId: ID, endToEndId: 'E123', txid });
    expect(events[1]!.fact.move).toMatchObject({
      on: 'refund',
      kind: 'succeeded',
      pixReturn: { id: txid, amount: 500 },
    });
  });

  it('PIX: a devolução the platform did not ask for (MED) is a fact to apply, not IGNORED (R3.6)', () => {
    const txid = ID.replace(/-/g, '');
    const [, med] = pixEvents({
      eventId: 'E124',
      txid,
      endToEndId: 'E124',
      amount: 1000,
      paidAt: new Date('2026-01-01T00:00:00Z'),
      raw: {},
      returns: [
        {
          id: 'MEDxPSPx0000000000000000000000001',
          rtrId: 'D99999008abc',
          amount: 300,
          status: 'SUCCEEDED',
          nature: 'MED_FRAUDE',
          reason: 'fraude',
          paymentEndToEndId: 'E124',
        },
      ],
    });
    expect(med!.dedupeKey).toBe('devolucao:D99999008abc:DEVOLVIDO');
    expect(med!.fact.target).toEqual({
      kind: 'pix-return',
      returnId: 'MEDxPSPx0000000000000000000000001',
      endToEndId: 'E124',
      txid,
    });
    expect(med!.fact.move).toMatchObject({ on: 'refund', pixReturn: { nature: 'MED_FRAUDE', amount: 300 } });
  });
});

describe('redaction (R4.4)', () => {
  it('card-shaped strings and card keys at any depth and case become [REDACTED]', () => {
    expect(
      redact({
        a: { cardNumber: '4111 1111 1111 1111', CVC: '123', list: [{ Number: '1' }, 'ok'] },
        cavv: 'AAAB',
        n: 4111111111111111,
        keep: 'PSP1',
      }),
    ).toEqual({
      a: { cardNumber: REDACTED, CVC: REDACTED, list: [{ Number: REDACTED }, 'ok'] },
      cavv: REDACTED,
      n: REDACTED,
      keep: 'PSP1',
    });
  });

  it('never leaves a card number anywhere in what it keeps (property)', () => {
    fc.assert(
      fc.property(fc.json(), (json) => {
        const value = { nested: JSON.parse(json), pan: '5555555555554444' };
        expect(JSON.stringify(redact(value))).not.toContain('5555555555554444');
      }),
    );
  });

  it('keeps only content-type and user-agent', () => {
    expect(
      keptHeaders({
        'content-type': 'application/json',
        authorization: 'Basic x',
        'user-agent': 'Adyen',
        'x-sandbox-signature': 's',
      }),
    ).toEqual({ 'content-type': 'application/json', 'user-agent': 'Adyen' });
  });
});

describe('retry schedule (R4.5)', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const plus = (ms: number) => new Date(at.getTime() + ms);
  it.each([
    [0, 10_000],
    [10_000, 30_000],
    [59_000, 60_000],
    [60_000, 300_000],
    [3_600_000, 21_600_000],
    [86_399_000, 86_400_000],
  ])('at +%d ms the next try is at +%d ms', (now, next) => {
    expect(nextAttemptAt(at, plus(now))).toEqual(plus(next));
  });
  it('none after 24 h', () => {
    expect(nextAttemptAt(at, plus(86_400_000))).toBeNull();
  });
});
