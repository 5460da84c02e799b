-- providers.md R3.4 and Changes 4: a PIX's captured amount is what the payer paid, which for a due-date PIX may be
-- above `amount` (fine and interest); cards still capture at most the amount authorized. The old check was a
-- column check written without a name (PostgreSQL and PGlite name it by their own rule): found by its text.
do $$
declare c record;
begin
  for c in select conname from pg_constraint
           where conrelid = 'transactions'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%captured_amount <= amount%'
  loop
    execute format('alter table transactions drop constraint %I', c.conname);
  end loop;
  for c in select conname from pg_constraint
           where conrelid = 'refunds'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%''MED''%' and pg_get_constraintdef(oid) like '%origin%'
  loop
    execute format('alter table refunds drop constraint %I', c.conname);
  end loop;
end $$;
alter table transactions add constraint transactions_captured_within_amount
  check (captured_amount >= 0 and (captured_amount <= amount or payment_method = 'PIX'));

-- Changes 6: a refund made at the provider outside the platform (a devolução the platform did not ask for).
alter table refunds add constraint refunds_origin_known check (origin in ('MERCHANT', 'MED', 'PROVIDER'));
