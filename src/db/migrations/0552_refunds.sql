-- Refunds, capture and cancel (issue 13, payments.md P5). A refund is recorded PENDING before its provider is
-- asked (the refund id is the provider's idempotency key), with the ledger reservation of its money (money.md
-- M2/M3: from the merchant's pending, then available, the shortfall as debt, into held).
create table refunds (
  id uuid primary key,
  transaction_id uuid not null references transactions(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  request_id text,
  provider text not null,
  payment_method text not null check (payment_method in ('CREDIT_CARD', 'DEBIT_CARD', 'PIX')),
  amount bigint not null check (amount >= 1),
  status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
  reason text not null check (reason in ('REQUESTED_BY_CUSTOMER', 'DUPLICATE', 'FRAUDULENT', 'OTHER')),
  description text,
  origin text not null check (origin in ('MERCHANT', 'MED')),
  -- MED_FRAUDE / MED_OPERACIONAL for a MED return (sandbox control); not in the view
  med_nature text,
  failure jsonb,
  provider_refund_id text,
  pix_return_id text,
  -- the merchant's bank account whose balances the reservation moved, and how it was split
  bank_account_id uuid references bank_accounts(id),
  reserved_pending bigint not null default 0 check (reserved_pending >= 0),
  reserved_available bigint not null default 0 check (reserved_available >= 0),
  reserved_debt bigint not null default 0 check (reserved_debt >= 0),
  constraint refunds_reservation_whole check (bank_account_id is null or reserved_pending + reserved_available + reserved_debt = amount),
  -- when the provider acknowledged the refund (the submission recovery job stops looking)
  submitted_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  settled_at timestamptz,
  constraint refunds_settled_when_final check ((status = 'PENDING') = (settled_at is null))
);
-- P5: a transaction's refunds oldest first, ties by id
create index refunds_transaction_idx on refunds (transaction_id, created_at, id);
create index refunds_org_idx on refunds (organization_id, created_at);
create index refunds_pending_idx on refunds (created_at) where status = 'PENDING' and submitted_at is null;

-- The one exit of an AUTHORIZED card or a WAITING_PAYMENT PIX that needs its provider (capture, cancel, the
-- authorization's expiry): claimed under the transaction's row lock before the provider call, so concurrent
-- captures and cancels give one winner (the primary key) and the loser answers 409. Deleted when the provider
-- refuses (nothing happened); kept DONE afterwards.
create table transaction_operations (
  transaction_id uuid primary key references transactions(id),
  company_id uuid not null,
  organization_id uuid not null,
  kind text not null check (kind in ('CAPTURE', 'CANCEL')),
  amount bigint check (amount >= 1),
  cancel_reason text check (cancel_reason in ('REQUESTED', 'AUTHORIZATION_EXPIRED', 'PIX_CANCELED')),
  status text not null check (status in ('IN_FLIGHT', 'DONE')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
