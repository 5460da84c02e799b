import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { affiliations, companies } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { encryptFor } from './cards.js';

/**
 * A company able to take payments (payments.md P1): ACTIVE, with an ACTIVE affiliation. Written directly: the
 * onboarding that leads there is another area's concern and tested there.
 */
export async function makePaymentReady(
  t: TestApp,
  companyId: string,
  provider = 'PROVIDER_A',
  createdAt = new Date(),
): Promise<void> {
  const [company] = await t.db.db.select().from(companies).where(eq(companies.id, companyId));
  await t.db.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, companyId));
  const [existing] = await t.db.db
    .select()
    .from(affiliations)
    .where(and(eq(affiliations.companyId, companyId), eq(affiliations.provider, provider)));
  if (existing) {
    await t.db.db.update(affiliations).set({ status: 'ACTIVE' }).where(eq(affiliations.id, existing.id));
    return;
  }
  await t.db.db.insert(affiliations).values({
    id: randomUUID(),
    companyId,
    organizationId: company!.organizationId ?? company!.id,
    provider,
    status: 'ACTIVE',
    createdAt,
    updatedAt: createdAt,
  });
}

/** A 3DS session body for a test card, its number encrypted as the browser library would. */
export async function sessionBody(
  t: Pick<TestApp, 'deps'>,
  number: string,
  overrides: Record<string, unknown> = {},
  card: Record<string, unknown> = {},
) {
  return {
    amount: 1990,
    card: {
      number: await encryptFor(t, number),
      expiry_month: '12',
      expiry_year: String(new Date().getUTCFullYear() + 2),
      holder_name: 'ANA LIMA',
      bin: number.slice(0, 6),
      last_digits: number.slice(-4),
      ...card,
    },
    ...overrides,
  };
}

export const createSession = (t: TestApp, key: string, payload: object, merchantId?: string) =>
  t.request({
    method: 'POST',
    url: merchantId ? `/core/v1/merchants/${merchantId}/3ds-sessions` : '/core/v1/3ds-sessions',
    key,
    payload,
  });

export const getSession = (t: TestApp, key: string, id: string) =>
  t.request({ method: 'GET', url: `/core/v1/3ds-sessions/${id}`, key });

/** The challenge page's path and token from a session's next_action. */
export function challengeOf(session: { next_action: { challenge_url: string } | null }): {
  path: string;
  token: string;
  url: URL;
} {
  const url = new URL(session.next_action!.challenge_url);
  return { path: url.pathname, token: url.searchParams.get('t')!, url };
}

/** Submits the page's form as a browser would. */
export const submitChallenge = (t: TestApp, path: string, form: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
