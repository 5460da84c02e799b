import { createHmac, randomUUID, timingSafeEqual, X509Certificate } from 'node:crypto';
import { TransactionBatcher, type ItemOutcome } from '../../db/batcher.js';
import type { Database, Tx } from '../../db/client.js';
import type { NewProviderEventRow, ProviderAccountRow } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { jobsInsert } from '../../jobs/queue.js';
import { scanInput } from '../../http/input-guard.js';
import { must } from '../../kernel/must.js';
import { badRequest, DomainError, notFound, unauthenticated } from '../../kernel/errors.js';
import { parseNotifications } from '../../providers/adyen-checkout/notifications.js';
import { isProviderError } from '../../providers/errors.js';
import { parseCallback } from '../../providers/pix-api-bcb/callbacks.js';
import { SANDBOX_WEBHOOK_SECRET } from '../../providers/sandbox.js';
import type { IncomingEvent } from './facts.js';
import { adyenEvent, keptHeaders, pixEvents, redact, sandboxEvent } from './intake.rules.js';
import { findAccountForWebhook, storeEvents } from './provider-events.repo.js';

/**
 * The provider webhook intake (providers.md R4.1-R4.4): find the account, check authenticity its connector's
 * way, split the request into events, store each once and enqueue its processing. Nothing else happens in the
 * request (R4.2: the answer within 2 s; processing is the `provider-event.process` job).
 */
export const PROCESS_EVENT_JOB = 'provider-event.process';

/** The account's credential sets (current, and the previous one during a rotation's grace): opened by the composition root. */
export type WebhookSecrets = (
  accountId: string,
  now: Date,
) => Promise<{ current: SecretSet | null; previous: SecretSet | null }>;
export interface SecretSet {
  values: Record<string, unknown>;
  webhookToken: string | null;
}

export interface IntakeDeps {
  db: Database;
  clock: Clock;
  secrets: WebhookSecrets;
  /** Group commit of the events' rows and jobs (`eventStore`); absent: each request its own transaction. */
  store?: EventStore;
}

/** One request's events to store and enqueue, at its own instant. */
interface StoreItem {
  rows: NewProviderEventRow[];
  now: Date;
}
export type EventStore = TransactionBatcher<StoreItem, void>;

/**
 * The intake's writes with group commit (src/db/batcher.ts, as creates): the requests that arrive while one
 * transaction is in flight are stored together in the next, with one insert of their events and one of their
 * jobs, each request answered after that commit (durability unchanged, R4.2's "stored before answering").
 */
export function eventStore(db: Database): EventStore {
  return new TransactionBatcher(db, storeBatch);
}

async function storeBatch(tx: Tx, items: StoreItem[]): Promise<ItemOutcome<void>[]> {
  const nowOf = new Map<string, Date>();
  for (const item of items) for (const row of item.rows) nowOf.set(row.id, item.now);
  const stored = await storeEvents(
    tx,
    items.flatMap((i) => i.rows),
    must(items[0], 'a batch has an item').now,
  );
  if (stored.length > 0)
    await tx.execute(
      jobsInsert(
        stored.map((row) => {
          const now = nowOf.get(row.id) ?? row.createdAt;
          return {
            job: {
              kind: PROCESS_EVENT_JOB,
              runAt: now,
              payload: { eventId: row.id },
              dedupeKey: `${PROCESS_EVENT_JOB}:${row.id}`,
            },
            now,
          };
        }),
      ),
    );
  return items.map(() => ({ ok: true, value: undefined }));
}

export interface WebhookRequest {
  accountId: string;
  /** The PIX route's path token; undefined on the SANDBOX / ADYEN_CHECKOUT route. */
  token?: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** PEM of the client certificate the TLS connection (or a trusted proxy's `X-Client-Cert`) presented. */
  clientCertificatePem: string | null;
}

export interface IntakeResult {
  connector: ProviderAccountRow['connector'];
  accepted: number;
}

const equal = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

const notJson = () => badRequest('The body is not JSON', 'body');

/** The body as JSON, refused (400 on body) when it is not JSON or holds text no database column can store. */
function parseBody(rawBody: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw notJson();
  }
  if (scanInput(body, 'body', false).length > 0)
    throw badRequest('The body holds NUL characters or unpaired surrogates', 'body');
  return body;
}

export async function receiveWebhook(deps: IntakeDeps, req: WebhookRequest): Promise<IntakeResult> {
  const account = await findAccountForWebhook(deps.db, req.accountId);
  const pixRoute = req.token !== undefined;
  if (!account || pixRoute !== (account.connector === 'PIX_API_BCB')) throw notFound('Provider account');
  const now = deps.clock.now();
  const { current, previous } = await deps.secrets(account.id, now);
  const sets = [current, previous].filter((s): s is SecretSet => s !== null);
  const events = verifyAndSplit(account, sets, req);
  const rows: NewProviderEventRow[] = events.map((e) => ({
    id: randomUUID(),
    providerAccountId: account.id,
    provider: account.provider,
    connector: account.connector,
    dedupeKey: e.dedupeKey.slice(0, 500),
    providerEventId: e.providerEventId.slice(0, 200),
    eventType: e.eventType.slice(0, 100),
    success: e.success,
    occurredAt: e.occurredAt,
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
    fact: e.fact as unknown as Record<string, unknown>,
    raw: redact(e.raw) as Record<string, unknown>,
    headers: keptHeaders(req.headers),
    createdAt: now,
    updatedAt: now,
  }));
  if (deps.store) await deps.store.run('provider-events', { rows, now });
  else await deps.db.transaction(async (tx) => void (await storeBatch(tx, [{ rows, now }])));
  return { connector: account.connector, accepted: events.length };
}

