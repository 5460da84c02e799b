-- providers.md R5.3: reconciliation runs (staff) and the differences each found. A run is immutable once
-- written (status COMPLETED); its items are its report.
create table reconciliation_runs (
  id uuid primary key,
  request_id text,
  provider_account_id uuid not null references provider_accounts (id),
  provider text not null,
  from_date date not null,
  to_date date not null,
  source text not null check (source in ('STATEMENT', 'PROVIDER_EVENTS')),
  status text not null check (status in ('COMPLETED')),
  summary jsonb not null,
  created_at timestamptz not null
);
create unique index reconciliation_runs_request on reconciliation_runs (request_id) where request_id is not null;
create index reconciliation_runs_account on reconciliation_runs (provider_account_id, created_at);

create table reconciliation_items (
  id uuid primary key,
  run_id uuid not null references reconciliation_runs (id),
  kind text not null,
  transaction_id uuid,
  refund_id uuid,
  dispute_id uuid,
  provider_event_id uuid,
  provider_reference text,
  our_amount bigint,
  provider_amount bigint,
  detail text not null,
  created_at timestamptz not null
);
create index reconciliation_items_run on reconciliation_items (run_id, created_at, id);
