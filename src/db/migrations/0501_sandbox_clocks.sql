-- The sandbox test clock (money.md M7): how far each organization's clock runs ahead of real time.
-- No row: offset 0 (real time). Job runners join it to decide what is due on each organization's clock.
create table sandbox_clocks (
  organization_id uuid primary key references companies (id),
  offset_ms bigint not null check (offset_ms >= 0),
  updated_at timestamptz not null
);
