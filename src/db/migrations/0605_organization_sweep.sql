-- The organization's money reaches its available (docs/decisions/receivables.md "The organization's sweep").
-- Its fee shares (ORGANIZATION receivables), the cashout prices and the anticipation fees are credited to its
-- REVENUE account (no balance row) as they happen; the settlement run of its own bank account and a date moves
-- what is due from REVENUE to that account's available, in one ledger post per account and date.

-- Cashout prices and anticipation fees waiting for the sweep (internal: no route shows them). bank_account_id
-- is null while the organization has no account at the provider; settlement_id is the run that swept it.
create table organization_revenue (
  id uuid primary key,
  organization_id uuid not null,
  provider text not null,
  bank_account_id uuid references bank_accounts(id),
  source_type text not null check (source_type in ('CASHOUT', 'ANTICIPATION')),
  source_id uuid not null,
  amount bigint not null check (amount > 0),
  due_date date not null,
  settlement_id uuid references settlements(id),
  created_at timestamptz not null,
  constraint organization_revenue_once unique (source_type, source_id)
);
create index organization_revenue_due_idx on organization_revenue (bank_account_id, due_date) where settlement_id is null;
create index organization_revenue_stray_idx on organization_revenue (organization_id, provider) where bank_account_id is null;

-- Fee shares created while the organization had no account at the provider, attached when one opens.
create index receivables_org_stray_idx on receivables (organization_id, provider) where bank_account_id is null;
-- PIX fee shares are PAID at once and swept by a later run of the organization's account.
create index receivables_org_unswept_idx on receivables (bank_account_id, payment_date)
  where role = 'ORGANIZATION' and status = 'PAID' and settlement_id is null;

-- A run of an organization's account may sweep only prices and anticipation fees (no receivable due).
alter table settlements drop constraint settlements_receivable_count_check;
alter table settlements add constraint settlements_receivable_count_check check (receivable_count >= 0);
