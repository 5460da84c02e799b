import { performance } from 'node:perf_hooks';
import { systemClock, type Clock } from '../../kernel/clock.js';
import { ConnectorError } from '../connector-error.js';
import type * as P from '../payments.js';
import type { HealthCheckResult, OperationName, PaymentProvider, ProviderCapabilities, ProviderName } from '../port.js';
import type { ProviderWebhook } from '../webhooks.js';
import type { MerchantReferenceAnswer, MerchantReferenceInput } from '../merchant-reference.js';
import { cobBody, cobvBody, cents, devolucaoBody, pixIdOf, type PixApiChargeRequest } from './bodies.js';
import { parseCallback, type PixCallbackParsed } from './callbacks.js';
import { RETURN_STATUS, returnsOf, type PixReturn } from './returns.js';
import { PixTransport, type PixAnswer, type PixCallLog } from './http.js';
import type { PixApiSettings } from './settings.js';
import { textOf } from '../../kernel/text.js';

export const PIX_API_OPERATIONS: readonly OperationName[] = [
  'pix.charge',
  'pix.cancel',
  'pix.sync',
  'pix.refund',
  'pix.refund-sync',
  'webhook.parse',
];

/** The code of a charge whose outcome stayed unknown after R3.8's read: nothing more to ask at once. */
export const CHARGE_READ_UNANSWERED = 'CHARGE_READ_UNANSWERED';

/** Which API Pix resource a charge is: immediate (`cob`) or due-date (`cobv`). */
export type ChargeKind = 'cob' | 'cobv';

export interface PixApiChargeResult extends P.PixChargeResult {
  kind: ChargeKind;
  /** `pixCopiaECola`: the platform's `br_code` (R3.3). Null when the PSP did not send it. */
  brCode: string | null;
  /** R3.5: the first payment's `valor` in cents (null until paid). */
  paidAmount: number | null;
  /** `REMOVIDA_PELO_PSP` is `PIX_REMOVED_BY_PROVIDER`, `REMOVIDA_PELO_USUARIO_RECEBEDOR` `PIX_CANCELED`. */
  cancelReason: 'PIX_CANCELED' | 'PIX_REMOVED_BY_PROVIDER' | null;
  /** `calendario.criacao` + `expiracao` for a `cob` (R3.3); null for a `cobv`. */
  expiresAt: Date | null;
  /** Every `pix[]` entry after the first (R3.5 `DUPLICATE_PAYMENT`), and every devolução the PSP lists. */
  extraPayments: Array<{ endToEndId: string; amount: number; paidAt: Date }>;
  returns: PixReturn[];
}
// The devoluções' reading is shared with the callbacks (./returns.js); importers of the connector keep their path.
export { returnsOf, type PixReturn };

export type PixApiSyncRequest = P.SyncPixChargeRequest & { kind?: ChargeKind };
export type PixApiCancelRequest = P.CancelPixChargeRequest & { kind?: ChargeKind };
/** A devolução acts on the payment's `endToEndId`; without it the connector reads the charge to find it. */
export type PixApiRefundRequest = P.RefundRequest & { endToEndId?: string; kind?: ChargeKind; description?: string };
export type PixApiRefundSyncRequest = P.SyncRefundRequest & { endToEndId?: string; refund?: PixApiRefundRequest };

const STATUS: Record<string, P.PixChargeStatus> = {
  ATIVA: 'WAITING_PAYMENT',
  CONCLUIDA: 'PAID',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'CANCELED',
  REMOVIDA_PELO_PSP: 'CANCELED',
};

/**
 * The PIX_API_BCB connector (providers.md R3): any PSP implementing the central bank's API Pix 2.9.0. Its
 * settings come from its account; the `txid` is derived from our operation id, so a retry revises the same
 * charge and can never create a second one.
 */
export class PixApiConnector implements PaymentProvider {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities = {
    operations: PIX_API_OPERATIONS,
    companyOnboarding: false,
    acceptedDocumentTypes: [],
  };
  readonly http: PixTransport;

  constructor(
    accountName: string,
    private readonly settings: PixApiSettings,
    private readonly clock: Clock = systemClock,
    log?: PixCallLog,
  ) {
    this.name = accountName as ProviderName;
    this.http = new PixTransport(settings, log, () => clock.now().getTime());
  }

