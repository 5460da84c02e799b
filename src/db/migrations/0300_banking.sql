-- Banking (issue 5): bank accounts with an immutable double-entry ledger, internal transfers, PIX keys,
-- stored cards and fee policies. Balances are cached on the account row, changed only together with
-- ledger entries in one transaction, and guarded by CHECKs so no path can ever overdraw.

create table bank_accounts (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  provider text not null,
  branch text not null,
  account_number text not null,
  status text not null,
  available bigint not null default 0 check (available >= 0),
  held bigint not null default 0 check (held >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint bank_accounts_provider_number_uq unique (provider, branch, account_number)
);
create index bank_accounts_org_idx on bank_accounts (organization_id, created_at);
create index bank_accounts_company_idx on bank_accounts (company_id);

-- One journal = one balanced posting: its entries sum to zero. bank_account_id null is the world outside
-- the platform (the counter-entry of a deposit).
create table ledger_entries (
  id uuid primary key,
  journal_id uuid not null,
  kind text not null,
  bank_account_id uuid references bank_accounts(id),
  bucket text not null check (bucket in ('AVAILABLE', 'HELD', 'EXTERNAL')),
  amount bigint not null check (amount <> 0),
  internal_transfer_id uuid,
  created_at timestamptz not null
);
create index ledger_entries_account_idx on ledger_entries (bank_account_id);
create index ledger_entries_journal_idx on ledger_entries (journal_id);

create function ledger_entries_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are immutable';
end;
$$;
create trigger ledger_entries_no_update before update or delete on ledger_entries
  for each row execute function ledger_entries_immutable();

create table internal_transfers (
  id uuid primary key,
  request_id text not null,
  external_request_id text,
  company_id uuid not null,
  organization_id uuid not null,
  destination_company_id uuid not null,
  origin_bank_account_id uuid not null references bank_accounts(id),
  destination_bank_account_id uuid not null references bank_accounts(id),
  provider text not null,
  amount bigint not null check (amount >= 1),
  status text not null,
  provider_transfer_id text,
  error_message text,
  metadata jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index internal_transfers_org_idx on internal_transfers (organization_id, created_at);
create index internal_transfers_company_idx on internal_transfers (company_id);
create index internal_transfers_dest_company_idx on internal_transfers (destination_company_id);

create table pix_keys (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  bank_account_id uuid not null references bank_accounts(id),
  key_type text not null,
  key text not null,
  "primary" boolean not null,
  status text not null,
  dict_key_information jsonb,
  deleted_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- Keys are unique nationally while active (the directory's rule); deleted keys may be registered again.
create unique index pix_keys_active_key_uq on pix_keys (key) where status = 'ACTIVE';
create index pix_keys_company_idx on pix_keys (company_id, created_at);
create index pix_keys_account_idx on pix_keys (bank_account_id);

create table stored_cards (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  source text not null,
  status text not null,
  brand text not null,
  last_digits text not null,
  expiry_month text not null,
  expiry_year text not null,
  funding text,
  issuer text,
  country text,
  bin text not null,
  segment text,
  currency text,
  cardholder_name text not null,
  number_ciphertext text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index stored_cards_company_idx on stored_cards (company_id, created_at);

create table fee_policies (
  id uuid primary key,
  company_id uuid not null,
  organization_id uuid not null,
  name text not null,
  description text,
  is_active boolean not null,
  cashout_price bigint not null check (cashout_price >= 0),
  automatic_anticipation_percentage numeric(7, 4) not null,
  spot_anticipation_percentage numeric(7, 4) not null,
  rules jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint fee_policies_org_name_uq unique (organization_id, name)
);
create index fee_policies_org_idx on fee_policies (organization_id, created_at);
