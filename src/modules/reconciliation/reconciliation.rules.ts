/**
 * providers.md R5.3: the comparison of a provider's statement with the platform's records, as a pure function
 * (table tests beside this file). The service reads both sides; this decides what differs.
 */

export const STATEMENT_LINE_TYPES = ['CAPTURE', 'REFUND', 'CHARGEBACK', 'CHARGEBACK_REVERSAL'] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

export interface StatementLine {
  type: StatementLineType;
  provider_reference: string;
  merchant_reference: string | null;
  amount: number;
  booked_on: string;
}

/** A capture of ours in the period: the transaction, what the provider knows it by, what we sent it as. */
export interface OurCapture {
  transactionId: string;
  /** The final attempt's provider_reference, and a PIX payment's end_to_end_id. */
  providerReferences: string[];
  /** The transaction id, and a PIX charge's txid. */
  merchantReferences: string[];
  amount: number;
}

/** A SUCCEEDED refund of ours settled in the period. */
export interface OurRefund {
  refundId: string;
  transactionId: string;
  /** provider_refund_id and pix_return_id. */
  providerReferences: string[];
  /** The refund id. */
  merchantReferences: string[];
  amount: number;
}

export const DIFFERENCE_KINDS = ['AMOUNT_MISMATCH', 'MISSING_AT_PROVIDER', 'MISSING_IN_PLATFORM'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface Difference {
  kind: DifferenceKind;
  transactionId: string | null;
  refundId: string | null;
  providerReference: string | null;
  ourAmount: number | null;
  providerAmount: number | null;
  detail: string;
}

export interface Totals {
  count: number;
  amount: number;
}
export interface Comparison {
  differences: Difference[];
  summary: {
    captures_ours: Totals;
    captures_provider: Totals;
    refunds_ours: Totals;
    refunds_provider: Totals;
    matched: number;
    items: number;
  };
}

const totals = (amounts: number[]): Totals => ({ count: amounts.length, amount: amounts.reduce((a, b) => a + b, 0) });

type Ours = { id: string; providerReferences: string[]; merchantReferences: string[]; amount: number };

/**
 * Pairs lines of one type with our records of that type: by provider reference first, else by merchant
 * reference; each record pairs with at most one line (a second line for it has no match).
 */
function pair<T extends Ours>(records: T[], lines: StatementLine[]) {
  const byProvider = new Map<string, T>();
  const byMerchant = new Map<string, T>();
  for (const r of records) {
    for (const ref of r.providerReferences) if (!byProvider.has(ref)) byProvider.set(ref, r);
    for (const ref of r.merchantReferences) if (!byMerchant.has(ref)) byMerchant.set(ref, r);
  }
  const taken = new Set<string>();
  const pairs: { line: StatementLine; record: T | undefined }[] = [];
  for (const line of lines) {
    let record = byProvider.get(line.provider_reference);
    if (!record && line.merchant_reference !== null) record = byMerchant.get(line.merchant_reference);
    if (record && taken.has(record.id)) record = undefined;
    if (record) taken.add(record.id);
    pairs.push({ line, record });
  }
  return { pairs, unmatched: records.filter((r) => !taken.has(r.id)) };
}

/**
 * Compares the statement's CAPTURE and REFUND lines with our captures and refunds of the period:
 * a line paired with a record of another amount -> AMOUNT_MISMATCH; a record no line pairs with ->
 * MISSING_AT_PROVIDER; a line that pairs with nothing -> MISSING_IN_PLATFORM. Chargeback lines are not
 * compared here (docs/decisions/providers.md, Reconciliation). `matched` counts pairs whose amounts agree.
 * Differences come in the statement's line order, then our unpaired records in the order given.
 */
export function compareStatement(
  ours: { captures: OurCapture[]; refunds: OurRefund[] },
  lines: StatementLine[],
): Comparison {
  const captureLines = lines.filter((l) => l.type === 'CAPTURE');
  const refundLines = lines.filter((l) => l.type === 'REFUND');
  const captures = pair(
    ours.captures.map((c) => ({ ...c, id: c.transactionId })),
    captureLines,
  );
  const refunds = pair(
    ours.refunds.map((r) => ({ ...r, id: r.refundId })),
    refundLines,
  );
  const differences: Difference[] = [];
  let matched = 0;
  const side = (what: 'capture' | 'refund', rec: Ours & { transactionId: string; refundId?: string }) => ({
    transactionId: rec.transactionId,
    refundId: what === 'refund' ? (rec.refundId ?? null) : null,
  });
  for (const [what, result] of [
    ['capture', captures],
    ['refund', refunds],
  ] as const) {
    for (const { line, record } of result.pairs) {
      if (!record) {
        differences.push({
          kind: 'MISSING_IN_PLATFORM',
          transactionId: null,
          refundId: null,
          providerReference: line.provider_reference,
          ourAmount: null,
          providerAmount: line.amount,
          detail: `The provider's ${line.type} line (booked on ${line.booked_on}) matches no ${what} of the platform in the period`,
        });
      } else if (record.amount !== line.amount) {
        differences.push({
          kind: 'AMOUNT_MISMATCH',
          ...side(what, record),
          providerReference: line.provider_reference,
          ourAmount: record.amount,
          providerAmount: line.amount,
          detail: `The ${what} is ${record.amount} on the platform and ${line.amount} at the provider`,
        });
      } else {
        matched += 1;
      }
    }
  }
  for (const [what, result] of [
    ['capture', captures],
    ['refund', refunds],
  ] as const) {
    for (const record of result.unmatched) {
      differences.push({
        kind: 'MISSING_AT_PROVIDER',
        ...side(what, record),
        providerReference: record.providerReferences[0] ?? null,
        ourAmount: record.amount,
        providerAmount: null,
        detail: `The platform's ${what} has no line in the provider's statement`,
      });
    }
  }
  return {
    differences,
    summary: {
      captures_ours: totals(ours.captures.map((c) => c.amount)),
      captures_provider: totals(captureLines.map((l) => l.amount)),
      refunds_ours: totals(ours.refunds.map((r) => r.amount)),
      refunds_provider: totals(refundLines.map((l) => l.amount)),
      matched,
      items: differences.length,
    },
  };
}

/** A run's period: `to` not before `from`, at most 31 days, not after today (São Paulo dates). A message when not. */
export function periodProblem(
  from: string,
  to: string,
  today: string,
): { field: 'from' | 'to'; message: string } | null {
  if (to < from) return { field: 'to', message: '`to` must not be before `from`' };
  if (to > today) return { field: 'to', message: '`to` must not be after today (São Paulo)' };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > 31) return { field: 'to', message: 'A run covers at most 31 days' };
  return null;
}

/** The instants a São Paulo date period covers, [start, end) (Brazil keeps UTC-3 all year since 2019). */
export function periodInstants(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T03:00:00Z`);
  const end = new Date(Date.parse(`${to}T03:00:00Z`) + 86_400_000);
  return { start, end };
}
