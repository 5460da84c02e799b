-- The event stream (GET /v1/webhooks/stream, product.md §15) needs a recorded order that never changes once a
-- reader has seen it. Neither occurred_at (the organization's clock) nor a plain sequence gives one: a
-- sequence value is taken at insert, so a transaction that commits late shows a lower number after higher
-- ones were read. The order is (tx_id, seq): tx_id the recording transaction's id, seq the insert order.
-- A reader only takes events whose transaction id is below its snapshot's xmin (every transaction below it has
-- ended), so nothing can later appear before what it has read. Existing rows get the migration's id (one
-- transaction), ordered among themselves in table order. Only the stream reads these columns (src/modules/webhooks/stream.repo.ts).
alter table events add column seq bigint generated always as identity;
alter table events add column tx_id bigint not null default (pg_current_xact_id()::text::bigint);
create index events_stream_order_idx on events (organization_id, tx_id, seq);
