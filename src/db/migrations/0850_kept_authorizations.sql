-- issue 25 (providers.md R5.1, docs/decisions/providers.md "Sync of an unknown Adyen authorization"): Adyen has no
-- payment read, so the sync of an unknown authorization replays it under its key. The attempt's authorization
-- request is kept for that, without the CVV (never kept) and with the card number as the ev: value the core
-- received (P6: no plaintext). Written in the attempt's claim transaction; deleted when the transaction leaves
-- PROCESSING (in the transaction that moves it), by its sync at expires_at (24 h after creation), or with its row.
create table kept_authorizations (
  attempt_id uuid primary key,
  transaction_id uuid not null references transactions(id) on delete cascade,
  organization_id uuid not null,
  request jsonb not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index kept_authorizations_transaction on kept_authorizations (transaction_id);
