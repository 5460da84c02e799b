-- Card-data encryption keys (payments.md P6): public halves and states only. Private keys never reach the
-- database: they live in ENCRYPTION_KEYS_FILE (production) or DATA_DIR/encryption-keys.json (sandbox).
-- A ring is one key file's set (one per environment in production; tests each make their own).
create table encryption_keys (
  kid text primary key,
  ring text not null,
  environment text not null check (environment in ('sandbox', 'production')),
  -- STANDBY: provisioned in the key file, never used yet (production rotation promotes it); not listed.
  status text not null check (status in ('STANDBY', 'ACTIVE', 'RETIRING', 'RETIRED')),
  x text not null,
  y text not null,
  created_at timestamptz not null,
  activated_at timestamptz,
  not_after timestamptz,
  retired_at timestamptz,
  updated_at timestamptz not null
);
-- Exactly one ACTIVE key per ring, whatever instances race.
create unique index encryption_keys_one_active on encryption_keys (ring) where status = 'ACTIVE';
create index encryption_keys_ring_idx on encryption_keys (ring, created_at);
