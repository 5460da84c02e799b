-- Provider events (providers.md R4.4-R4.6): every event a provider's webhook carried, kept redacted, one row per
-- (account, dedupe_key): a second delivery only counts `duplicates`. `fact` is the normalized fact the processing
-- job applies; `raw` the redacted event as received (staff read it).
create table provider_events (
  id uuid primary key,
  provider_account_id uuid not null,
  provider text not null,
  connector text not null,
  dedupe_key text not null,
  provider_event_id text not null,
  event_type text not null,
  success boolean,
  occurred_at timestamptz,
  status text not null,
  effect text,
  resource_type text,
  resource_id uuid,
  organization_id uuid,
  detail text,
  tries integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  duplicates integer not null default 0,
  fact jsonb not null,
  raw jsonb not null,
  headers jsonb not null,
  received_seq bigint generated always as identity,
  created_at timestamptz not null,
  processed_at timestamptz,
  updated_at timestamptz not null,
  constraint provider_events_dedupe_key unique (provider_account_id, dedupe_key)
);
create index provider_events_created_idx on provider_events (created_at desc, id);
create index provider_events_resource_idx on provider_events (resource_id);
create index provider_events_status_idx on provider_events (status, next_attempt_at);
