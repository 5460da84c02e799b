import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { companies, type IdentifierType } from '../../db/schema/index.js';
import type { Principal } from '../../kernel/context.js';
import { badRequest, forbidden, notFound, unauthenticated } from '../../kernel/errors.js';
import { findCompany } from '../companies/companies.repo.js';
import { toMerchantView } from '../companies/companies.views.js';
import {
  findIdentifier,
  findUser,
  identifiersOf,
  latestCode,
  markVerified,
  membershipsOf,
  rolesOf,
  setPassword,
} from '../users/users.repo.js';
import { clearLoginAttempts, releaseLoginAttempt, reserveLoginAttempt } from './login-limits.js';
import { toUserView } from '../users/users.views.js';
import { issueCode, redeemCode } from '../users/codes.js';
import { hashPassword } from './passwords.js';
import type { AuthServices } from './services.js';

type Identifier = { type: IdentifierType; value: string };

const BAD_CREDENTIALS = 'Invalid identifier or password';
const RESEND_INTERVAL_MS = 60_000;

/**
 * The answer of login, verify, select-company and change-password (product.md §10): a fresh token for the
 * chosen company (`auto`: the only active one, else none until select-company), the user and their companies.
 */
export async function openSession(
  db: Database,
  services: AuthServices,
  userId: string,
  choice: string /* a company id, or 'auto' */,
) {
  const user = await findUser(db, userId);
  if (!user) throw unauthenticated(BAD_CREDENTIALS);
  const active = (await membershipsOf(db, userId)).filter((m) => !m.suspendedAt);
  if (active.length === 0) throw unauthenticated('User is suspended');
  const company =
    choice === 'auto' ? (active.length === 1 ? active[0] : undefined) : active.find((m) => m.companyId === choice);
  if (choice !== 'auto' && !company) throw forbidden('The user has no role in this company');
  const scope = company ? [company.companyId] : active.map((m) => m.companyId);
  const [identifiers, held] = await Promise.all([identifiersOf(db, [userId]), rolesOf(db, [userId], scope)]);
  const roles = held.map((h) => h.role);
  const permissions = company ? [...new Set(roles.flatMap((r) => r.permissions))] : [];
  const { token, expiresIn } = await services.tokens.sign({
    sub: userId,
    ver: user.tokenVersion,
    ...(company ? { mver: company.tokenVersion } : {}),
    identifiers: identifiers.map((i) => ({ type: i.type, value: i.value })),
    company_id: company?.companyId ?? null,
    organization_id: company?.organizationId ?? null,
    permissions,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
  });
  return {
    access_token: token,
    token_type: 'Bearer' as const,
    expires_in: expiresIn,
    user: toUserView(user, identifiers, roles, null),
    companies: active.map((m) => ({ id: m.companyId, name: m.name })),
    company_id: company?.companyId ?? null,
  };
}

/**
 * Login (product.md §14): the attempt reserves its place in the identifier+address and identifier pools
 * before the password is checked (429 over either), so no burst checks more passwords than the limits; a
 * success gives the places back. Unknown identifiers do the same argon2 work and count the same.
 */
export async function login(
  db: Database,
  services: AuthServices,
  identifier: Identifier,
  password: string,
  address: string,
) {
  const reservation = await reserveLoginAttempt(db, identifier.value, address, services.clock.now());
  const found = await findIdentifier(db, identifier.value);
  const user = found ? await findUser(db, found.userId) : undefined;
  const ok = await services.passwords.verify(user?.passwordHash, password);
  if (!ok || !user) throw unauthenticated(BAD_CREDENTIALS);
  await releaseLoginAttempt(db, reservation);
  return openSession(db, services, user.id, 'auto');
}

/** First access: the emailed code proves the identifier; the password is set and the user is logged in. */
export async function verify(
  db: Database,
  services: AuthServices,
  identifier: Identifier,
  code: string,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  const userId = await redeemCode(db, services, identifier.value, 'VERIFY', code, async (tx, ident) => {
    await markVerified(tx, ident.id, services.clock.now());
    await setPassword(tx, ident.userId, passwordHash, services.clock.now());
    await clearLoginAttempts(tx, identifier.value);
    return ident.userId;
  });
  return openSession(db, services, userId, 'auto');
}