  async healthCheck(): Promise<HealthCheckResult> {
    const started = performance.now();
    const answer = await this.http
      .call('GET', `/webhook/${encodeURIComponent(this.settings.defaultChave)}`, undefined, 'pix.sync')
      .catch(() => null);
    const ok = answer !== null && (answer.class === 'ANSWERED' || answer.class === 'NOT_FOUND');
    return {
      ok,
      responseTimeMs: Math.round(performance.now() - started),
      ...(ok ? {} : { error: answer?.class ?? 'NOT_SENT' }),
    };
  }

  /** R1.4: the account's credentials checked by a token request (R3.1). */
  checkCredentials(): Promise<{ ok: true } | { ok: false; error: string }> {
    return this.http.checkCredentials();
  }

  /** R3.3 / R3.4: `PUT /cob/{txid}` or `/cobv/{txid}`; an unknown outcome is resolved at once by a `GET` (R3.8). */
  async 'pix.charge'(req: PixApiChargeRequest): Promise<PixApiChargeResult> {
    const kind: ChargeKind = req.due ? 'cobv' : 'cob';
    const txid = pixIdOf(req.idempotencyKey);
    const chave = req.chave ?? this.settings.defaultChave;
    const body = kind === 'cobv' ? cobvBody(req, chave) : cobBody(req, chave, this.clock.now().getTime());
    const answer = await this.http.call('PUT', `/${kind}/${txid}`, body, 'pix.charge');
    if (answer.class === 'ANSWERED') return chargeOf(answer.body!, kind);
    if (answer.class !== 'UNKNOWN') throw failure(answer, 'pix.charge');
    const read = await this.http.call('GET', `/${kind}/${txid}`, undefined, 'pix.charge');
    if (read.class === 'ANSWERED') return chargeOf(read.body!, kind);
    if (read.class === 'NOT_FOUND')
      throw new ConnectorError(
        'unavailable',
        'PROVIDER_UNAVAILABLE',
        'The PSP did not create the charge',
        'pix.charge',
        null,
        answer.status,
      );
    // R3.8's read is done: the caller must not read again (it would take a later answer as this one's).
    throw new ConnectorError(
      'unknown_outcome',
      CHARGE_READ_UNANSWERED,
      'The charge may exist at the PSP; its read gave no answer',
      'pix.charge',
      null,
      read.status,
    );
  }

