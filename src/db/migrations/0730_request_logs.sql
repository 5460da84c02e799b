-- Request logs (what an integration sent and what it got): one row per authenticated company request, written in
-- batches off the request path, kept 7 days (a purge job). Append-only; no card data, no bodies (a summary only).
create table request_logs (
  id uuid primary key,
  organization_id uuid not null,
  company_id uuid not null,
  api_key_id text,
  user_id uuid,
  source text not null,
  ip text,
  method text not null,
  path text not null,
  status integer not null,
  error_code text,
  duration_ms integer not null,
  request_id text not null,
  idempotency_key text,
  replayed boolean not null,
  body_summary jsonb,
  created_at timestamptz not null
);
create index request_logs_organization_created_idx on request_logs (organization_id, created_at desc, id);
create index request_logs_company_created_idx on request_logs (company_id, created_at desc, id);
create index request_logs_created_idx on request_logs (created_at);
