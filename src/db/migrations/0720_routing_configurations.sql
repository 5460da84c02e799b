-- Routing configurations (providers.md R6.2): one row per saved version, so a transaction keeps the version and
-- rule ids it was routed by. The primary key makes two concurrent writes of the same next version impossible.
create table routing_configurations (
  organization_id uuid not null references companies(id),
  version integer not null check (version >= 1),
  seed text not null,
  rules jsonb not null,
  default_providers jsonb not null,
  failover jsonb not null,
  -- When the organization first saved a configuration (carried to every version) and when this version was saved.
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (organization_id, version)
);
