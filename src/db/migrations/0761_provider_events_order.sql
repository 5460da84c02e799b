-- R4.5's order: processing looks for an event of the same account received earlier and not tried yet.
create index provider_events_account_pending_idx on provider_events (provider_account_id, received_seq) where status = 'PENDING';
