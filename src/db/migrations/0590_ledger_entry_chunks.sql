-- Snapshots for `?at=` balance reads (money.md M3, issue 14 "balance read with ?at= ... snapshots, not a full
-- replay"). A chunk summarizes N consecutive entries of one bank account (sequences first_seq..last_seq, aligned
-- to multiples of N so concurrent writers agree): their time range and their net change per balance. A read at
-- `at` counts whole chunks that end before it, scans only chunks that straddle it and the recent tail, so it is
-- exact whatever the order of clock readings and sequences. Entries are immutable, so a chunk never changes.
-- Written by the reads themselves (on conflict do nothing); see docs/decisions/ledger.md.
create table ledger_entry_chunks (
  account_id uuid not null,
  first_seq bigint not null,
  last_seq bigint not null,
  min_created_at timestamptz not null,
  max_created_at timestamptz not null,
  d_pending bigint not null,
  d_available bigint not null,
  d_held bigint not null,
  d_debt bigint not null,
  primary key (account_id, first_seq),
  check (last_seq >= first_seq)
);
