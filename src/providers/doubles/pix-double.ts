import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { systemClock } from '../../kernel/clock.js';
import { saoPauloDate } from '../../domain/business-calendar.js';
import { cents, reais, termsOfCobv } from '../pix-api-bcb/bodies.js';
import { amountDueOn } from '../pix-api-bcb/due-date.rules.js';
import { pixApiDocument } from './documents.js';
import { callbackDispatcher, DoubleServer, type DoubleAnswer, type DoubleRequest } from './double-server.js';
import type { ThrowawayPki } from './tls-material.js';
import { textOf } from '../../kernel/text.js';
import { must } from '../../kernel/must.js';

/**
 * `platform double pix` (providers.md R7.2): a stateful stand-in for a PSP's API Pix 2.9.0 on 127.0.0.1, over
 * mTLS when given a PKI (any client certificate the CA signed; `requireClientCertificate` refuses calls without
 * one) or plain http. Accepts any client id and secret; every API call must carry a token it issued. Every
 * request is checked against `openapi.yaml` (a problem answers `400` in the document's problem shape and is
 * listed). Controls: `POST /__double/cob/{txid}/pay { valor?, horario? }`, `POST /__double/devolucao/{id}/settle
 * { status, motivo? }`, `POST /__double/med/{e2eid} { valor, natureza }` (each posts the callback to the
 * registered `{webhookUrl}/pix`), plus the shared fail and requests controls.
 */
export interface PixDoubleOptions {
  pki?: ThrowawayPki | null;
  requireClientCertificate?: boolean;
  /** `expires_in` of the tokens it issues (default 3600). */
  tokenLifetimeS?: number;
}

interface Charge {
  kind: 'cob' | 'cobv';
  body: Record<string, unknown>;
  pix: PixEntry[];
}
interface PixEntry {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  chave: string;
  devolucoes: Devolucao[];
}
interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

const ISPB = '99999008';
const problem = (status: number, type: string, detail: string): DoubleAnswer => ({
  status,
  json: { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title: type, status, detail },
});
const now = () => systemClock.now().toISOString();
const alnum = (n: number) =>
  randomBytes(n)
    .toString('base64')
    .replace(/[^a-zA-Z0-9]/g, 'x')
    .slice(0, n);

export class PixDouble {
  readonly server: DoubleServer;
  readonly tokens = new Set<string>();
  private readonly charges = new Map<string, Charge>();
  private readonly payments = new Map<string, PixEntry>();
  private readonly webhooks = new Map<string, string>();
  readonly callbacks: Array<{ url: string; status: number | null; body: unknown }> = [];

  constructor(readonly options: PixDoubleOptions = {}) {
    const doc = pixApiDocument();
    this.server = new DoubleServer({
      handler: (req) => this.handle(req),
      check: (req) => {
        const route = routeOf(req.path);
        if (!route) return [];
        return doc.checkRequest({ method: req.method, path: route.template, pathParams: route.params, body: req.body });
      },
      invalid: (problems) => problem(400, 'RequisicaoInvalida', problems.join('; ')),
      faultBody: (status) =>
        problem(
          status,
          status === 503
            ? 'ServicoIndisponivel'
            : status === 403
              ? 'AcessoNegado'
              : status === 400
                ? 'RequisicaoInvalida'
                : 'ErroInternoDoServidor',
          `double fault ${status}`,
        ),
      redact: (req) => ({
        headers: {
          ...req.headers,
          authorization: req.headers.authorization ? `${req.headers.authorization.split(' ')[0]} …` : undefined,
        },
        body: req.path === '/oauth/token' ? { grant_type: (req.body as Record<string, string>)?.grant_type } : req.body,
      }),
      ...(options.pki
        ? { tls: { key: options.pki.server.key, cert: options.pki.server.cert, ca: options.pki.ca, requestCert: true } }
        : {}),
    });
  }

  listen(port = 0): Promise<string> {
    return this.server.listen(port);
  }
  close(): Promise<void> {
    return this.server.close();
  }
  get baseUrl(): string {
    return this.server.url;
  }
  get tokenUrl(): string {
    return `${this.server.url}/oauth/token`;
  }
  charge(txid: string): Record<string, unknown> | undefined {
    const c = this.charges.get(txid);
    return c && this.view(c);
  }

