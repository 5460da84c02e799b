-- providers.md R6.8: a transaction's attempts (one per provider account it called, in order) and how it was
-- routed. Null on transactions created before routing: their view builds the one attempt R6.8 describes.
alter table transactions add column attempts jsonb;
alter table transactions add column routing jsonb;
