-- Core: companies (organizations and merchants), API keys, idempotency, the events outbox, webhook endpoints.
create table companies (
  id uuid primary key,
  organization_id uuid references companies(id),
  kind text not null check (kind in ('ORGANIZATION', 'MERCHANT')),
  name text not null,
  full_name text not null,
  document_number text not null,
  document_type text not null check (document_type in ('CPF', 'CNPJ')),
  document_tax_type text not null check (document_tax_type in ('PF', 'PJ', 'MEI', 'ME')),
  status text not null default 'PENDING_ACTIVATION'
    check (status in ('PENDING_ACTIVATION', 'ACTIVE', 'INACTIVE', 'BLOCKED')),
  contact jsonb not null,
  address jsonb not null,
  transfer_configurations jsonb,
  company_logo_url text,
  website_url text,
  webhook_enabled boolean not null default true,
  kyc_enabled boolean,
  share_documents boolean not null default false,
  company_onboarding_enabled boolean not null default true,
  declared_revenue bigint not null default 0 check (declared_revenue >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'ORGANIZATION') = (organization_id is null))
);
create unique index companies_merchant_document_uq on companies (organization_id, document_number) where kind = 'MERCHANT';
create unique index companies_organization_document_uq on companies (document_number) where kind = 'ORGANIZATION';
create index companies_organization_created_idx on companies (organization_id, created_at desc, id);

create table api_keys (
  id uuid primary key,
  company_id uuid not null references companies(id),
  kind text not null check (kind in ('ORGANIZATION', 'MERCHANT')),
  key_hash text not null unique,
  key_prefix text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index api_keys_company_idx on api_keys (company_id);

-- request_id idempotency: one row per (caller company, kind of resource, request_id).
create table idempotency_keys (
  company_id uuid not null,
  scope text not null,
  request_id text not null,
  fingerprint text not null,
  resource_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (company_id, scope, request_id)
);

-- The outbox: written in the same transaction as the change it reports.
create table events (
  id uuid primary key,
  type text not null,
  version integer not null default 1,
  source text not null,
  company_id uuid not null,
  organization_id uuid not null,
  correlation_id text not null,
  payload jsonb not null,
  occurred_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index events_organization_idx on events (organization_id, occurred_at desc, id);
create index events_company_idx on events (company_id, occurred_at desc);

create table webhook_endpoints (
  organization_id uuid primary key references companies(id),
  url text not null,
  signing_secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
