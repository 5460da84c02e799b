-- Idempotency around provider calls (issue 10): a claim is STARTED until its resource is recorded (DONE).
-- While STARTED and locked, a duplicate answers 409 REQUEST_IN_PROGRESS; once the lock lapses (a crash, a
-- timeout) the next retry resumes it under the same resource id, which is the provider's idempotency key.
-- Claims made in the creating transaction (every other create) are DONE from the start.
alter table idempotency_keys add column phase text not null default 'DONE' check (phase in ('STARTED', 'DONE'));
alter table idempotency_keys add column locked_until timestamptz;
