-- Disputes (issue 14 item 5, money.md M6). Opening holds the whole amount on the merchant's account (from
-- available, the shortfall as debt: a ledger reservation with source DISPUTE:<id>); WON releases it, LOST or
-- ACCEPTED pays it out to clearing.
create table disputes (
  id uuid primary key,
  transaction_id uuid not null references transactions(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  bank_account_id uuid references bank_accounts(id),
  provider text not null,
  amount bigint not null check (amount >= 1),
  currency text not null default 'BRL',
  reason text not null check (reason in ('FRAUD', 'COMMERCIAL_DISAGREEMENT', 'PROCESSING_ERROR', 'AUTHORIZATION', 'OTHER')),
  reason_code text,
  status text not null check (status in ('OPEN', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED')),
  evidence_due_by timestamptz not null,
  evidence_text text,
  evidence_document_ids jsonb not null default '[]',
  evidence_submitted_at timestamptz,
  -- what opening moved into held, and the part of it that was recorded as debt (available was short)
  held_amount bigint not null check (held_amount >= 0),
  debt_amount bigint not null check (debt_amount >= 0),
  closed_reason text check (closed_reason in ('WON', 'LOST', 'ACCEPTED', 'NO_RESPONSE')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint disputes_closed_when_final check ((status in ('OPEN', 'UNDER_REVIEW')) = (closed_at is null)),
  constraint disputes_closed_reason_when_final check ((status in ('OPEN', 'UNDER_REVIEW')) = (closed_reason is null))
);
-- one dispute in progress per transaction (a second one answers 409 while the first is OPEN or UNDER_REVIEW)
create unique index disputes_one_open_per_transaction on disputes (transaction_id) where status in ('OPEN', 'UNDER_REVIEW');
create index disputes_org_idx on disputes (organization_id, created_at);
create index disputes_company_idx on disputes (company_id, created_at);
create index disputes_transaction_idx on disputes (transaction_id);

-- Evidence files (as onboarding documents: checked base64, magic bytes, the content-addressed file store).
create table dispute_documents (
  id uuid primary key,
  dispute_id uuid not null references disputes(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  content_type text not null,
  file_name text not null,
  file_size_bytes integer not null check (file_size_bytes > 0),
  storage_key text not null,
  created_at timestamptz not null
);
create index dispute_documents_dispute_idx on dispute_documents (dispute_id, created_at);
