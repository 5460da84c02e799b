-- Anticipation (issue 14 item 3, money.md M4): quotes (15 minutes), anticipations (SPOT and AUTOMATIC) that
-- reserve receivables (receivables.anticipation_id) and complete with one ANTICIPATION_COMPLETED posting, and the
-- merchant's automatic anticipation settings.
alter table companies add column anticipation_configurations jsonb;

create table anticipation_quotes (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  bank_account_id uuid not null references bank_accounts(id),
  provider text not null,
  type text not null check (type in ('SPOT', 'AUTOMATIC')),
  rate_percentage numeric(7, 4) not null,
  payment_date date not null,
  amount bigint not null check (amount >= 0),
  fee_amount bigint not null check (fee_amount >= 0),
  net_amount bigint not null check (net_amount >= 0),
  average_days numeric(10, 2) not null,
  -- [{ receivable_id, payment_date, days, net_amount, fee_amount }]
  items jsonb not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create index anticipation_quotes_org_idx on anticipation_quotes (organization_id, created_at);

create table anticipations (
  id uuid primary key,
  request_id text not null,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  bank_account_id uuid not null references bank_accounts(id),
  provider text not null,
  type text not null check (type in ('SPOT', 'AUTOMATIC')),
  status text not null check (status in ('PENDING', 'COMPLETED', 'REFUSED', 'CANCELED')),
  quote_id uuid,
  rate_percentage numeric(7, 4) not null,
  payment_date date not null,
  amount bigint not null check (amount >= 0),
  fee_amount bigint not null check (fee_amount >= 0),
  net_amount bigint not null check (net_amount >= 0 and net_amount = amount - fee_amount),
  items jsonb not null,
  refusal_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  completed_at timestamptz,
  constraint anticipations_completed_when check ((status = 'COMPLETED') = (completed_at is not null))
);
-- money.md M4: one AUTOMATIC anticipation per account and day, whatever the number of instances
create unique index anticipations_automatic_once on anticipations (bank_account_id, payment_date) where type = 'AUTOMATIC';
create index anticipations_org_idx on anticipations (organization_id, created_at, id);
create index anticipations_company_idx on anticipations (company_id, created_at, id);
-- receivables (0580) come after this file: reservations are found by the anticipation's item ids (primary keys).
