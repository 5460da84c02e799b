-- Success-rate windows (providers.md R6.10): each final attempt outcome per organization, account and payment
-- method, with its latency. Reads take the newest N of one group (the index serves them newest first); a prune
-- keeps the last 1000 of each group.
create table routing_outcomes (
  id bigint generated always as identity primary key,
  organization_id uuid not null,
  provider text not null,
  provider_account_id uuid,
  payment_method text not null,
  success boolean not null,
  latency_ms integer,
  recorded_at timestamptz not null
);
create index routing_outcomes_window_idx on routing_outcomes (organization_id, provider, payment_method, id desc);
