-- Durable jobs: scheduled inside the transaction of the change that needs them, claimed by any number of
-- workers with FOR UPDATE SKIP LOCKED and a lease. A unique dedupe key makes scheduling idempotent.
create table jobs (
  id uuid primary key,
  kind text not null,
  -- The organization whose clock decides when it is due (null: real time, platform work).
  organization_id uuid,
  run_at timestamptz not null,
  payload jsonb not null default '{}'::jsonb,
  dedupe_key text,
  status text not null default 'PENDING' check (status in ('PENDING', 'DONE', 'FAILED')),
  attempts integer not null default 0,
  last_error text,
  locked_until timestamptz,
  lease_token uuid,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz
);
create unique index jobs_dedupe_key_idx on jobs (dedupe_key) where dedupe_key is not null;
create index jobs_due_idx on jobs (run_at) where status = 'PENDING';
create index jobs_org_due_idx on jobs (organization_id, run_at) where status = 'PENDING';
