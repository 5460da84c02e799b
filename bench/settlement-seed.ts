/**
 * The settlement bench's seed (issue 14's Measure): card payments approved and waiting for one payment date, in
 * bulk with generate_series but exactly as the platform would have recorded them one by one, so the ledger's
 * invariants hold before and after the run: per payment, the transaction (APPROVED, one installment), its
 * TRANSACTION_APPROVED ledger transaction (clearing +amount, the merchant's pending +net with the account's next
 * sequence and its resulting balance, the organization's revenue +fee), its merchant receivable (PENDING on
 * the date) and, per account, the balance row (pending = the receivables' net, last_sequence = n) and the
 * date's `receivables.settle` job. The organization's fee receivables are left out: they settle as records on
 * its own account and are not the merchants' money (docs/decisions/receivables.md).
 */
export interface SeedPlan {
  /** Bank account ids and how many receivables each gets. */
  accounts: { id: string; count: number }[];
  /** YYYY-MM-DD, in the past: the jobs are due at once. */
  paymentDate: string;
}

const uuid = (s: string) => {
  if (!/^[0-9a-f-]{36}$/.test(s)) throw new Error(`not a uuid: ${s}`);
  return `'${s}'::uuid`;
};

/** One SQL script (run in one transaction). Payments are spread over the two weeks before D-30, in sequence order. */
export function seedSql(plan: SeedPlan): string {
  const values = plan.accounts.map((a) => `(${uuid(a.id)}, ${Math.trunc(a.count)})`).join(', ');
  const date = plan.paymentDate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return `
begin;
-- bulk work: the platform pool's 30 s statement timeout is for requests
set local statement_timeout = 0;
create temp table seed_plan (account_id uuid, n int) on commit drop;
insert into seed_plan values ${values};
create temp table seed_pay on commit drop as
select gen_random_uuid() as tx_id, gen_random_uuid() as ltx_id, ba.id as account_id, ba.company_id, ba.organization_id, ba.provider, g.i,
  (1000 + (g.i * 7919) % 9000)::bigint as amount,
  ((1000 + (g.i * 7919) % 9000) * 2 / 100)::bigint as fee,
  '${date}'::timestamptz - interval '45 days' + g.i * (interval '14 days' / p.n) as at
from seed_plan p join bank_accounts ba on ba.id = p.account_id cross join lateral generate_series(1, p.n) g(i);
alter table seed_pay add column net bigint;
update seed_pay set net = amount - fee;

insert into transactions (id, company_id, organization_id, provider, payment_method, status, amount, installments, capture,
  captured_amount, bank_account_id, announced, authorized_at, captured_at, created_at, updated_at)
select tx_id, company_id, organization_id, provider, 'CREDIT_CARD', 'APPROVED', amount, 1, true, amount, account_id, true, at, at, at, at from seed_pay;

insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
select ltx_id, 'TRANSACTION_APPROVED:TRANSACTION:' || tx_id, 'TRANSACTION_APPROVED', 'TRANSACTION', tx_id::text, at from seed_pay;

insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction,
  amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
select gen_random_uuid(), ltx_id, 'CLEARING', provider, provider, null, 'CLEARING', 'DEBIT', amount, amount, null, null,
  'TRANSACTION_APPROVED', 'TRANSACTION', tx_id::text, at from seed_pay
union all
select gen_random_uuid(), ltx_id, 'BANK_ACCOUNT', account_id::text, provider, company_id, 'PENDING', 'CREDIT', net, net, i,
  sum(net) over (partition by account_id order by i), 'TRANSACTION_APPROVED', 'TRANSACTION', tx_id::text, at from seed_pay
union all
select gen_random_uuid(), ltx_id, 'REVENUE', organization_id::text, provider, organization_id, 'REVENUE', 'CREDIT', fee, fee, null, null,
  'TRANSACTION_APPROVED', 'TRANSACTION', tx_id::text, at from seed_pay where fee > 0;

-- the accounts were opened empty with their bank accounts (no entry yet): the seed is their whole history
update ledger_accounts la set pending = s.net, last_sequence = s.n, updated_at = s.last_at
from (select account_id, sum(net) as net, count(*) as n, max(at) as last_at from seed_pay group by account_id) s
where la.id = s.account_id and la.last_sequence = 0;

insert into receivables (id, company_id, organization_id, bank_account_id, provider, role, transaction_id, payment_method, card_brand,
  installment, installments, gross_amount, fee_amount, anticipation_fee_amount, net_amount, status, payment_date, original_payment_date,
  created_at, updated_at)
select gen_random_uuid(), company_id, organization_id, account_id, provider, 'MERCHANT', tx_id, 'CREDIT_CARD', 'VISA',
  1, 1, amount, fee, 0, net, 'PENDING', '${date}', '${date}', at, at from seed_pay;

insert into jobs (id, kind, organization_id, run_at, payload, dedupe_key, status, attempts, created_at, updated_at)
select gen_random_uuid(), 'receivables.settle', ba.organization_id, '${date}T03:00:00Z',
  jsonb_build_object('bankAccountId', ba.id, 'paymentDate', '${date}', 'runKey', 'date'),
  'receivables.settle:' || ba.id || ':${date}:date', 'PENDING', 0, now(), now()
from seed_plan p join bank_accounts ba on ba.id = p.account_id;
commit;
`;
}

/**
 * The baseline (issue 14: "a bare SQL UPDATE … FROM of the same rows"): one transaction that inserts the
 * accounts' settlement rows with their sums (the receivables reference them) and marks the same receivables
 * PAID with one UPDATE … FROM; no lock in id order, no ledger post, no event, no job bookkeeping.
 */
export function baselineSql(accountIds: string[], paymentDate: string): string {
  const ids = `array[${accountIds.map(uuid).join(', ')}]`;
  const at = `'${paymentDate}T03:00:00Z'::timestamptz`;
  return `
begin;
insert into settlements (id, bank_account_id, company_id, organization_id, provider, payment_date, run_key, receivable_count,
  gross_amount, fee_amount, anticipation_fee_amount, net_amount, created_at)
select gen_random_uuid(), bank_account_id, min(company_id::text)::uuid, min(organization_id::text)::uuid, min(provider), '${paymentDate}', 'date', count(*),
  sum(gross_amount), sum(fee_amount), sum(anticipation_fee_amount), sum(net_amount), now()
from receivables where bank_account_id = any(${ids}) and status = 'PENDING' and payment_date <= '${paymentDate}'
group by bank_account_id;
update receivables r set status = 'PAID', paid_at = ${at}, settlement_id = s.id, updated_at = ${at}
from settlements s
where s.bank_account_id = r.bank_account_id and s.payment_date = '${paymentDate}' and s.run_key = 'date'
  and r.bank_account_id = any(${ids}) and r.status = 'PENDING' and r.payment_date <= '${paymentDate}';
commit;
`;
}
