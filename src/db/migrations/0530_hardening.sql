-- Hardening (product.md §14): membership-owned names and metadata, per-membership token revocation, and
-- login attempts counted per identifier and address.

-- Names and metadata belong to the membership: each company sees and edits its own. identifier_id is the
-- identifier the company named when it added the person (null: the company created the user, it sees all).
alter table company_users add column first_name text;
alter table company_users add column last_name text;
alter table company_users add column metadata jsonb;
alter table company_users add column identifier_id uuid references user_identifiers(id);
-- Moved on suspension: tokens carry it, so a suspension revokes them for good (re-activation does not revive).
alter table company_users add column token_version integer not null default 0;
update company_users m set first_name = u.first_name, last_name = u.last_name, metadata = u.metadata
  from users u where u.id = m.user_id;

-- Login attempts in fixed 15-minute windows: address '' is the identifier's pool over every address.
-- An attempt reserves its place (atomic upsert) before the password is checked; a success gives it back.
create table login_attempts (
  identifier text not null,
  address text not null,
  attempts integer not null,
  window_started_at timestamptz not null,
  primary key (identifier, address)
);
