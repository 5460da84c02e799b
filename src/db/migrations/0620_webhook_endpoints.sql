-- product.md §15: up to 10 self-service webhook endpoints per organization (the staff endpoint of §4 is one of
-- them), each event fanned out to every matching endpoint with its own delivery state and attempts.

-- Endpoints: an id of their own; the organization's former single endpoint becomes its STAFF endpoint.
alter table webhook_endpoints add column id uuid;
update webhook_endpoints set id = gen_random_uuid();
alter table webhook_endpoints alter column id set not null;
alter table webhook_endpoints drop constraint webhook_endpoints_pkey;
alter table webhook_endpoints add primary key (id);
alter table webhook_endpoints
  add column origin text not null default 'API' check (origin in ('API', 'STAFF')),
  add column description text,
  add column enabled_events text[] not null default '{*}',
  add column disabled boolean not null default false,
  -- After a rotation both secrets sign until previous_secret_expires_at (24 hours).
  add column previous_signing_secret text,
  add column previous_secret_expires_at timestamptz,
  -- Soft delete: deliveries and attempts keep naming the endpoint; a deleted endpoint receives nothing.
  add column deleted_at timestamptz;
update webhook_endpoints set origin = 'STAFF';
create index webhook_endpoints_org_idx on webhook_endpoints (organization_id, created_at) where deleted_at is null;
-- One staff endpoint per organization (PUT /v1/platform/organizations/{id}/webhook-endpoint sets it).
create unique index webhook_endpoints_one_staff on webhook_endpoints (organization_id) where origin = 'STAFF' and deleted_at is null;

-- Deliveries: one per (message, endpoint); the retry schedule, the lease and the state live here now.
create table webhook_deliveries (
  event_id uuid not null references webhook_messages(event_id),
  endpoint_id uuid not null references webhook_endpoints(id),
  organization_id uuid not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  attempt_count integer not null default 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  lease_token uuid,
  delivered_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (event_id, endpoint_id)
);
create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'PENDING';
create index webhook_deliveries_org_due_idx on webhook_deliveries (organization_id, next_attempt_at) where status = 'PENDING';
create index webhook_deliveries_endpoint_failed_idx on webhook_deliveries (endpoint_id) where status = 'FAILED';

-- Existing messages move to their organization's (now STAFF) endpoint, state and all.
insert into webhook_deliveries (event_id, endpoint_id, organization_id, status, attempt_count, next_attempt_at, locked_until, lease_token, delivered_at, created_at, updated_at)
select m.event_id, w.id, m.organization_id, m.status, m.attempt_count, m.next_attempt_at, m.locked_until, m.lease_token, m.delivered_at, m.created_at, m.updated_at
from webhook_messages m join webhook_endpoints w on w.organization_id = m.organization_id;
-- A pending message whose endpoint was removed would have failed at its next attempt ("deliveries stop").
update webhook_messages m set status = 'FAILED'
where m.status = 'PENDING' and not exists (select 1 from webhook_deliveries d where d.event_id = m.event_id);

-- The message keeps what it is (event, organization, company, type) and the status of all its deliveries.
drop index if exists webhook_messages_due_idx;
drop index if exists webhook_messages_org_due_idx;
alter table webhook_messages
  drop column attempt_count,
  drop column next_attempt_at,
  drop column locked_until,
  drop column lease_token;
create index webhook_messages_org_status_idx on webhook_messages (organization_id, status, created_at desc);

-- Every attempt names its endpoint (null only for attempts made before endpoints had ids and whose endpoint is gone).
alter table webhook_attempts add column endpoint_id uuid references webhook_endpoints(id);
update webhook_attempts a set endpoint_id = w.id from webhook_endpoints w where w.organization_id = a.organization_id;
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, at desc);