  private async handle(req: DoubleRequest): Promise<DoubleAnswer> {
    if (req.path.startsWith('/__double/')) return this.control(req);
    if (this.options.requireClientCertificate && !req.clientCertificate)
      return problem(403, 'AcessoNegado', 'A client certificate is required');
    if (req.path === '/oauth/token' && req.method === 'POST') return this.token(req);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) return problem(401, 'AcessoNegado', 'Invalid or missing access token');
    const route = routeOf(req.path);
    if (!route) return problem(404, 'NaoEncontrado', 'Not found');
    const { template, params } = route;
    const param = (name: string) => must(params[name], `the route ${template} names {${name}}`);
    switch (`${req.method} ${template}`) {
      case 'PUT /cob/{txid}':
        return this.putCharge('cob', param('txid'), req.body as Record<string, unknown>);
      case 'PUT /cobv/{txid}':
        return this.putCharge('cobv', param('txid'), req.body as Record<string, unknown>);
      case 'GET /cob/{txid}':
      case 'GET /cobv/{txid}': {
        const c = this.charges.get(param('txid'));
        return c && c.kind === template.split('/')[1]
          ? { status: 200, json: this.view(c) }
          : problem(
              404,
              template.startsWith('/cobv') ? 'CobVNaoEncontrado' : 'CobNaoEncontrado',
              'No charge under this txid',
            );
      }
      case 'PATCH /cob/{txid}':
      case 'PATCH /cobv/{txid}':
        return this.patchCharge(param('txid'), req.body as Record<string, unknown>);
      case 'GET /pix/{e2eid}': {
        const p = this.payments.get(param('e2eid'));
        return p ? { status: 200, json: pixView(p) } : problem(404, 'PixNaoEncontrado', 'No Pix under this endToEndId');
      }
      case 'PUT /pix/{e2eid}/devolucao/{id}':
        return this.putReturn(param('e2eid'), param('id'), req.body as Record<string, unknown>);
      case 'GET /pix/{e2eid}/devolucao/{id}': {
        const d = this.payments.get(param('e2eid'))?.devolucoes.find((x) => x.id === param('id'));
        return d ? { status: 200, json: d } : problem(404, 'DevolucaoNaoEncontrada', 'No devolução under this id');
      }
      case 'PUT /webhook/{chave}':
        this.webhooks.set(param('chave'), String((req.body as { webhookUrl: string }).webhookUrl));
        return { status: 200, json: {} };
      case 'GET /webhook/{chave}': {
        const url = this.webhooks.get(param('chave'));
        return url
          ? { status: 200, json: { webhookUrl: url, chave: param('chave'), criacao: now() } }
          : problem(404, 'WebhookNaoEncontrado', 'No webhook for this key');
      }
      case 'DELETE /webhook/{chave}':
        this.webhooks.delete(param('chave'));
        return { status: 204, text: '' };
      default:
        return problem(405, 'MetodoNaoPermitido', `${req.method} ${template}`);
    }
  }

  private token(req: DoubleRequest): DoubleAnswer {
    const form = (req.body ?? {}) as Record<string, string>;
    if (!/^Basic .+/.test(req.headers.authorization ?? '')) return { status: 401, json: { error: 'invalid_client' } };
    if (form.grant_type !== 'client_credentials') return { status: 400, json: { error: 'unsupported_grant_type' } };
    const token = alnum(40);
    this.tokens.add(token);
    return {
      status: 200,
      json: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: this.options.tokenLifetimeS ?? 3600,
        scope: form.scope ?? '',
      },
    };
  }

  private putCharge(kind: 'cob' | 'cobv', txid: string, body: Record<string, unknown>): DoubleAnswer {
    const known = this.charges.get(txid);
    if (known && (known.kind !== kind || known.body.status !== 'ATIVA'))
      return problem(
        400,
        kind === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida',
        'The charge is no longer ATIVA',
      );
    const calendario = {
      ...(known?.body.calendario as object),
      ...(body.calendario as object),
      criacao: (known?.body.calendario as { criacao?: string })?.criacao ?? now(),
    };
    const location = `pix.double.example/qr/v2/${kind === 'cobv' ? 'cobv/' : ''}${txid}`;
    const charge: Charge = known ?? { kind, body: {}, pix: [] };
    charge.body = {
      ...body,
      calendario,
      txid,
      revisao: known ? Number(known.body.revisao) + 1 : 0,
      status: 'ATIVA',
      loc: { id: 1, location, tipoCob: kind, criacao: calendario.criacao },
      location,
      pixCopiaECola: brCode(location),
    };
    this.charges.set(txid, charge);
    return { status: 201, json: this.view(charge) };
  }

  private patchCharge(txid: string, body: Record<string, unknown>): DoubleAnswer {
    const c = this.charges.get(txid);
    if (!c) return problem(404, 'CobNaoEncontrado', 'No charge under this txid');
    if (c.body.status !== 'ATIVA') return problem(400, 'CobOperacaoInvalida', 'The charge is no longer ATIVA');
    if (body.status) c.body.status = body.status;
    return { status: 200, json: this.view(c) };
  }

  private putReturn(e2eid: string, id: string, body: Record<string, unknown>): DoubleAnswer {
    const p = this.payments.get(e2eid);
    if (!p) return problem(404, 'PixNaoEncontrado', 'No Pix under this endToEndId');
    const known = p.devolucoes.find((d) => d.id === id);
    if (known) return { status: 201, json: known };
    const returned = p.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + cents(d.valor), 0);
    if (returned + cents(String(body.valor)) > cents(p.valor))
      return problem(400, 'PixDevolucaoInvalida', 'The returns exceed the Pix');
    const d: Devolucao = {
      id,
      rtrId: `D${ISPB}${alnum(23)}`,
      valor: String(body.valor),
      natureza: textOf(body.natureza ?? 'ORIGINAL'),
      ...(body.descricao ? { descricao: textOf(body.descricao) } : {}),
      horario: { solicitacao: now() },
      status: 'EM_PROCESSAMENTO',
    };
    p.devolucoes.push(d);
    return { status: 201, json: d };
  }

  private async control(req: DoubleRequest): Promise<DoubleAnswer> {
    const b = (req.body ?? {}) as Record<string, string>;
    let m = /^\/__double\/cob\/([^/]+)\/pay$/.exec(req.path);
    if (m) {
      const c = this.charges.get(must(m[1], 'the pattern has one group'));
      if (!c) return problem(404, 'CobNaoEncontrado', 'No charge under this txid');
      const horario = b.horario ?? now();
      // A due-date charge is paid what is due on the payment's São Paulo date (R3.4), unless `valor` says otherwise.
      const terms = c.kind === 'cobv' ? termsOfCobv(c.body) : null;
      const due = terms ? amountDueOn(terms, saoPauloDate(new Date(horario))) : null;
      if (due && !due.payable && !b.valor)
        return problem(400, 'CobVOperacaoInvalida', `Not payable after ${due.lastPayableDate}`);
      const valor =
        b.valor ??
        (due?.amountDue != null ? reais(due.amountDue) : String((c.body.valor as { original: string }).original));
      const entry: PixEntry = {
        endToEndId: `E${ISPB}${alnum(23)}`,
        txid: must(m[1], 'the pattern has one group'),
        valor,
        horario,
        chave: String(c.body.chave),
        devolucoes: [],
      };
      c.pix.push(entry);
      c.body.status = 'CONCLUIDA';
      this.payments.set(entry.endToEndId, entry);
      const delivered = await this.callback(entry);
      return { status: 200, json: { endToEndId: entry.endToEndId, callback: delivered } };
    }
    m = /^\/__double\/devolucao\/([^/]+)\/settle$/.exec(req.path);
    if (m) {
      const id = m[1];
      const entry = [...this.payments.values()].find((p) => p.devolucoes.some((d) => d.id === id));
      const d = entry?.devolucoes.find((x) => x.id === id);
      if (!entry || !d) return problem(404, 'DevolucaoNaoEncontrada', 'No devolução under this id');
      Object.assign(d, {
        status: b.status === 'NAO_REALIZADO' ? 'NAO_REALIZADO' : 'DEVOLVIDO',
        ...(b.motivo ? { motivo: b.motivo } : {}),
      });
      d.horario.liquidacao = now();
      return { status: 200, json: { devolucao: d, callback: await this.callback(entry) } };
    }
    m = /^\/__double\/med\/([^/]+)$/.exec(req.path);
    if (m) {
      const entry = this.payments.get(must(m[1], 'the pattern has one group'));
      if (!entry) return problem(404, 'PixNaoEncontrado', 'No Pix under this endToEndId');
      const d: Devolucao = {
        id: alnum(32),
        rtrId: `D${ISPB}${alnum(23)}`,
        valor: b.valor ?? entry.valor,
        natureza: b.natureza ?? 'MED_OPERACIONAL',
        horario: { solicitacao: now(), liquidacao: now() },
        status: 'DEVOLVIDO',
      };
      entry.devolucoes.push(d);
      return { status: 200, json: { devolucao: d, callback: await this.callback(entry) } };
    }
    return problem(404, 'NaoEncontrado', 'Unknown control');
  }

  /** The document's `listaPix` callback to the webhook registered for the Pix's key. */
  private async callback(entry: PixEntry): Promise<number | null> {
    const base = this.webhooks.get(entry.chave);
    if (!base) return null;
    const url = `${base.replace(/\/$/, '')}/pix`;
    const body = { pix: [pixView(entry)] };
    try {
      const dispatcher = callbackDispatcher(url);
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(dispatcher && { dispatcher }),
      });
      await res.body.text();
      this.callbacks.push({ url, status: res.statusCode, body });
      return res.statusCode;
    } catch {
      this.callbacks.push({ url, status: null, body });
      return null;
    }
  }

  private view(c: Charge): Record<string, unknown> {
    return { ...c.body, ...(c.pix.length ? { pix: c.pix.map(pixView) } : {}) };
  }
}

