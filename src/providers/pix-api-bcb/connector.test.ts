import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PixDouble } from '../doubles/pix-double.js';
import { throwawayPki, type ThrowawayPki } from '../doubles/tls-material.js';
import { cents, cobBody, cobvBody, keyOfPixId, pixIdOf, reais, termsOfCobv } from './bodies.js';
import { amountDueOn } from './due-date.rules.js';
import { PixApiConnector } from './connector.js';
import type { PixApiSettings } from './settings.js';
import { OffsetClock } from '../../kernel/clock.js';

/** The PIX_API_BCB connector end to end over mTLS against its double, which checks every request against the document. */
let pki: ThrowawayPki;
let double: PixDouble;
let pix: PixApiConnector;
const clock = new OffsetClock();
const CHAVE = 'loja@example.com';

const settings = (over: Partial<PixApiSettings> = {}): PixApiSettings => ({
  baseUrl: double.baseUrl,
  tokenUrl: double.tokenUrl,
  clientId: 'platform',
  clientSecret: 's3cret',
  scopes: ['cob.write', 'cob.read', 'cobv.write', 'cobv.read', 'pix.write', 'pix.read', 'webhook.write'],
  tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca },
  defaultChave: CHAVE,
  timeouts: { readMs: 500 },
  ...over,
});
const charge = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  amount: 1990,
  expiresAt: new Date(clock.now().getTime() + 3_600_000),
  description: 'Pedido 123',
  payer: { name: 'Maria Silva', document: '11144477735' },
  receiver: { name: 'Loja', city: 'Sao Paulo', account: { branch: '0001', accountNumber: '1' } },
  ...over,
});
const everyRequestValid = () =>
  expect(double.server.requests.flatMap((r) => r.problems.map((p) => `${r.method} ${r.path}: ${p}`))).toEqual([]);

beforeAll(async () => {
  pki = await throwawayPki();
  double = new PixDouble({ pki, requireClientCertificate: true });
  await double.listen();
  pix = new PixApiConnector('PIX_PSP', settings(), clock);
});
afterAll(async () => {
  await pix.close();
  await double.close();
});
beforeEach(() => {
  double.server.requests.length = 0;
});

describe('API Pix pieces', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1990, '19.90'],
    [100_000_000_000, '1000000000.00'],
  ])('%i cents is "%s" and back', (c, text) => {
    expect(reais(c)).toBe(text);
    expect(cents(text)).toBe(c);
  });
  it('txid: our uuid without dashes (32 lowercase hex), and back; other keys hash to the same shape', () => {
    const id = randomUUID();
    expect(pixIdOf(id)).toBe(id.replaceAll('-', ''));
    expect(keyOfPixId(pixIdOf(id))).toBe(id);
    expect(pixIdOf('not-a-uuid')).toMatch(/^[0-9a-f]{32}$/);
  });
  it('expiracao counts whole seconds to expires_at, at least 60', () => {
    const nowMs = 1_000_000;
    expect(cobBody({ ...charge(), expiresAt: new Date(nowMs + 3_599_900) }, CHAVE, nowMs).calendario).toEqual({
      expiracao: 3599,
    });
    expect(cobBody({ ...charge(), expiresAt: new Date(nowMs + 5_000) }, CHAVE, nowMs).calendario).toEqual({
      expiracao: 60,
    });
  });
});