function verifyAndSplit(account: ProviderAccountRow, sets: SecretSet[], req: WebhookRequest): IncomingEvent[] {
  switch (account.connector) {
    case 'SANDBOX':
      return sandboxEvents(sets, req);
    case 'ADYEN_CHECKOUT':
      return adyenEvents(account, sets, req);
    case 'PIX_API_BCB':
      return pixCallbackEvents(account, sets, req);
  }
}

/** R4.3: `x-sandbox-signature: sha256=<hex HMAC-SHA256 of the raw body under webhook_secret>`. */
function sandboxEvents(sets: SecretSet[], req: WebhookRequest): IncomingEvent[] {
  const body = parseBody(req.rawBody);
  const secrets = sets.map((s) => s.values.webhook_secret).filter((s): s is string => typeof s === 'string');
  // An account without a secret of its own signs with the sandbox provider's (the in-process sandbox sends these).
  if (secrets.length === 0) secrets.push(SANDBOX_WEBHOOK_SECRET);
  const header = [req.headers['x-sandbox-signature']].flat()[0] ?? '';
  const signed = secrets.some((secret) =>
    equal(String(header), `sha256=${createHmac('sha256', secret).update(req.rawBody).digest('hex')}`),
  );
  if (!signed) throw unauthenticated('INVALID_SIGNATURE');
  const event = sandboxEvent(body);
  if ('problem' in event) throw badRequest(`The sandbox event is malformed: ${event.problem}`, 'body');
  return [event];
}

/** R2.9, R4.2: basic auth when set, every item's HMAC under the current or previous key, `live` matching the environment. */
function adyenEvents(account: ProviderAccountRow, sets: SecretSet[], req: WebhookRequest): IncomingEvent[] {
  parseBody(req.rawBody);
  const hmacKeys = sets.map((s) => s.values.hmac_key).filter((k): k is string => typeof k === 'string');
  const basicAuth = (sets[0]?.values.basic_auth ?? null) as { username: string; password: string } | null;
  try {
    const parsed = parseNotifications(
      { headers: req.headers, rawBody: req.rawBody },
      { hmacKeys, live: account.environment === 'LIVE', basicAuth },
    );
    return parsed.items.map(adyenEvent);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (err.code === 'INVALID_BASIC_AUTH' || err.code === 'INVALID_SIGNATURE') throw unauthenticated(err.code);
    if (err.code === 'INVALID_LIVE_FLAG')
      throw badRequest(`live must be "${account.environment === 'LIVE'}" for this account`, 'live');
    throw badRequest(err.message, 'body');
  }
}

/** R3.7, R4.2: the path token (current or previous), and in LIVE a client certificate chaining to the account's CA. */
function pixCallbackEvents(account: ProviderAccountRow, sets: SecretSet[], req: WebhookRequest): IncomingEvent[] {
  const tokens = sets.map((s) => s.webhookToken).filter((t): t is string => typeof t === 'string');
  if (!tokens.some((t) => equal(t, req.token ?? ''))) throw unauthenticated('INVALID_TOKEN');
  if (account.environment === 'LIVE') {
    const ca = sets.map((s) => s.values.webhook_client_ca_pem).find((v): v is string => typeof v === 'string');
    if (!ca || !req.clientCertificatePem || !chainsTo(req.clientCertificatePem, ca))
      throw unauthenticated('CLIENT_CERTIFICATE_REQUIRED');
  }
  parseBody(req.rawBody);
  try {
    return parseCallback(req.rawBody).entries.flatMap(pixEvents);
  } catch (err) {
    if (isProviderError(err)) throw badRequest(err.message, 'body');
    throw err;
  }
}

/** True when the leaf certificate is valid now and was issued and signed by one of the CA bundle's certificates. */
export function chainsTo(leafPem: string, caPem: string): boolean {
  try {
    const leaf = new X509Certificate(leafPem);
    const cas = caPem
      .split(/(?=-----BEGIN CERTIFICATE-----)/)
      .filter((p) => p.includes('BEGIN CERTIFICATE'))
      .map((p) => new X509Certificate(p));
    return cas.some((ca) => leaf.checkIssued(ca) && leaf.verify(ca.publicKey));
  } catch {
    return false;
  }
}

export const isAuthError = (err: unknown) => err instanceof DomainError && err.code === 'AUTHENTICATION_ERROR';
