-- One row per call the platform makes to a provider that changes something there (capture, cancel, the
-- authorization's expiry, and the areas that move onto it): docs/decisions/provider-operations.md.
-- Its id IS the idempotency key sent to the provider. Claimed (PENDING) with its recovery job in the
-- transaction that decides the call, before the call; finished (SUCCEEDED / FAILED / RELEASED) in the
-- transaction that records the outcome. At most one PENDING operation per resource: a second capture or
-- cancel of a transaction whose earlier call is unresolved answers 409 OPERATION_IN_PROGRESS.
create table provider_operations (
  id uuid primary key,
  kind text not null,
  resource_type text not null,
  resource_id uuid not null,
  organization_id uuid,
  company_id uuid,
  provider text not null,
  status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED', 'RELEASED')),
  attempts integer not null default 0 check (attempts >= 0),
  request jsonb not null,
  fingerprint text not null,
  outcome jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz
);
create unique index provider_operations_one_open on provider_operations (resource_type, resource_id) where status = 'PENDING';
create index provider_operations_resource on provider_operations (resource_type, resource_id, created_at);

-- Claims of the earlier scheme still in flight (their provider call sent the transaction id as key) become
-- PENDING operations under that same key, each with its recovery job, so nothing stranded stays stranded.
insert into provider_operations (id, kind, resource_type, resource_id, organization_id, company_id, provider, status, attempts, request, fingerprint, outcome, created_at, updated_at)
select o.transaction_id,
       case when o.kind = 'CAPTURE' then 'transaction.capture' else 'transaction.cancel' end,
       'TRANSACTION', o.transaction_id, o.organization_id, o.company_id, t.provider, 'PENDING', 0,
       case when o.kind = 'CAPTURE' then jsonb_build_object('amount', coalesce(o.amount, t.amount))
            else jsonb_build_object('reason', coalesce(o.cancel_reason, 'REQUESTED')) end,
       'legacy', null, o.created_at, o.updated_at
from transaction_operations o join transactions t on t.id = o.transaction_id
where o.status = 'IN_FLIGHT';

insert into jobs (id, kind, organization_id, run_at, payload, dedupe_key, status, attempts, created_at, updated_at)
select gen_random_uuid(), 'provider-operation.recover', null, now(), jsonb_build_object('operationId', o.transaction_id),
       'provider-operation.recover:' || o.transaction_id, 'PENDING', 0, now(), now()
from transaction_operations o
where o.status = 'IN_FLIGHT'
  and not exists (select 1 from jobs j where j.dedupe_key = 'provider-operation.recover:' || o.transaction_id);
