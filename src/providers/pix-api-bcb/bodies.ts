import { createHash } from 'node:crypto';
import type { PixChargeRequest } from '../payments.js';
import type { Discount, DueDateTerms, Fine, Interest } from './due-date.rules.js';

/** R3.1: cents as reais with two decimals, in integers (`1990` -> `"19.90"`). */
export function reais(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('an amount is a non-negative integer of cents');
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
/** `"19.90"` -> `1990` (the document's `\d{1,10}\.\d{2}`). */
export function cents(value: string): number {
  const m = /^(\d{1,10})\.(\d{2})$/.exec(value.trim());
  if (!m) throw new RangeError(`not an API Pix amount: ${value}`);
  return Number(m[1]) * 100 + Number(m[2]);
}
/** A percentage `P` (percent × 100) with two decimals: `250` -> `"2.50"`. */
export const percent = (p: number): string => reais(p);

/**
 * R3.2: the id the PSP knows an operation by, derived from ours: a uuid without dashes (32 lowercase hex,
 * inside `[a-zA-Z0-9]{26,35}`), so a retry puts the same `txid` (or devolução `id`) and never a second charge.
 * A key that is not a uuid (tests) maps through SHA-256 to the same shape.
 */
export function pixIdOf(key: string): string {
  const lower = key.toLowerCase();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(lower)) return lower.replaceAll('-', '');
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}
/** Our uuid back from a 32-hex id (callbacks name our resources by it). */
export function keyOfPixId(id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) return id;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}

export interface Debtor {
  name: string;
  documentNumber: string;
  email?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
}

/** The port's PIX create plus what API Pix needs that the port does not carry. */
export interface PixApiChargeRequest extends PixChargeRequest {
  /** The affiliation's `merchant_reference.chave` (else the account's default). */
  chave?: string;
  additionalInformation?: Array<{ name: string; value: string }>;
  /** A due-date PIX (`cobv`, R3.4) instead of an immediate one. */
  due?: Omit<DueDateTerms, 'amount'> & { debtor?: Debtor | null };
}

function devedor(
  d: { name: string; document: string } | Debtor | null | undefined,
  full: boolean,
): Record<string, string> | undefined {
  if (!d) return undefined;
  const document = ('documentNumber' in d ? d.documentNumber : d.document).replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const out: Record<string, string> = document.length === 11 ? { cpf: document } : { cnpj: document };
  out.nome = d.name.slice(0, 200);
  if (full && 'documentNumber' in d) {
    if (d.email) out.email = d.email;
    if (d.street) out.logradouro = d.street.slice(0, 200);
    if (d.city) out.cidade = d.city.slice(0, 200);
    if (d.state) out.uf = d.state;
    if (d.zipcode) out.cep = d.zipcode;
  }
  return out;
}

const common = (req: PixApiChargeRequest, chave: string) => ({
  chave,
  ...(req.description ? { solicitacaoPagador: req.description.slice(0, 140) } : {}),
  ...(req.additionalInformation?.length
    ? { infoAdicionais: req.additionalInformation.map((i) => ({ nome: i.name, valor: i.value })) }
    : {}),
});

/** R3.3: `PUT /cob/{txid}`. */
export function cobBody(req: PixApiChargeRequest, chave: string, nowMs: number): Record<string, unknown> {
  const expiracao = Math.max(60, Math.floor((req.expiresAt.getTime() - nowMs) / 1000));
  const debtor = devedor(req.payer, false);
  return {
    calendario: { expiracao },
    ...(debtor ? { devedor: debtor } : {}),
    valor: { original: reais(req.amount), modalidadeAlteracao: 0 },
    ...common(req, chave),
  };
}

const FINE_MODE: Record<Fine['mode'], number> = { FIXED: 1, PERCENTAGE: 2 };
const INTEREST_MODE: Record<Interest['mode'], number> = {
  FIXED_PER_DAY: 1,
  PERCENTAGE_PER_DAY: 2,
  PERCENTAGE_PER_MONTH: 3,
};
const DISCOUNT_MODE: Record<Discount['mode'], number> = {
  FIXED_UNTIL_DATE: 1,
  PERCENTAGE_UNTIL_DATE: 2,
  FIXED_PER_DAY_IN_ADVANCE: 3,
  PERCENTAGE_PER_DAY_IN_ADVANCE: 5,
};
/** `valorPerc`: reais for the fixed modes, the percentage with two decimals otherwise. */
const valorPerc = (mode: string, value: number) => (mode.startsWith('FIXED') ? reais(value) : percent(value));

