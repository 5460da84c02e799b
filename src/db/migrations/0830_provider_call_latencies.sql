-- providers.md R6.11: a half-open circuit's probe is handed out with its time, so a probe that never answers (its
-- process died, its call hung) is released after a bound instead of keeping the account HALF_OPEN for ever.
alter table provider_accounts add column probe_claimed_at timestamptz;

-- providers.md R6.11 (`health.latency_ms_p50`, `latency_ms_p95`, `/health` `responseTime`): every provider call's
-- latency per account, written in batches by each instance; reads take each account's newest 100 (the index
-- serves them newest first) and a prune keeps about that many.
create table provider_call_latencies (
  id bigint generated always as identity primary key,
  provider text not null,
  operation text not null,
  latency_ms integer not null,
  technical_failure boolean not null,
  called_at timestamptz not null
);
create index provider_call_latencies_recent_idx on provider_call_latencies (provider, id desc);
