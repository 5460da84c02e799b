-- API keys as a managed resource (product.md §15): description, last4, expiry, and the owning organization
-- so reach is one condition like every tenant-owned table. Existing keys keep working and are listed; their
-- last four characters were never stored (only the hash and a 12-character prefix), so last4 stays null for
-- them (the sandbox start fills its own key's, since it knows it).
alter table api_keys add column organization_id uuid references companies(id);
update api_keys k set organization_id = coalesce(c.organization_id, c.id) from companies c where c.id = k.company_id;
alter table api_keys alter column organization_id set not null;
alter table api_keys add column description text;
alter table api_keys add column last4 text;
alter table api_keys add column expires_at timestamptz;
-- When a revocation or roll last changed the key (database time): instances without Redis poll it each second.
alter table api_keys add column changed_at timestamptz;
create index api_keys_changed_idx on api_keys (changed_at) where changed_at is not null;
create index api_keys_organization_created_idx on api_keys (organization_id, created_at desc, id);
create index api_keys_company_created_idx on api_keys (company_id, created_at desc, id);
drop index api_keys_company_idx;
