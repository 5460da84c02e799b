-- Receivables and settlements (issue 14 item 1, money.md M2). One receivable per installment for the merchant
-- (role MERCHANT) and, when the fee is above 0, one per installment for the organization (role ORGANIZATION),
-- created in the approval's transaction. Settlement runs as jobs at 03:00 UTC of each payment date on the
-- organization's clock: one settlement per bank account and date.
create table settlements (
  id uuid primary key,
  bank_account_id uuid not null references bank_accounts(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  provider text not null,
  payment_date date not null,
  -- the run's key: one settlement per bank account, date and run (a date's own run uses 'date'; a late restore
  -- of a refund's receivables whose date has already settled runs its own key)
  run_key text not null,
  receivable_count integer not null check (receivable_count >= 1),
  gross_amount bigint not null check (gross_amount >= 0),
  fee_amount bigint not null check (fee_amount >= 0),
  anticipation_fee_amount bigint not null check (anticipation_fee_amount >= 0),
  net_amount bigint not null check (net_amount >= 0),
  created_at timestamptz not null,
  constraint settlements_once unique (bank_account_id, payment_date, run_key)
);
create index settlements_org_idx on settlements (organization_id, created_at, id);
create index settlements_company_idx on settlements (company_id, created_at, id);

create table receivables (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  -- null only for an organization's receivable when the organization has no account at that provider yet
  bank_account_id uuid references bank_accounts(id),
  provider text not null,
  role text not null check (role in ('MERCHANT', 'ORGANIZATION')),
  transaction_id uuid not null references transactions(id),
  payment_method text not null check (payment_method in ('CREDIT_CARD', 'DEBIT_CARD', 'PIX')),
  card_brand text,
  installment integer not null check (installment >= 1),
  installments integer not null check (installments >= 1 and installment <= installments),
  gross_amount bigint not null check (gross_amount >= 0),
  fee_amount bigint not null check (fee_amount >= 0),
  anticipation_fee_amount bigint not null default 0 check (anticipation_fee_amount >= 0),
  net_amount bigint not null check (net_amount >= 0),
  status text not null check (status in ('PENDING', 'PAID', 'CANCELED')),
  payment_date date not null,
  original_payment_date date not null,
  paid_at timestamptz,
  canceled_at timestamptz,
  cancel_reason text check (cancel_reason in ('REFUND', 'CHARGEBACK')),
  anticipation_id uuid,
  settlement_id uuid references settlements(id),
  fee_policy_id uuid,
  fee_rule_id text,
  -- internal (never in a view): the refund that canceled this receivable and how much of its net it consumed,
  -- or the refund whose consumption (a rest) or failure (a restore) created it
  refund_id uuid,
  consumed_amount bigint check (consumed_amount >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint receivables_paid_when check ((status = 'PAID') = (paid_at is not null)),
  constraint receivables_canceled_when check ((status = 'CANCELED') = (canceled_at is not null))
);
-- the approval's receivables exist once (a replayed approval creates none): one original per installment and role
create unique index receivables_original_once on receivables (transaction_id, role, installment) where refund_id is null;
create index receivables_org_idx on receivables (organization_id, created_at, id);
create index receivables_company_idx on receivables (company_id, created_at, id);
create index receivables_transaction_idx on receivables (transaction_id, installment);
-- the settlement run and the agenda: an account's PENDING receivables by date
create index receivables_due_idx on receivables (bank_account_id, payment_date) where status = 'PENDING';
create index receivables_settlement_idx on receivables (settlement_id) where settlement_id is not null;
