-- Onboarding: requirements (status derived at read time and persisted), documents, biometric verifications,
-- answers and affiliations. Every tenant-owned table carries company_id and organization_id (reach).
create table onboarding_requirements (
  id uuid primary key,
  -- insertion order: rows created by one statement keep the order of the base table (oldest first)
  seq bigserial not null,
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  provider text not null,
  type text not null,
  subject_document_number text not null,
  subject_role text not null check (subject_role in ('COMPANY', 'CONTACT', 'PARTNER_COMPANY')),
  origin text not null check (origin in ('BASE', 'PROVIDER_REQUEST', 'STAFF')),
  description text,
  status text not null default 'PENDING' check (status in ('PENDING', 'SATISFIED', 'REJECTED', 'WAIVED')),
  -- who waived: STAFF stands whatever evidence arrives; SHAPE is lifted when the shape calls for the row again
  waived_by text check (waived_by in ('STAFF', 'SHAPE')),
  waived_at timestamptz,
  waive_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((waived_by is null) = (waived_at is null))
);
-- Concurrent reads reconcile the base set: never two BASE rows for one (company, provider, type, subject).
create unique index onboarding_requirements_base_uq
  on onboarding_requirements (company_id, provider, type, subject_document_number) where origin = 'BASE';
create index onboarding_requirements_company_idx on onboarding_requirements (company_id, provider, created_at, seq);

create table onboarding_documents (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  file_type text not null,
  subject_document_number text not null,
  content_type text not null,
  file_size_bytes integer not null,
  file_name text not null,
  storage_key text not null,
  status text not null check (status in ('PENDING_REVIEW', 'APPROVED', 'REFUSED')),
  origin text not null check (origin in ('UPLOAD', 'SHARED')),
  refusal_reason text,
  -- for SHARED copies: the other organization's document it was copied from
  source_document_id uuid references onboarding_documents(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((origin = 'SHARED') = (source_document_id is not null))
);
-- Concurrent reads create one copy of a shared document per merchant.
create unique index onboarding_documents_shared_uq on onboarding_documents (company_id, source_document_id) where origin = 'SHARED';
create index onboarding_documents_company_idx on onboarding_documents (company_id, created_at desc, id);
create index onboarding_documents_subject_idx on onboarding_documents (subject_document_number) where status = 'APPROVED' and origin = 'UPLOAD';
create index onboarding_documents_org_idx on onboarding_documents (organization_id, created_at desc, id);

create table biometric_verifications (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  subject_document_number text not null,
  status text not null check (status in ('PENDING', 'APPROVED', 'REJECTED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index biometric_verifications_company_idx on biometric_verifications (company_id, created_at desc, id);

create table onboarding_answers (
  id uuid primary key,
  requirement_id uuid not null references onboarding_requirements(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  answer text not null,
  onboarding_document_ids jsonb not null default '[]'::jsonb,
  refused_at timestamptz,
  refusal_reason text,
  created_at timestamptz not null default now()
);
create index onboarding_answers_requirement_idx on onboarding_answers (requirement_id, created_at desc);
create index onboarding_answers_company_idx on onboarding_answers (company_id);

create table affiliations (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  provider text not null,
  status text not null check (status in ('ACTIVE', 'WAITING_DOCUMENTS', 'BLOCKED', 'INVALID_SETTLEMENT_BANK_ACCOUNT')),
  onboarding_url text,
  provider_status_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index affiliations_company_provider_uq on affiliations (company_id, provider);
create index affiliations_organization_idx on affiliations (organization_id, created_at desc, id);
