-- Transactions (issue 13, payments.md P2). Card values are never stored: card_data holds only the display
-- fields of P2 (brand, bin, last digits, expiry, holder, funding, wallet, stored card id). A capture, void or
-- sync needs only our id (the provider's idempotency key) and provider_payment_id.
create table transactions (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null,
  request_id text,
  provider text not null,
  payment_method text not null check (payment_method in ('CREDIT_CARD', 'DEBIT_CARD', 'PIX')),
  status text not null check (status in ('PROCESSING', 'AUTHORIZED', 'APPROVED', 'REFUSED', 'WAITING_PAYMENT',
    'EXPIRED', 'CANCELED', 'PENDING_REFUND', 'PARTIALLY_REFUNDED', 'REFUNDED')),
  amount bigint not null check (amount >= 1),
  currency text not null default 'BRL',
  installments integer not null check (installments between 1 and 12),
  capture boolean not null,
  captured_amount bigint not null default 0 check (captured_amount >= 0 and captured_amount <= amount),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0),
  pending_refund_amount bigint not null default 0 check (pending_refund_amount >= 0),
  -- refunds never exceed what was captured (P4), whatever the concurrency
  constraint transactions_refunds_within_captured check (refunded_amount + pending_refund_amount <= captured_amount),
  -- the merchant's bank account at the provider (ledger account credited at approval)
  bank_account_id uuid references bank_accounts(id),
  fee jsonb,
  description text,
  statement_descriptor text,
  customer jsonb,
  card_data jsonb,
  three_ds jsonb,
  pix jsonb,
  refusal jsonb,
  cancel_reason text,
  authorization_code text,
  provider_reference text,
  provider_payment_id text,
  authorized_at timestamptz,
  captured_at timestamptz,
  canceled_at timestamptz,
  expired_at timestamptz,
  metadata jsonb,
  -- false while the creation's provider call is in flight: the row is recorded before the call (recovery
  -- point) but is not a resource yet (reads skip it; `unavailable` deletes it). transaction.created is
  -- recorded when it becomes true.
  announced boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index transactions_company_created_idx on transactions (company_id, created_at desc, id);
create index transactions_org_created_idx on transactions (organization_id, created_at desc, id);
create index transactions_request_idx on transactions (company_id, request_id) where request_id is not null;
