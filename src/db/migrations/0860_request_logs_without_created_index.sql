-- The request logs' index on created_at alone served only the hourly purge, and cost PostgreSQL ~25% more CPU on
-- every log row written (one row per authenticated request: docs/decisions/benchmarks.md, "The request log's cost
-- in PostgreSQL"). The purge now reaches old rows organization by organization through
-- request_logs_organization_created_idx.
drop index if exists request_logs_created_idx;
