import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

export const PASSWORD = 'correct horse battery';

export const randomEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

export async function createRole(
  t: TestApp,
  auth: { key?: string; token?: string },
  permissions: string[],
  name = `role-${randomUUID().slice(0, 8)}`,
) {
  const res = await t.request({ method: 'POST', url: '/core/v1/roles', ...auth, payload: { name, permissions } });
  if (res.statusCode !== 201) throw new Error(`role create failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; name: string; permissions: string[] }>();
}

/** The latest code the sandbox would have sent to an identifier. */
export async function latestCode(
  t: TestApp,
  to: string,
  purpose: 'VERIFY' | 'RESET_PASSWORD' = 'VERIFY',
): Promise<string> {
  // forgot-password sends after its answer: wait for that work.
  await t.deps.auth?.background.idle();
  const res = await t.request({
    method: 'GET',
    url: `/core/v1/platform/sandbox/messages?to=${encodeURIComponent(to)}`,
    key: t.platformKey,
  });
  expect(res.statusCode).toBe(200);
  const message = (res.json().data as { purpose: string; code: string }[]).find((m) => m.purpose === purpose);
  if (!message) throw new Error(`no ${purpose} message for ${to}`);
  return message.code;
}

/** Creates a user in the company of `key` with the given roles, verifies it and returns its session. */
export async function createVerifiedUser(t: TestApp, key: string, roleIds: string[] = [], email = randomEmail()) {
  const created = await t.request({
    method: 'POST',
    url: '/core/v1/users',
    key,
    payload: { first_name: 'Ana', last_name: 'Souza', identifier: { type: 'email', value: email }, role_ids: roleIds },
  });
  if (created.statusCode !== 201) throw new Error(`user create failed: ${created.statusCode} ${created.body}`);
  const code = await latestCode(t, email);
  const verified = await t.request({
    method: 'POST',
    url: '/core/v1/auth/verify',
    payload: { identifier: email, code, password: PASSWORD },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const session = verified.json();
  return { id: created.json().id as string, email, token: session.access_token as string, session };
}