function desconto(d: Discount): Record<string, unknown> {
  if (d.mode === 'FIXED_UNTIL_DATE' || d.mode === 'PERCENTAGE_UNTIL_DATE') {
    return {
      modalidade: DISCOUNT_MODE[d.mode],
      descontoDataFixa: d.tiers.map((t) => ({ data: t.until, valorPerc: valorPerc(d.mode, t.value) })),
    };
  }
  const perDay = d as Extract<Discount, { value: number }>;
  return { modalidade: DISCOUNT_MODE[perDay.mode], valorPerc: valorPerc(perDay.mode, perDay.value) };
}

/** R3.4: `PUT /cobv/{txid}`. The debtor is required by the document (`devedor`). */
export function cobvBody(req: PixApiChargeRequest, chave: string): Record<string, unknown> {
  const due = req.due!;
  const debtor = devedor(due.debtor ?? req.payer, true);
  const valor: Record<string, unknown> = { original: reais(req.amount) };
  if (due.fine)
    valor.multa = { modalidade: FINE_MODE[due.fine.mode], valorPerc: valorPerc(due.fine.mode, due.fine.value) };
  if (due.interest)
    valor.juros = {
      modalidade: INTEREST_MODE[due.interest.mode],
      valorPerc: valorPerc(due.interest.mode, due.interest.value),
    };
  if (due.discount) valor.desconto = desconto(due.discount);
  return {
    calendario: { dataDeVencimento: due.dueDate, validadeAposVencimento: due.daysAfterDue },
    ...(debtor ? { devedor: debtor } : {}),
    valor,
    ...common(req, chave),
  };
}

/** R3.6: `PUT /pix/{e2eid}/devolucao/{id}`. */
export const devolucaoBody = (amount: number, description: string | undefined) => ({
  valor: reais(amount),
  natureza: 'ORIGINAL',
  ...(description ? { descricao: description.slice(0, 140) } : {}),
});

const FINE_OF: Record<number, Fine['mode']> = { 1: 'FIXED', 2: 'PERCENTAGE' };
const INTEREST_OF: Record<number, Interest['mode']> = {
  1: 'FIXED_PER_DAY',
  2: 'PERCENTAGE_PER_DAY',
  3: 'PERCENTAGE_PER_MONTH',
};
const DISCOUNT_OF: Record<number, Discount['mode']> = {
  1: 'FIXED_UNTIL_DATE',
  2: 'PERCENTAGE_UNTIL_DATE',
  3: 'FIXED_PER_DAY_IN_ADVANCE',
  5: 'PERCENTAGE_PER_DAY_IN_ADVANCE',
};

/**
 * The terms of a `cobv` body back (the inverse of `cobvBody`), for a simulation of what a PSP charges (the PIX
 * double, a SANDBOX account). `valorPerc` of either kind is an integer of hundredths: cents, or percent × 100.
 * Modes the platform does not offer (business-day and yearly ones) answer null: no figure is guessed.
 */
export function termsOfCobv(body: Record<string, unknown>): DueDateTerms | null {
  const calendario = (body.calendario ?? {}) as { dataDeVencimento?: string; validadeAposVencimento?: number };
  const valor = (body.valor ?? {}) as {
    original?: string;
    multa?: { modalidade: number; valorPerc: string };
    juros?: { modalidade: number; valorPerc: string };
    desconto?: {
      modalidade: number;
      valorPerc?: string;
      descontoDataFixa?: Array<{ data: string; valorPerc: string }>;
    };
  };
  if (!calendario.dataDeVencimento || !valor.original) return null;
  const fine = valor.multa ? FINE_OF[valor.multa.modalidade] : undefined;
  const interest = valor.juros ? INTEREST_OF[valor.juros.modalidade] : undefined;
  const discount = valor.desconto ? DISCOUNT_OF[valor.desconto.modalidade] : undefined;
  if ((valor.multa && !fine) || (valor.juros && !interest) || (valor.desconto && !discount)) return null;
  let discountTerms: Discount | null = null;
  if (valor.desconto && discount) {
    discountTerms =
      discount === 'FIXED_UNTIL_DATE' || discount === 'PERCENTAGE_UNTIL_DATE'
        ? {
            mode: discount,
            tiers: (valor.desconto.descontoDataFixa ?? []).map((t) => ({ until: t.data, value: cents(t.valorPerc) })),
          }
        : { mode: discount, value: cents(valor.desconto.valorPerc ?? '0.00') };
  }
  return {
    amount: cents(valor.original),
    dueDate: calendario.dataDeVencimento,
    daysAfterDue: calendario.validadeAposVencimento ?? 30,
    fine: fine ? { mode: fine, value: cents(valor.multa!.valorPerc) } : null,
    interest: interest ? { mode: interest, value: cents(valor.juros!.valorPerc) } : null,
    discount: discountTerms,
  };
}