  async 'pix.cancel'(req: PixApiCancelRequest): Promise<PixApiChargeResult> {
    const kind = req.kind ?? 'cob';
    const answer = await this.http.call(
      'PATCH',
      `/${kind}/${pixIdOf(req.idempotencyKey)}`,
      { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      'pix.cancel',
    );
    if (answer.class === 'ANSWERED') return chargeOf(answer.body!, kind);
    if (answer.class === 'REJECTED')
      throw new ConnectorError(
        'refused',
        'PROVIDER_REFUSED',
        problemOf(answer),
        'pix.cancel',
        typeOf(answer),
        answer.status,
      );
    if (answer.class === 'NOT_FOUND')
      throw new ConnectorError('refused', 'CHARGE_NOT_FOUND', 'No charge under this txid', 'pix.cancel', null, 404);
    throw failure(answer, 'pix.cancel');
  }

  /** R3.5: the charge and its payments (`GET /cob/{txid}` or `/cobv/{txid}`). */
  async 'pix.sync'(req: PixApiSyncRequest): Promise<{ found: false } | ({ found: true } & PixApiChargeResult)> {
    const kinds: ChargeKind[] = req.kind ? [req.kind] : ['cob', 'cobv'];
    for (const kind of kinds) {
      const answer = await this.http.call('GET', `/${kind}/${pixIdOf(req.idempotencyKey)}`, undefined, 'pix.sync');
      if (answer.class === 'ANSWERED') return { found: true, ...chargeOf(answer.body!, kind) };
      if (answer.class !== 'NOT_FOUND') throw failure(answer, 'pix.sync');
    }
    return { found: false };
  }

  /** R3.6: `PUT /pix/{e2eid}/devolucao/{id}` with `id` from our refund id. */
  async 'pix.refund'(req: PixApiRefundRequest): Promise<P.RefundResult & { returnId: string | null }> {
    const e2eid = req.endToEndId ?? (await this.paymentEndToEnd(req.paymentKey, req.kind));
    const id = pixIdOf(req.idempotencyKey);
    const answer = await this.http.call(
      'PUT',
      `/pix/${encodeURIComponent(e2eid)}/devolucao/${id}`,
      devolucaoBody(req.amount, req.description ?? req.reason),
      'pix.refund',
    );
    if (answer.class === 'REJECTED')
      return {
        providerRefundId: id,
        status: 'FAILED',
        failure: { code: 'PROVIDER_DECLINED', message: problemOf(answer) },
        endToEndId: null,
        returnId: null,
      };
    if (answer.class !== 'ANSWERED') throw failure(answer, 'pix.refund');
    return refundOf(answer.body!, id);
  }

  /** R3.6 / R5.1: reads the devolução; `404` means nothing was created, and with the request it is sent again. */
  async 'pix.refund-sync'(req: PixApiRefundSyncRequest): Promise<P.SyncRefundResult> {
    const e2eid = req.endToEndId ?? req.refund?.endToEndId;
    if (!e2eid)
      throw new ConnectorError(
        'unknown_outcome',
        'END_TO_END_ID_REQUIRED',
        "A devolução is read under its payment's endToEndId, which this request does not carry",
        'pix.refund-sync',
      );
    const id = pixIdOf(req.idempotencyKey);
    const answer = await this.http.call(
      'GET',
      `/pix/${encodeURIComponent(e2eid)}/devolucao/${id}`,
      undefined,
      'pix.refund-sync',
    );
    if (answer.class === 'ANSWERED') return { found: true, ...refundOf(answer.body!, id) };
    if (answer.class !== 'NOT_FOUND') throw failure(answer, 'pix.refund-sync');
    if (!req.refund) return { found: false };
    return {
      found: true,
      ...(await this['pix.refund']({ ...req.refund, idempotencyKey: req.idempotencyKey, endToEndId: e2eid })),
    };
  }

  /** R1.7: the PSP accepts a webhook for the key only when the key is its user's (`PUT /webhook/{chave}`, R3.7). */
  async checkMerchantReference(input: MerchantReferenceInput): Promise<MerchantReferenceAnswer> {
    const answer = await this.http.call(
      'PUT',
      `/webhook/${encodeURIComponent(input.chave ?? '')}`,
      { webhookUrl: input.webhookUrl ?? '' },
      'webhook.parse',
    );
    if (answer.class === 'ANSWERED' || answer.status === 200 || answer.status === 204) return { kind: 'confirmed' };
    if (answer.class === 'REJECTED' || answer.class === 'NOT_FOUND') {
      const b = answer.body as { detail?: unknown; title?: unknown } | undefined;
      const said = [b?.detail, b?.title].find((v): v is string => typeof v === 'string');
      return { kind: 'rejected', message: said ?? `The PSP answered ${answer.status}` };
    }
    return { kind: 'failed', reason: answer.class };
  }

  /** R3.7: `PUT /webhook/{chave} { webhookUrl }` for each key; answers the keys registered. */
  async registerWebhooks(webhookUrl: string, chaves: readonly string[]): Promise<string[]> {
    for (const chave of chaves) {
      const answer = await this.http.call(
        'PUT',
        `/webhook/${encodeURIComponent(chave)}`,
        { webhookUrl },
        'webhook.parse',
      );
      if (answer.class !== 'ANSWERED' && !(answer.status === 200 || answer.status === 204))
        throw failure(answer, 'webhook.register');
    }
    return [...chaves];
  }

  /** R3.7 callbacks `{ pix: [Pix] }`: authenticity (path token, client certificate) is the route's (R4.2). */
  async 'webhook.parse'(req: ProviderWebhook): Promise<PixCallbackParsed> {
    return parseCallback(req.rawBody);
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  private async paymentEndToEnd(paymentKey: string, kind?: ChargeKind): Promise<string> {
    const charge = await this['pix.sync']({ idempotencyKey: paymentKey, ...(kind ? { kind } : {}) });
    if (!charge.found || !charge.endToEndId)
      throw new ConnectorError('refused', 'PAYMENT_NOT_FOUND', 'The charge has no payment to return', 'pix.refund');
    return charge.endToEndId;
  }
}

function chargeOf(body: Record<string, unknown>, kind: ChargeKind): PixApiChargeResult {
  const txid = textOf(body.txid ?? '');
  const status = textOf(body.status ?? '');
  const calendario = (body.calendario ?? {}) as { criacao?: string; expiracao?: number };
  const loc = (body.loc ?? {}) as { location?: string };
  const entries = ((body.pix ?? []) as Array<Record<string, unknown>>)
    .map((p) => ({
      endToEndId: String(p.endToEndId),
      amount: cents(String(p.valor)),
      paidAt: new Date(String(p.horario)),
      raw: p,
    }))
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const [first, ...rest] = entries;
  return {
    kind,
    providerChargeId: txid,
    txid,
    location: textOf(body.location ?? loc.location ?? ''),
    status: STATUS[status] ?? 'WAITING_PAYMENT',
    paidAt: first?.paidAt ?? null,
    endToEndId: first?.endToEndId ?? null,
    payer: null,
    brCode: typeof body.pixCopiaECola === 'string' ? body.pixCopiaECola : null,
    paidAmount: first?.amount ?? null,
    cancelReason:
      status === 'REMOVIDA_PELO_PSP'
        ? 'PIX_REMOVED_BY_PROVIDER'
        : status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR'
          ? 'PIX_CANCELED'
          : null,
    expiresAt:
      kind === 'cob' && calendario.criacao && calendario.expiracao !== undefined
        ? new Date(new Date(calendario.criacao).getTime() + calendario.expiracao * 1000)
        : null,
    extraPayments: rest.map(({ raw: _raw, ...p }) => p),
    returns: entries.flatMap((e) => returnsOf(e.raw, e.endToEndId)),
  };
}

function refundOf(body: Record<string, unknown>, id: string): P.RefundResult & { returnId: string | null } {
  const status = RETURN_STATUS[String(body.status)] ?? 'PENDING';
  const rtrId = body.rtrId ? textOf(body.rtrId) : null;
  return {
    providerRefundId: textOf(body.id ?? id),
    status,
    failure:
      status === 'FAILED'
        ? { code: 'PROVIDER_DECLINED', message: textOf(body.motivo ?? 'The return was not made') }
        : null,
    endToEndId: rtrId,
    returnId: rtrId,
  };
}

const problemOf = (a: PixAnswer) => textOf(a.body?.detail ?? a.body?.title ?? 'The PSP rejected the request');
const typeOf = (a: PixAnswer) => (a.body?.type === undefined ? null : textOf(a.body.type));

/** R3.8's classes as the port's kinds. */
function failure(answer: PixAnswer, operation: string): ConnectorError {
  switch (answer.class) {
    case 'NOT_SENT':
      return new ConnectorError(
        'unavailable',
        'PROVIDER_UNAVAILABLE',
        'The PSP could not take the request; nothing was applied',
        operation,
        typeOf(answer),
        answer.status,
      );
    case 'AUTH_FAILED':
      return new ConnectorError(
        'unavailable',
        'PROVIDER_AUTH_FAILED',
        'The PSP refused the credentials',
        operation,
        typeOf(answer),
        answer.status,
      );
    case 'RATE_LIMITED':
      return new ConnectorError(
        'unavailable',
        'PROVIDER_RATE_LIMITED',
        'The PSP rate limited the call',
        operation,
        null,
        answer.status,
      );
    case 'REJECTED':
      return new ConnectorError(
        'unavailable',
        'PROVIDER_REQUEST_REJECTED',
        problemOf(answer),
        operation,
        typeOf(answer),
        answer.status,
      );
    case 'NOT_FOUND':
      return new ConnectorError(
        'refused',
        'NOT_FOUND',
        'The PSP knows nothing under this id',
        operation,
        typeOf(answer),
        404,
      );
    default:
      return new ConnectorError(
        'unknown_outcome',
        'PROVIDER_OUTCOME_UNKNOWN',
        'The PSP gave no readable answer',
        operation,
        null,
        answer.status,
      );
  }
}
