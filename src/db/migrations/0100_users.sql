-- Users, their identifiers, memberships in companies, roles, one-time codes and login lockout.
create table users (
  id uuid primary key,
  first_name text not null,
  last_name text not null,
  password_hash text,
  -- Bumped on password reset/change: every token carries it, so older tokens stop working at once.
  token_version integer not null default 0,
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table user_identifiers (
  id uuid primary key,
  user_id uuid not null references users(id),
  type text not null check (type in ('email', 'phone')),
  -- Normalized: e-mail lowercased, phone as E.164; one person per identifier on the whole platform.
  value text not null unique,
  is_primary boolean not null default false,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_identifiers_user_idx on user_identifiers (user_id);

-- A user belongs to a company through a membership; suspension is per membership (one company cannot lock
-- a person out of another tenant).
create table company_users (
  user_id uuid not null references users(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  suspended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, company_id)
);
create index company_users_company_idx on company_users (company_id, created_at desc, user_id);

create table roles (
  id uuid primary key,
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  name text not null,
  description text,
  permissions jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index roles_company_name_uq on roles (company_id, lower(name));

create table user_roles (
  user_id uuid not null references users(id),
  role_id uuid not null references roles(id),
  company_id uuid not null references companies(id),
  organization_id uuid not null references companies(id),
  created_at timestamptz not null default now(),
  primary key (user_id, role_id)
);
create index user_roles_user_company_idx on user_roles (user_id, company_id);

-- One-time codes: only an HMAC of the code is kept.
create table auth_codes (
  id uuid primary key,
  user_id uuid not null references users(id),
  identifier_id uuid not null references user_identifiers(id),
  purpose text not null check (purpose in ('VERIFY', 'RESET_PASSWORD')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_codes_identifier_idx on auth_codes (identifier_id, purpose, created_at desc);

-- Failed logins per identifier value (known or not, so lockout reveals nothing about existence).
create table login_failures (
  identifier text primary key,
  failures integer not null default 0,
  window_started_at timestamptz not null,
  locked_until timestamptz
);
