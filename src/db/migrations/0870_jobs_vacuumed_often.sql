-- The jobs table is a queue: every payment adds a recovery job that leaves PENDING milliseconds later, and the
-- runner's due-jobs scan walks the dead versions its partial index keeps until a vacuum (docs/decisions/jobs.md,
-- "Finished jobs are purged"). Autovacuum's default waits for 20% of the table to be dead; on a queue of millions of
-- rows that is hours of scans over dead entries. Vacuum it after 1% (and at least 1,000 rows) instead. A setting of
-- the table only: where autovacuum is off for the whole cluster (this project's bench machine) it changes nothing.
alter table jobs set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