function pixView(p: PixEntry): Record<string, unknown> {
  return {
    endToEndId: p.endToEndId,
    txid: p.txid,
    valor: p.valor,
    horario: p.horario,
    chave: p.chave,
    ...(p.devolucoes.length ? { devolucoes: p.devolucoes } : {}),
  };
}

interface Route {
  template: string;
  params: Record<string, string>;
}
function routeOf(path: string): Route | null {
  const patterns: Array<[RegExp, string, string[]]> = [
    [/^\/cob\/([^/]+)$/, '/cob/{txid}', ['txid']],
    [/^\/cobv\/([^/]+)$/, '/cobv/{txid}', ['txid']],
    [/^\/pix\/([^/]+)\/devolucao\/([^/]+)$/, '/pix/{e2eid}/devolucao/{id}', ['e2eid', 'id']],
    [/^\/pix\/([^/]+)$/, '/pix/{e2eid}', ['e2eid']],
    [/^\/webhook\/([^/]+)$/, '/webhook/{chave}', ['chave']],
  ];
  for (const [re, template, names] of patterns) {
    const m = re.exec(path);
    if (m)
      return {
        template,
        params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(must(m[i + 1], 'one group per name'))])),
      };
  }
  return null;
}

/** A dynamic BR Code (EMV MPM) pointing at the location, with its CRC16/CCITT-FALSE. */
function brCode(location: string): string {
  const f = (id: string, v: string) => `${id}${String(v.length).padStart(2, '0')}${v}`;
  const body = `${f('00', '01')}${f('01', '12')}${f('26', `${f('00', 'br.gov.bcb.pix')}${f('25', location)}`)}${f('52', '0000')}${f('53', '986')}${f('58', 'BR')}${f('59', 'PIX DOUBLE')}${f('60', 'SAO PAULO')}${f('62', f('05', '***'))}6304`;
  let crc = 0xffff;
  for (const byte of Buffer.from(body, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return `${body}${crc.toString(16).toUpperCase().padStart(4, '0')}`;
}
