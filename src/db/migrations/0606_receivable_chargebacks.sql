-- A lost dispute's chargeback (docs/decisions/disputes.md "Receivables (CHARGEBACK)"): the dispute that canceled
-- (consumed) a receivable with cancel_reason CHARGEBACK, or that created it (the rest of a partly consumed one).
-- Internal, never in a view.
alter table receivables add column dispute_id uuid;
-- The approval's originals exist once: a chargeback's rest (dispute_id set) is not an original, as a refund's is not.
drop index receivables_original_once;
create unique index receivables_original_once on receivables (transaction_id, role, installment) where refund_id is null and dispute_id is null;
