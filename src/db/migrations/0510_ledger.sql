-- Ledger v2 (issue 10, money.md M3): balances per bank account, balanced transactions with a code and a
-- source, immutable entries with a per-account sequence, two-phase holds. See docs/decisions/ledger.md.

-- The balance row of one bank account: the only row the ledger locks. CHECKs make overdrawing impossible
-- whatever the code path. last_sequence numbers the account's entries (gap-free).
create table ledger_accounts (
  id uuid primary key,
  provider text not null,
  company_id uuid not null,
  organization_id uuid not null,
  pending bigint not null default 0 check (pending >= 0),
  available bigint not null default 0 check (available >= 0),
  held bigint not null default 0 check (held >= 0),
  debt bigint not null default 0 check (debt >= 0),
  last_sequence bigint not null default 0,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- Every credit to available repays debt first, so both are never positive together.
  constraint ledger_accounts_debt_first check (available = 0 or debt = 0)
);
create index ledger_accounts_provider_idx on ledger_accounts (provider);

-- One business event = one transaction; idem_key is unique so a retried post finds the first one.
create table ledger_transactions (
  id uuid primary key,
  idem_key text not null,
  code text not null,
  source_type text not null,
  source_id text not null,
  created_at timestamptz not null,
  constraint ledger_transactions_idem_key_uq unique (idem_key)
);
create index ledger_transactions_source_idx on ledger_transactions (source_type, source_id);

-- Entries (named postings: ledger_entries is the frozen v1 journal). account_type BANK_ACCOUNT rows carry a
-- sequence and resulting balance; CLEARING and REVENUE rows are append-only and their balance is a sum
-- (no row is locked for them: they are touched by every payment).
create table ledger_postings (
  id uuid primary key,
  transaction_id uuid not null references ledger_transactions(id),
  account_type text not null check (account_type in ('BANK_ACCOUNT', 'CLEARING', 'REVENUE')),
  account_id text not null,
  provider text not null,
  company_id uuid,
  balance_type text not null check (balance_type in ('PENDING', 'AVAILABLE', 'HELD', 'DEBT', 'CLEARING', 'REVENUE')),
  direction text not null check (direction in ('DEBIT', 'CREDIT')),
  amount bigint not null check (amount > 0),
  -- signed: + increases that balance (CREDIT on liabilities, DEBIT on assets).
  delta bigint not null check (delta <> 0),
  sequence bigint,
  resulting_balance bigint,
  code text not null,
  source_type text not null,
  source_id text not null,
  created_at timestamptz not null,
  constraint ledger_postings_sequence_uq unique (account_id, sequence),
  constraint ledger_postings_bank_sequence check ((account_type = 'BANK_ACCOUNT') = (sequence is not null and resulting_balance is not null))
);
create index ledger_postings_tx_idx on ledger_postings (transaction_id);
create index ledger_postings_account_idx on ledger_postings (account_type, account_id, created_at);
create index ledger_postings_company_idx on ledger_postings (company_id, created_at);
create function ledger_postings_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger postings are immutable';
end;
$$;
create trigger ledger_postings_no_update before update or delete on ledger_postings
  for each row execute function ledger_postings_immutable();

-- Two-phase holds (pending -> posted | voided): the status flips once, so a hold is spent exactly once.
create table ledger_holds (
  id text primary key,
  account_id uuid not null references ledger_accounts(id),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'POSTED', 'VOIDED')),
  hold_transaction_id uuid not null references ledger_transactions(id),
  final_transaction_id uuid references ledger_transactions(id),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- Migration of v1 (ledger_entries + bank_accounts.available/held). Every v1 journal becomes a v2 transaction
-- with the same id; its entries keep their order, get per-account sequences and running balances; the
-- EXTERNAL counter-entry of a deposit becomes the provider's clearing. v1 tables stay, frozen.
insert into ledger_accounts (id, provider, company_id, organization_id, available, held, created_at, updated_at)
select id, provider, company_id, organization_id, available, held, created_at, updated_at from bank_accounts;

insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
select j.journal_id,
       j.code || ':' || j.source_type || ':' || j.source_id,
       j.code, j.source_type, j.source_id, j.created_at
from (
  select distinct on (journal_id) journal_id, created_at,
    case kind when 'DEPOSIT' then 'DEPOSIT' when 'HOLD' then 'INTERNAL_TRANSFER_HOLD'
              when 'SETTLE' then 'INTERNAL_TRANSFER_COMPLETED' else 'INTERNAL_TRANSFER_RELEASED' end as code,
    case when internal_transfer_id is null then 'DEPOSIT' else 'INTERNAL_TRANSFER' end as source_type,
    coalesce(internal_transfer_id::text, journal_id::text) as source_id
  from ledger_entries order by journal_id, created_at
) j;

insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction,
  amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
select e.id, e.journal_id,
  case when e.bank_account_id is null then 'CLEARING' else 'BANK_ACCOUNT' end,
  coalesce(e.bank_account_id::text, da.provider),
  coalesce(a.provider, da.provider),
  a.company_id,
  case when e.bank_account_id is null then 'CLEARING' else e.bucket end,
  case when e.bank_account_id is null then (case when e.amount < 0 then 'DEBIT' else 'CREDIT' end)
       else (case when e.amount > 0 then 'CREDIT' else 'DEBIT' end) end,
  abs(e.amount),
  case when e.bank_account_id is null then -e.amount else e.amount end,
  case when e.bank_account_id is null then null
       else row_number() over (partition by e.bank_account_id order by e.created_at, e.journal_id, e.id) end,
  case when e.bank_account_id is null then null
       else sum(e.amount) over (partition by e.bank_account_id, e.bucket order by e.created_at, e.journal_id, e.id) end,
  t.code, t.source_type, t.source_id, e.created_at
from ledger_entries e
join ledger_transactions t on t.id = e.journal_id
left join bank_accounts a on a.id = e.bank_account_id
-- the deposit's own account names the provider of its EXTERNAL counter-entry
left join lateral (
  select ba.provider from ledger_entries s join bank_accounts ba on ba.id = s.bank_account_id
  where s.journal_id = e.journal_id limit 1
) da on true;

update ledger_accounts la set last_sequence = s.n
from (select bank_account_id, count(*) as n from ledger_entries where bank_account_id is not null group by bank_account_id) s
where s.bank_account_id = la.id;

insert into ledger_holds (id, account_id, amount, status, hold_transaction_id, final_transaction_id, created_at, updated_at)
select 'INTERNAL_TRANSFER:' || it.id, it.origin_bank_account_id, it.amount,
  case it.status when 'COMPLETED' then 'POSTED' when 'FAILED' then 'VOIDED' else 'PENDING' end,
  h.id, f.id, it.created_at, it.updated_at
from internal_transfers it
join ledger_transactions h on h.idem_key = 'INTERNAL_TRANSFER_HOLD:INTERNAL_TRANSFER:' || it.id
left join ledger_transactions f on f.source_type = 'INTERNAL_TRANSFER' and f.source_id = it.id::text
  and f.code in ('INTERNAL_TRANSFER_COMPLETED', 'INTERNAL_TRANSFER_RELEASED');
