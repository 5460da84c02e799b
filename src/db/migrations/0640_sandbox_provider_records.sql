-- What the sandbox providers remember (src/providers/sandbox/records.ts): the payments, refunds, charges,
-- transfers, keys and cashouts they were sent, so every instance and job runner gets the same answer from a
-- status sync, a capture or a directory lookup. A real provider keeps this on its side. Values are the
-- provider's answers and what a test card does later; never a card number, CVV or their ciphertext.
create table sandbox_provider_records (
  provider text not null,
  kind text not null,
  key text not null,
  value jsonb not null,
  version integer not null,
  created_at timestamptz not null default now(),
  primary key (provider, kind, key)
);
