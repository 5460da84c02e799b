-- providers.md R1: provider accounts (the built-in sandbox stand-ins and the ones staff create) and their
-- write-only credentials, one row per version so a rotation's previous set keeps verifying during its grace.
create table provider_accounts (
  id uuid primary key,
  -- The account's name, what every `provider` field carries: uppercase, unique, immutable.
  provider text not null check (provider ~ '^[A-Z][A-Z0-9_]{2,31}$'),
  display_name text not null,
  connector text not null check (connector in ('SANDBOX', 'ADYEN_CHECKOUT', 'PIX_API_BCB')),
  environment text not null check (environment in ('TEST', 'LIVE')),
  base_url text,
  settings jsonb not null default '{}',
  status text not null check (status in ('ACTIVE', 'DISABLED')),
  disabled_reason text,
  built_in boolean not null default false,
  -- A seeded built-in takes its environment's first status at the first start (production disables the sandbox
  -- stand-ins, providers.md Changes 13); cleared then, so a later enable by staff stays.
  initial_status_pending boolean not null default false,
  organization_access text not null default 'ALL' check (organization_access in ('ALL', 'SELECTED')),
  organization_ids uuid[] not null default '{}',
  timeout_ms integer not null default 10000 check (timeout_ms between 1000 and 30000),
  circuit_failure_threshold integer not null default 5 check (circuit_failure_threshold between 1 and 100),
  circuit_cooldown_seconds integer not null default 30 check (circuit_cooldown_seconds between 1 and 3600),
  webhook_registration text not null check (webhook_registration in ('NOT_APPLICABLE', 'MANUAL', 'PENDING', 'REGISTERED', 'FAILED')),
  registered_keys text[] not null default '{}',
  webhook_last_error text,
  webhook_updated_at timestamptz,
  -- Health (R6.11): the circuit and the last credentials check.
  circuit_state text not null default 'CLOSED' check (circuit_state in ('CLOSED', 'OPEN', 'HALF_OPEN')),
  consecutive_failures integer not null default 0,
  opened_at timestamptz,
  next_probe_at timestamptz,
  probe_in_flight boolean not null default false,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_failure_code text,
  credentials_check_status text not null default 'NOT_CHECKED' check (credentials_check_status in ('OK', 'FAILED', 'NOT_CHECKED')),
  credentials_checked_at timestamptz,
  credentials_check_error text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index provider_accounts_provider_key on provider_accounts (provider);

-- One row per credentials version. `sealed` is the set's JSON sealed under the provider-credentials key
-- (src/vault/provider-credentials.ts); only the built-ins' seed below is written plain and sealed at the first start.
-- The current set has `valid_until` null; a rotation sets the previous one's to the end of its grace.
create table provider_account_credentials (
  account_id uuid not null references provider_accounts(id),
  version integer not null check (version >= 1),
  sealed text not null,
  fingerprint text not null,
  fields jsonb not null,
  -- PIX_API_BCB: the path token of the webhook URL (a new one per rotation; the previous one verifies during the grace).
  webhook_token text,
  set_at timestamptz not null,
  valid_until timestamptz,
  primary key (account_id, version)
);
create unique index provider_account_credentials_one_current on provider_account_credentials (account_id) where valid_until is null;
create unique index provider_account_credentials_token on provider_account_credentials (webhook_token) where webhook_token is not null;

-- The built-in accounts (R1.5): SANDBOX, TEST, open to every organization.
insert into provider_accounts (id, provider, display_name, connector, environment, status, built_in, initial_status_pending, webhook_registration, created_at, updated_at) values
  ('00000000-0000-4000-8000-0000000000a1', 'PROVIDER_A', 'Provider A (sandbox)', 'SANDBOX', 'TEST', 'ACTIVE', true, true, 'NOT_APPLICABLE', now(), now()),
  ('00000000-0000-4000-8000-0000000000b1', 'PROVIDER_B', 'Provider B (sandbox)', 'SANDBOX', 'TEST', 'ACTIVE', true, true, 'NOT_APPLICABLE', now(), now()),
  ('00000000-0000-4000-8000-0000000000c1', 'INTERNAL', 'Internal ledger', 'SANDBOX', 'TEST', 'ACTIVE', true, false, 'NOT_APPLICABLE', now(), now());
-- Their webhook_secret starts as the documented `sandbox-provider-webhook-secret` (fingerprint over its canonical JSON).
insert into provider_account_credentials (account_id, version, sealed, fingerprint, fields, set_at)
select id, 1, '{"webhook_secret":"sandbox-provider-webhook-secret"}', 'sha256:7ae8a9f3b0d51864', '{"webhook_secret":{"last4":"cret"}}', now()
from provider_accounts where built_in;