describe('PIX_API_BCB against the double (mTLS)', () => {
  it('creates a cob under a txid from our id, with one token reused for every call; pixCopiaECola is the BR Code', async () => {
    const fresh = new PixApiConnector('PIX_PSP', settings(), clock);
    const req = charge();
    const created = await fresh['pix.charge'](req);
    expect(created).toMatchObject({
      kind: 'cob',
      txid: req.idempotencyKey.replaceAll('-', ''),
      status: 'WAITING_PAYMENT',
      paidAt: null,
    });
    expect(created.brCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(created.expiresAt).toBeInstanceOf(Date);
    await fresh['pix.sync']({ idempotencyKey: req.idempotencyKey, kind: 'cob' });
    await fresh['pix.charge'](charge());
    expect(fresh.http.tokensFetched).toBe(1);
    expect(double.server.received('/oauth/token')).toHaveLength(1);
    const [put] = double.server.received(`/cob/${created.txid}`);
    expect(put.method).toBe('PUT');
    expect(put.headers.authorization).toBe('Bearer …');
    // Whole seconds left to expires_at when the body is built (real time passes between the two: 3600 or 3599).
    const expiracao = (put.body as { calendario: { expiracao: number } }).calendario.expiracao;
    expect([3599, 3600]).toContain(expiracao);
    expect(put.body).toEqual({
      calendario: { expiracao },
      devedor: { cpf: '11144477735', nome: 'Maria Silva' },
      valor: { original: '19.90', modalidadeAlteracao: 0 },
      chave: CHAVE,
      solicitacaoPagador: 'Pedido 123',
    });
    everyRequestValid();
    await fresh.close();
  });

  it('a retry puts the same txid and revises the same charge (never a second one)', async () => {
    const req = charge();
    const a = await pix['pix.charge'](req);
    const b = await pix['pix.charge'](req);
    expect(b.txid).toBe(a.txid);
    expect(double.charge(a.txid)).toMatchObject({ revisao: 1 });
    expect(double.server.received('/cob/*').map((r) => r.path)).toEqual([`/cob/${a.txid}`, `/cob/${a.txid}`]);
  });

  it('an unknown PUT is resolved by a GET of the same txid (never replayed); a 404 there means nothing was created', async () => {
    const req = charge();
    const txid = pixIdOf(req.idempotencyKey);
    double.server.fail(`/cob/${txid}`, 'timeout', 1);
    const resolved = await pix['pix.charge'](req);
    expect(resolved).toMatchObject({ txid, status: 'WAITING_PAYMENT' });
    expect(double.server.received(`/cob/${txid}`).map((r) => r.method)).toEqual(['PUT', 'GET']);

    const other = charge();
    double.server.fail(`/cob/${pixIdOf(other.idempotencyKey)}`, 500, 1);
    expect(await pix['pix.charge'](other).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_UNAVAILABLE',
    });

    const lost = charge();
    double.server.fail(`/cob/${pixIdOf(lost.idempotencyKey)}`, 500, 2);
    expect(await pix['pix.charge'](lost).catch((e) => e)).toMatchObject({
      kind: 'unknown_outcome',
      code: 'CHARGE_READ_UNANSWERED',
    });

    double.server.fail('/cob/', 503, 1);
    expect(await pix['pix.charge'](charge()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_UNAVAILABLE',
    });
    double.server.fail('/cob/', 403, 1);
    expect(await pix['pix.charge'](charge()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_AUTH_FAILED',
    });
  });

  it('a 401 drops the token, fetches another and repeats the call once', async () => {
    const fresh = new PixApiConnector('PIX_PSP', settings(), clock);
    await fresh['pix.charge'](charge());
    double.tokens.clear(); // the PSP forgot every token
    await fresh['pix.charge'](charge());
    expect(fresh.http.tokensFetched).toBe(2);
    await fresh.close();
  });

  it('without a client certificate the PSP refuses (mTLS)', async () => {
    const noCert = new PixApiConnector('PIX_PSP', settings({ tls: { cert: '', key: '', ca: pki.ca } }), clock);
    expect(await noCert['pix.charge'](charge()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_AUTH_FAILED',
    });
    await noCert.close();
  });

  it('creates a cobv with fine, interest, discount and debtor that validate', async () => {
    const req = charge({
      due: {
        dueDate: '2026-12-20',
        daysAfterDue: 30,
        fine: { mode: 'PERCENTAGE', value: 200 },
        interest: { mode: 'PERCENTAGE_PER_MONTH', value: 100 },
        discount: {
          mode: 'FIXED_UNTIL_DATE',
          tiers: [
            { until: '2026-12-10', value: 500 },
            { until: '2026-12-15', value: 200 },
          ],
        },
        debtor: {
          name: 'Empresa X',
          documentNumber: '11222333000181',
          email: 'fin@x.com.br',
          street: 'Rua A, 1',
          city: 'Sao Paulo',
          state: 'SP',
          zipcode: '01001000',
        },
      },
    });
    const created = await pix['pix.charge'](req);
    expect(created).toMatchObject({ kind: 'cobv', status: 'WAITING_PAYMENT', expiresAt: null });
    const [put] = double.server.received(`/cobv/${created.txid}`);
    expect(put.body).toEqual({
      calendario: { dataDeVencimento: '2026-12-20', validadeAposVencimento: 30 },
      devedor: {
        cnpj: '11222333000181',
        nome: 'Empresa X',
        email: 'fin@x.com.br',
        logradouro: 'Rua A, 1',
        cidade: 'Sao Paulo',
        uf: 'SP',
        cep: '01001000',
      },
      valor: {
        original: '19.90',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
        desconto: {
          modalidade: 1,
          descontoDataFixa: [
            { data: '2026-12-10', valorPerc: '5.00' },
            { data: '2026-12-15', valorPerc: '2.00' },
          ],
        },
      },
      chave: CHAVE,
      solicitacaoPagador: 'Pedido 123',
    });
    for (const discount of [
      { mode: 'PERCENTAGE_PER_DAY_IN_ADVANCE', value: 15 },
      { mode: 'FIXED_PER_DAY_IN_ADVANCE', value: 10 },
    ]) {
      await pix['pix.charge'](
        charge({
          due: {
            dueDate: '2026-12-20',
            daysAfterDue: 0,
            fine: { mode: 'FIXED', value: 100 },
            interest: { mode: 'FIXED_PER_DAY', value: 5 },
            discount,
          },
        }),
      );
    }
    everyRequestValid();
  });

  it('a due-date PIX paid late is paid the amount due with fine and interest (the double computes R3.4 too)', async () => {
    const due = {
      dueDate: '2026-11-20',
      daysAfterDue: 30,
      fine: { mode: 'PERCENTAGE' as const, value: 200 },
      interest: { mode: 'PERCENTAGE_PER_MONTH' as const, value: 100 },
      discount: null,
    };
    const req = charge({ amount: 100_000, due });
    const created = await pix['pix.charge'](req);
    expect(termsOfCobv(cobvBody(req, CHAVE))).toEqual({ amount: 100_000, ...due });
    // Paid on 2026-11-24 (São Paulo): V = 11-20 (a holiday), V' = 11-23, d = 4 -> 100000 + 2000 + 133.
    await fetchControl(`/__double/cob/${created.txid}/pay`, { horario: '2026-11-24T13:00:00.000Z' });
    const synced = await pix['pix.sync']({ idempotencyKey: req.idempotencyKey, kind: 'cobv' });
    expect(synced).toMatchObject({ found: true, kind: 'cobv', status: 'PAID', paidAmount: 102_133 });
    expect(amountDueOn({ amount: 100_000, ...due }, '2026-11-24').amountDue).toBe(102_133);
    // After the last payable date the double refuses the payment.
    const late = await pix['pix.charge'](charge({ amount: 100_000, due: { ...due, daysAfterDue: 0 } }));
    expect((await fetchControl(`/__double/cob/${late.txid}/pay`, { horario: '2026-11-25T13:00:00.000Z' })).status).toBe(
      400,
    );
    everyRequestValid();
  });

  it('reads status and paid amount, refunds with devolucao and settles it; a MED return shows in the read', async () => {
    const req = charge();
    const created = await pix['pix.charge'](req);
    const paid = (await (
      await fetchControl(`/__double/cob/${created.txid}/pay`, { valor: '19.00', horario: '2026-11-27T15:00:00.000Z' })
    ).json()) as { endToEndId: string };
    const synced = await pix['pix.sync']({ idempotencyKey: req.idempotencyKey });
    expect(synced).toMatchObject({
      found: true,
      status: 'PAID',
      paidAmount: 1900,
      endToEndId: paid.endToEndId,
      paidAt: new Date('2026-11-27T15:00:00.000Z'),
      payer: null,
    });

    const refundId = randomUUID();
    const refund = await pix['pix.refund']({
      idempotencyKey: refundId,
      paymentKey: req.idempotencyKey,
      amount: 500,
      description: 'Troca',
    });
    expect(refund).toMatchObject({ providerRefundId: refundId.replaceAll('-', ''), status: 'PENDING', failure: null });
    expect(refund.endToEndId).toMatch(/^D\d{8}/);
    const [put] = double.server.received(`/pix/${paid.endToEndId}/devolucao/*`);
    expect(put).toMatchObject({ method: 'PUT', body: { valor: '5.00', natureza: 'ORIGINAL', descricao: 'Troca' } });
    await fetchControl(`/__double/devolucao/${refundId.replaceAll('-', '')}/settle`, { status: 'DEVOLVIDO' });
    expect(await pix['pix.refund-sync']({ idempotencyKey: refundId, endToEndId: paid.endToEndId })).toMatchObject({
      found: true,
      status: 'SUCCEEDED',
    });
    // Above what is left: PixDevolucaoInvalida fails the refund.
    expect(
      await pix['pix.refund']({
        idempotencyKey: randomUUID(),
        paymentKey: req.idempotencyKey,
        amount: 1500,
        endToEndId: paid.endToEndId,
      }),
    ).toMatchObject({ status: 'FAILED', failure: { code: 'PROVIDER_DECLINED' } });
    // A refund-sync after a lost PUT: 404, then the same PUT again under the same id.
    const lostId = randomUUID();
    expect(await pix['pix.refund-sync']({ idempotencyKey: lostId, endToEndId: paid.endToEndId })).toEqual({
      found: false,
    });
    expect(
      await pix['pix.refund-sync']({
        idempotencyKey: lostId,
        endToEndId: paid.endToEndId,
        refund: { idempotencyKey: lostId, paymentKey: req.idempotencyKey, amount: 100 },
      }),
    ).toMatchObject({ found: true, status: 'PENDING' });

    await fetchControl(`/__double/med/${paid.endToEndId}`, { valor: '1.00', natureza: 'MED_FRAUDE' });
    const after = await pix['pix.sync']({ idempotencyKey: req.idempotencyKey, kind: 'cob' });
    expect(after.found && after.returns.map((r) => [r.nature, r.status])).toContainEqual(['MED_FRAUDE', 'SUCCEEDED']);
    everyRequestValid();
  });

  it('cancels a waiting charge; a paid one cannot be', async () => {
    const req = charge();
    await pix['pix.charge'](req);
    expect(await pix['pix.cancel']({ idempotencyKey: req.idempotencyKey })).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'PIX_CANCELED',
    });
    const paidReq = charge();
    const created = await pix['pix.charge'](paidReq);
    await fetchControl(`/__double/cob/${created.txid}/pay`, {});
    expect(await pix['pix.cancel']({ idempotencyKey: paidReq.idempotencyKey }).catch((e) => e)).toMatchObject({
      kind: 'refused',
      code: 'PROVIDER_REFUSED',
    });
    everyRequestValid();
  });

  it('registers the webhook and parses the callbacks the double posts (payment, settled return)', async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        bodies.push(`${req.url} ${raw}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":1}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/core/webhooks/providers/PIX_PSP/tok`;
    expect(await pix.registerWebhooks(hook, [CHAVE])).toEqual([CHAVE]);
    const req = charge();
    const created = await pix['pix.charge'](req);
    await fetchControl(`/__double/cob/${created.txid}/pay`, {});
    expect(bodies).toHaveLength(1);
    const [url, raw] = bodies[0].split(' ');
    expect(url).toBe('/core/webhooks/providers/PIX_PSP/tok/pix');
    const parsed = await pix['webhook.parse']({ headers: {}, rawBody: raw });
    expect(parsed.reports).toEqual([
      expect.objectContaining({
        resource: 'pix-charge',
        resourceId: req.idempotencyKey,
        status: 'PAID',
        endToEndId: parsed.entries[0].endToEndId,
      }),
    ]);
    // A single devolução object is read as a one-element array (one of the document's examples).
    const single = JSON.stringify({
      pix: [
        {
          endToEndId: 'E1',
          txid: created.txid,
          valor: '19.90',
          horario: '2026-11-27T15:00:00Z',
          devolucoes: {
            id: pixIdOf(req.idempotencyKey),
            rtrId: 'D1',
            valor: '1.00',
            status: 'NAO_REALIZADO',
            motivo: 'Conta encerrada',
            horario: { solicitacao: '2026-11-27T15:00:00Z' },
          },
        },
      ],
    });
    expect((await pix['webhook.parse']({ headers: {}, rawBody: single })).reports[1]).toMatchObject({
      resource: 'refund',
      status: 'FAILED',
      failure: { code: 'PROVIDER_DECLINED', message: 'Conta encerrada' },
    });
    await expect(pix['webhook.parse']({ headers: {}, rawBody: '{"nope":1}' })).rejects.toMatchObject({
      kind: 'refused',
      code: 'INVALID_BODY',
    });
    receiver.close();
    everyRequestValid();
  });
});

/** The double's controls over the same mTLS (any client certificate of its CA). */
async function fetchControl(path: string, body: unknown) {
  const { Agent, fetch } = await import('undici');
  const dispatcher = new Agent({ connect: { ca: pki.ca, cert: pki.client.cert, key: pki.client.key } });
  const res = await fetch(`${double.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    dispatcher,
  });
  return res;
}
