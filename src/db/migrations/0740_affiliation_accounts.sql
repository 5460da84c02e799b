-- providers.md R1.7 / Changes 8: an affiliation names a provider account; ADYEN_CHECKOUT and PIX_API_BCB
-- affiliations wait for staff to confirm the provider's merchant reference.
alter table affiliations add column provider_account_id uuid references provider_accounts(id);
alter table affiliations add column merchant_reference jsonb;
alter table affiliations add column confirmed_at timestamptz;
update affiliations a set provider_account_id = p.id from provider_accounts p where p.provider = a.provider and a.provider_account_id is null;
alter table affiliations drop constraint if exists affiliations_status_check;
alter table affiliations add constraint affiliations_status_check
  check (status in ('ACTIVE', 'WAITING_DOCUMENTS', 'WAITING_CONFIRMATION', 'BLOCKED', 'INVALID_SETTLEMENT_BANK_ACCOUNT'));
create index affiliations_created_idx on affiliations (created_at desc, id);

-- Changes 9: at an account with banking: false the bank account is opened on the platform ledger only (no
-- provider call), with no branch and no account number.
alter table bank_accounts alter column branch drop not null;
alter table bank_accounts alter column account_number drop not null;
