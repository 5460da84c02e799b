import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inTransaction } from '../pg-transaction.js';
import { mock, runSql } from '../same-sql.js';
import { jobs, providerAccountCredentials, providerAccounts, providerEvents } from '../../src/db/schema/index.js';

/**
 * Baseline of the provider webhook intake (issue 25, providers.md R4): a bare node:http server issuing, per
 * Adyen notification, the statements the platform's intake issues (src/modules/provider-webhooks/intake.service.ts),
 * compiled from the same Drizzle tables as the other same-SQL baselines: the account by id, its credential
 * sets (latest two), then in one transaction the event (insert, deduplicated on (account, dedupe key),
 * returning the row) and its processing job; answered `[accepted]`. No HMAC, no credential opening, no
 * redaction: the statements alone. POST /<account id> with the notification's JSON.
 */
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    let input = '';
    for await (const chunk of req) input += chunk;
    const accountId = (req.url ?? '/').slice(1);
    const body = JSON.parse(input) as { notificationItems: { NotificationRequestItem: Record<string, any> }[] };
    const item = body.notificationItems[0]!.NotificationRequestItem;
    const account = (
      await runSql(
        pool,
        mock.select().from(providerAccounts).where(eq(providerAccounts.id, accountId)).limit(1).getSQL(),
      )
    ).rows[0] as Record<string, any>;
    await runSql(
      pool,
      mock
        .select()
        .from(providerAccountCredentials)
        .where(eq(providerAccountCredentials.accountId, accountId))
        .orderBy(desc(providerAccountCredentials.version))
        .limit(2)
        .getSQL(),
    );
    const now = new Date();
    const id = randomUUID();
    await inTransaction(pool, async (c) => {
      await runSql(
        c,
        mock
          .insert(providerEvents)
          .values({
            id,
            providerAccountId: accountId,
            provider: account.provider,
            connector: account.connector,
            dedupeKey: `${item.pspReference}:${item.eventCode}:${item.success}`,
            providerEventId: String(item.pspReference),
            eventType: String(item.eventCode),
            success: item.success === 'true',
            occurredAt: now,
            status: 'PENDING',
            effect: null,
            resourceType: null,
            resourceId: null,
            organizationId: null,
            detail: null,
            tries: 0,
            nextAttemptAt: null,
            lastError: null,
            duplicates: 0,
            fact: { kind: 'unknown' },
            raw: item,
            headers: { 'content-type': 'application/json' },
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [providerEvents.providerAccountId, providerEvents.dedupeKey] })
          .returning()
          .getSQL(),
      );
      await runSql(
        c,
        mock
          .insert(jobs)
          .values({
            id: randomUUID(),
            kind: 'provider-event.process',
            organizationId: null,
            runAt: now,
            payload: { eventId: id },
            dedupeKey: `provider-event.process:${id}`,
            status: 'PENDING',
            attempts: 0,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({
            target: jobs.dedupeKey,
            where: sql`${jobs.dedupeKey} is not null and ${jobs.status} = 'PENDING'`,
          })
          .returning({ id: jobs.id })
          .getSQL(),
      );
    });
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 10 }).end('[accepted]');
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}

createServer((req, res) => void serve(req, res)).listen(Number(process.env.PORT), '127.0.0.1', () =>
  process.stdout.write('ready\n'),
);
