-- A dedupe key names one job at a time, not one ever (issue 24): once its job ended (DONE or FAILED) the same key
-- may be scheduled again. Scheduling stays idempotent while a job with the key is still PENDING.
drop index if exists jobs_dedupe_key_idx;
create unique index jobs_dedupe_key_open_idx on jobs (dedupe_key) where dedupe_key is not null and status = 'PENDING';
