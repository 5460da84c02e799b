-- Cashouts (money.md M5): settlement accounts on affiliations, cashouts and their returns.

-- The settlement account of an affiliation: the PIX key cashouts go to, and the directory's view of it.
alter table affiliations add column settlement_pix_key_type text;
alter table affiliations add column settlement_pix_key text;
alter table affiliations add column settlement_dict jsonb;

create table cashouts (
  id uuid primary key,
  request_id text not null,
  company_id uuid not null,
  organization_id uuid not null,
  bank_account_id uuid not null,
  provider text not null,
  amount bigint not null check (amount >= 1),
  price bigint not null check (price >= 0),
  status text not null,
  destination jsonb not null,
  automatic boolean not null default false,
  schedule_slot text,
  provider_cashout_id text,
  end_to_end_id text,
  returned_amount bigint not null default 0 check (returned_amount >= 0 and returned_amount <= amount),
  error_code text,
  error_message text,
  completed_at timestamptz,
  failed_at timestamptz,
  metadata jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- Exactly one automatic cashout per account and slot, whatever the number of instances.
create unique index cashouts_account_slot_uq on cashouts (bank_account_id, schedule_slot) where schedule_slot is not null;
create index cashouts_org_created_idx on cashouts (organization_id, created_at desc, id);
create index cashouts_company_created_idx on cashouts (company_id, created_at desc, id);
create index cashouts_pending_idx on cashouts (created_at) where status = 'PENDING';

create table cashout_returns (
  id uuid primary key,
  cashout_id uuid not null references cashouts (id),
  amount bigint not null check (amount >= 1),
  reason text not null,
  returned_at timestamptz not null
);
create index cashout_returns_cashout_idx on cashout_returns (cashout_id, returned_at, id);