/** Always 202: whether the identifier exists is never revealed. The code goes out after the commit. */
export async function forgotPassword(
  db: Database,
  services: AuthServices,
  identifier: Identifier,
  log: FastifyBaseLogger,
): Promise<void> {
  const ident = await findIdentifier(db, identifier.value);
  if (!ident) return;
  const active = (await membershipsOf(db, ident.userId)).some((m) => !m.suspendedAt);
  if (!active) return;
  const code = await db.transaction(async (tx) => {
    // One reset code a minute per identifier: repeated requests cannot flood a mailbox.
    const last = await latestCode(tx, ident.id, 'RESET_PASSWORD');
    if (last && !last.consumedAt && services.clock.now().getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS)
      return null;
    return issueCode(tx, services, ident, 'RESET_PASSWORD');
  });
  if (!code) return;
  try {
    await services.mailer.send({ to: ident.value, channel: ident.type, purpose: 'RESET_PASSWORD', code });
  } catch (err) {
    log.error({ err: (err as Error).message }, 'password reset code delivery failed');
  }
}

/** Reset with the code: new password, every earlier token revoked (the token version moves). */
export async function resetPassword(
  db: Database,
  services: AuthServices,
  identifier: Identifier,
  code: string,
  newPassword: string,
) {
  const passwordHash = await hashPassword(newPassword);
  await redeemCode(db, services, identifier.value, 'RESET_PASSWORD', code, async (tx, ident) => {
    await markVerified(tx, ident.id, services.clock.now());
    await setPassword(tx, ident.userId, passwordHash, services.clock.now());
    await clearLoginAttempts(tx, identifier.value);
  });
  return { message: 'Password reset; log in with the new password' };
}

function userOf(principal: Principal): { userId: string; companyId: string | null } {
  if (principal.kind === 'user') return { userId: principal.userId, companyId: null };
  if ((principal.kind === 'organization' || principal.kind === 'merchant') && principal.userId) {
    return { userId: principal.userId, companyId: principal.companyId };
  }
  throw unauthenticated('This endpoint accepts only a Bearer JWT');
}

/** Change with the current password; all tokens are revoked and a fresh one for the same company is returned. */
export async function changePassword(
  db: Database,
  services: AuthServices,
  principal: Principal,
  current: string,
  next: string,
) {
  const { userId, companyId } = userOf(principal);
  const user = await findUser(db, userId);
  if (!user || !(await services.passwords.verify(user.passwordHash, current))) {
    throw badRequest('The current password is wrong', 'current_password');
  }
  const passwordHash = await hashPassword(next);
  await setPassword(db, userId, passwordHash, services.clock.now());
  return openSession(db, services, userId, companyId ?? 'auto');
}

export async function selectCompany(db: Database, services: AuthServices, principal: Principal, companyId: string) {
  return openSession(db, services, userOf(principal).userId, companyId);
}

/** `me`: the user (roles of the selected company), the company, and the permissions in force. */
export async function me(db: Database, principal: Principal) {
  const { userId, companyId } = userOf(principal);
  const user = await findUser(db, userId);
  if (!user) throw notFound('User');
  const memberships = await membershipsOf(db, userId);
  const scope = companyId ? [companyId] : memberships.filter((m) => !m.suspendedAt).map((m) => m.companyId);
  const [identifiers, held] = await Promise.all([identifiersOf(db, [userId]), rolesOf(db, [userId], scope)]);
  const company = companyId ? await findCompany(db, eq(companies.id, companyId)) : undefined;
  return {
    user: toUserView(
      user,
      identifiers,
      held.map((h) => h.role),
      null,
    ),
    company: company ? toMerchantView(company) : null,
    permissions:
      principal.kind === 'user' ? [] : [...((principal as { permissions?: string[] }).permissions ?? [])].sort(),
  };
}
