import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { affiliations, companies } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { encryptFor } from './cards.js';

/**
 * Companies able to take payments without the whole onboarding: the company is made ACTIVE and given ACTIVE
 * affiliations directly (the onboarding tests cover how they get there).
 */
export async function makePaying(t: TestApp, companyId: string, providers: string[] = ['PROVIDER_A']): Promise<void> {
  const db = t.db.db;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  await db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, companyId));
  let at = Date.parse('2025-01-01T00:00:00Z');
  for (const provider of providers) {
    const when = new Date((at += 1000));
    await db.insert(affiliations).values({
      id: randomUUID(),
      companyId,
      organizationId: company!.organizationId ?? company!.id,
      provider,
      status: 'ACTIVE',
      createdAt: when,
      updatedAt: when,
    });
  }
}

/** An organization and one paying merchant. */
export async function payingMerchant(t: TestApp, providers?: string[]) {
  const org = await t.createOrganization();
  const merchant = await t.createMerchant(org.apiKey);
  await makePaying(t, merchant.id, providers);
  return { org, merchant };
}

export const FUTURE_YEAR = String(new Date().getUTCFullYear() + 3);

/** A card body as the browser library sends it: number and CVV encrypted for real. */
export async function cardData(t: TestApp, number = '4111111111111111', overrides: Record<string, unknown> = {}) {
  return {
    number: await encryptFor(t, number, 'pan'),
    cvv: await encryptFor(t, '123', 'cvv'),
    expiry_month: '12',
    expiry_year: FUTURE_YEAR,
    holder_name: 'MARIA SILVA',
    bin: number.slice(0, 6),
    last_digits: number.slice(-4),
    ...overrides,
  };
}

export async function cardPayment(t: TestApp, number = '4111111111111111', overrides: Record<string, unknown> = {}) {
  return { payment_method: 'CREDIT_CARD', amount: 10_000, card_data: await cardData(t, number), ...overrides };
}

export async function createTx(t: TestApp, key: string, payload: unknown, merchantId?: string) {
  return t.request({
    method: 'POST',
    url: merchantId ? `/core/v1/merchants/${merchantId}/transactions` : '/core/v1/transactions',
    key,
    payload: payload as object,
  });
}
