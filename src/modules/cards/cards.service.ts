import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { storedCards, type StoredCardRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { brandFromBin } from '../../domain/card-brands.js';
import type { StoreCardInput } from './cards.schemas.js';
import type { StoredCardNumbers } from '../../kernel/encryption-keys.js';
import { verifyStoredCardNumber } from './card-verifier.js';

/**
 * Stores a card for a company in reach; the brand is derived from the BIN when not given. The number is
 * verified first (P6: it decrypts, is Luhn-valid, matches bin and last digits), outside the transaction.
 */
export async function storeCard(
  db: Database,
  clock: Clock,
  storedNumbers: StoredCardNumbers | undefined,
  principal: CompanyPrincipal,
  merchantId: string,
  input: StoreCardInput,
) {
  await verifyStoredCardNumber(storedNumbers, input.card);
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    if (input.request_id) {
      const existing = await claimRequestId(tx, {
        companyId: principal.companyId,
        scope: `card:${company.id}`,
        requestId: input.request_id,
        body: input,
        resourceId: id,
      });
      if (existing) return { row: await findCard(tx, company.id, existing), replayed: true };
    }
    const c = input.card;
    const now = clock.now(principal.organizationId);
    const [row] = await tx
      .insert(storedCards)
      .values({
        id,
        companyId: company.id,
        organizationId: company.organizationId ?? company.id,
        source: 'API',
        status: 'ACTIVE',
        brand: c.brand ?? brandFromBin(c.bin),
        lastDigits: c.last_digits,
        expiryMonth: c.expiry_month,
        expiryYear: c.expiry_year,
        funding: c.funding ?? null,
        issuer: c.issuer ?? null,
        country: c.country ?? null,
        bin: c.bin,
        segment: c.segment ?? null,
        currency: c.currency ?? null,
        cardholderName: c.cardholder_name,
        numberCiphertext: c.number,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { row, replayed: false };
  });
}

async function findCard(tx: Executor, companyId: string, id: string, lock = false): Promise<StoredCardRow> {
  const query = tx
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.id, id), eq(storedCards.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Card');
  return row;
}

export async function getCard(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  id: string,
): Promise<StoredCardRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  return findCard(db, company.id, id);
}

/** DELETE closes the card; closing a card that is no longer active returns it unchanged. */
export async function closeCard(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  merchantId: string,
  id: string,
): Promise<StoredCardRow> {
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    const card = await findCard(tx, company.id, id, true);
    if (card.status !== 'ACTIVE') return card;
    const [row] = await tx
      .update(storedCards)
      .set({ status: 'CLOSED', updatedAt: clock.now(principal.organizationId) })
      .where(eq(storedCards.id, id))
      .returning();
    return row;
  });
}

const listColumns = { id: storedCards.id, createdAt: storedCards.createdAt, status: storedCards.status };

export async function listCards(db: Database, principal: CompanyPrincipal, merchantId: string, q: CommonListFilters) {
  const company = await merchantPathCompany(db, principal, merchantId);
  return selectPage(db, storedCards, eq(storedCards.companyId, company.id), q, listColumns);
}
