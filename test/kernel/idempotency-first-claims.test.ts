import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemClock } from '../../src/kernel/clock.js';
import { beginRequest, completeRequests, findClaim } from '../../src/kernel/idempotency.js';
import { openTestDatabase } from '../helpers/database.js';

/**
 * First claims of request_ids are grouped (src/kernel/idempotency.ts `claimFirst`): the claims arriving while one
 * insert is in flight share the next. Exactly one claim of a key is first, whatever the grouping; the others wait
 * for its outcome and replay it.
 */
let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase({ poolSize: 8 });
  await migrate(h);
});
afterAll(async () => h.close());

const claimOf = (companyId: string, requestId: string) => ({
  companyId,
  scope: 'transaction',
  requestId,
  body: { amount: 100 },
  resourceId: randomUUID(),
});

/** Counts the claim inserts the database session is sent while `run` runs (Drizzle's session logger). */
async function countingClaimInserts<T>(run: () => Promise<T>): Promise<{ value: T; inserts: number }> {
  const session = (h.db as any).session;
  const saved = { logger: session.logger, option: session.options.logger };
  let inserts = 0;
  const counter = { logQuery: (q: string) => void (/insert into idempotency_keys/i.test(q) && inserts++) };
  session.logger = counter;
  session.options.logger = counter;
  try {
    return { value: await run(), inserts };
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.option;
  }
}

describe('first claims of request_ids, grouped', () => {
  it('twelve new keys at once: each first, under its own resource id, in fewer statements than claims', async () => {
    const company = randomUUID();
    const claims = Array.from({ length: 12 }, (_, i) => claimOf(company, `k-${i}`));
    const { value, inserts } = await countingClaimInserts(() =>
      Promise.all(claims.map((c) => beginRequest(h.db, c, systemClock))),
    );
    expect(value.map((v) => v.kind)).toEqual(claims.map(() => 'first'));
    expect(value.map((v) => v.resourceId)).toEqual(claims.map((c) => c.resourceId));
    // The first claim of an idle lane goes alone; the eleven arriving meanwhile share the next statement.
    expect(inserts).toBeLessThan(claims.length);
    for (const c of claims) {
      const row = await findClaim(h.db, c);
      expect(row?.phase).toBe('STARTED');
      expect(row?.lockedUntil).not.toBeNull();
    }
  });

  it('one key claimed four times at once: one first; the others replay it once it is done', async () => {
    const company = randomUUID();
    const claims = Array.from({ length: 4 }, () => claimOf(company, 'same'));
    const begun = claims.map((c) => beginRequest(h.db, c, systemClock, { waitMs: 5_000 }));
    // The first's outcome recorded while the others wait (they poll the claim).
    const first = await Promise.race(begun.map((p) => p.then((b) => (b.kind === 'first' ? b : new Promise(() => {})))));
    await h.db.transaction((tx) => completeRequests(tx, [claims[0]!]));
    const all = await Promise.all(begun);
    expect(all.filter((b) => b.kind === 'first')).toHaveLength(1);
    expect(all.filter((b) => b.kind === 'replay')).toHaveLength(3);
    expect(new Set(all.map((b) => b.resourceId))).toEqual(new Set([(first as { resourceId: string }).resourceId]));
  });

  it('a key claimed before with another body is a 409 CONFLICT_ERROR', async () => {
    const company = randomUUID();
    const claim = claimOf(company, 'changed');
    expect((await beginRequest(h.db, claim, systemClock)).kind).toBe('first');
    await expect(
      beginRequest(h.db, { ...claim, body: { amount: 200 }, resourceId: randomUUID() }, systemClock),
    ).rejects.toMatchObject({ code: 'CONFLICT_ERROR' });
  });
});
