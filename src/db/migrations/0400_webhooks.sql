-- Webhook delivery: one message per event to deliver (created in the event's transaction), and every attempt.
create table webhook_messages (
  event_id uuid primary key references events(id),
  organization_id uuid not null,
  company_id uuid not null,
  type text not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  -- Attempts in the current run (a replay starts a new run); drives the retry schedule.
  attempt_count integer not null default 0,
  next_attempt_at timestamptz,
  -- The lease of the worker that claimed it: an expired lease makes the message claimable again.
  locked_until timestamptz,
  lease_token uuid,
  delivered_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index webhook_messages_due_idx on webhook_messages (next_attempt_at) where status = 'PENDING';
create index webhook_messages_org_due_idx on webhook_messages (organization_id, next_attempt_at) where status = 'PENDING';
create index webhook_messages_org_created_idx on webhook_messages (organization_id, created_at desc, event_id);

create table webhook_attempts (
  id uuid primary key,
  event_id uuid not null references webhook_messages(event_id),
  organization_id uuid not null,
  company_id uuid not null,
  at timestamptz not null,
  url text not null,
  status_code integer,
  duration_ms integer not null,
  error text,
  succeeded boolean not null
);
create index webhook_attempts_event_idx on webhook_attempts (event_id, at);
