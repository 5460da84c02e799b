-- Fee policies applied to companies (money.md M1): a merchant's own policy and an organization's default.
-- A merchant's effective policy is its own, else its organization's default, else none. Policies are never
-- deleted (DELETE deactivates), so the foreign keys never block anything; a deactivated policy keeps applying.
alter table companies add column fee_policy_id uuid references fee_policies(id);
alter table companies add column default_fee_policy_id uuid references fee_policies(id);
alter table companies add constraint companies_fee_policy_merchant_only check (kind = 'MERCHANT' or fee_policy_id is null);
alter table companies add constraint companies_default_fee_policy_organization_only check (kind = 'ORGANIZATION' or default_fee_policy_id is null);
