-- Holds carry an expiry (issue 24; TigerBeetle's pending-transfer timeout): past expires_at the ledger's
-- hold-expiry job voids a still PENDING hold with expiry_code, and it can no longer be posted. Null: never expires.
alter table ledger_holds add column expires_at timestamptz;
alter table ledger_holds add column expiry_code text;
