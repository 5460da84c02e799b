-- 3DS sessions (payments.md P7). The card number is kept only as the ev:v1 value it arrived as (or the stored
-- card's), to hand to the transaction that uses the session; no plaintext card data is ever stored.
create table three_ds_sessions (
  id uuid primary key,
  company_id uuid not null,
  organization_id uuid not null,
  provider text not null,
  request_id text,
  status text not null check (status in ('ACTION_REQUIRED', 'SUCCEEDED', 'FAILED', 'EXPIRED')),
  amount bigint not null check (amount >= 1),
  currency text not null,
  installments integer not null,
  card_number_ciphertext text not null,
  stored_card_id uuid,
  card_brand text not null,
  card_bin text not null,
  card_last_digits text not null,
  card_expiry_month text not null,
  card_expiry_year text not null,
  card_holder_name text not null,
  customer jsonb,
  browser jsonb,
  challenge_preference text not null,
  initiator_type text not null,
  initiator_reason text,
  return_url text,
  -- The provider's answer: null until known (an unknown outcome waits for the sync job).
  awaiting_provider boolean not null default false,
  flow text,
  version text,
  trans_status text,
  eci text,
  liability_shift boolean not null default false,
  -- Shown for one hour after success, then wiped by a job (and hidden by the view even before it runs).
  authentication_value text,
  ds_transaction_id text,
  three_ds_server_trans_id text,
  acs_transaction_id text,
  failure_reason text,
  challenge_url text,
  -- The jti of the challenge page's one-time token; the page is usable while the session is ACTION_REQUIRED.
  challenge_token_id text,
  transaction_id uuid,
  expires_at timestamptz not null,
  succeeded_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- A session is used by at most one transaction.
create unique index three_ds_sessions_transaction_uq on three_ds_sessions (transaction_id) where transaction_id is not null;
create index three_ds_sessions_org_idx on three_ds_sessions (organization_id, created_at);
create index three_ds_sessions_company_idx on three_ds_sessions (company_id, created_at);
