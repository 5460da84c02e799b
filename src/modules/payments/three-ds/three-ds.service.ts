import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.js';
import type { ThreeDsSessionRow } from '../../../db/schema/index.js';
import { parseEv } from '../../../crypto/ev.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import type { PublicKeyRing } from '../../../kernel/encryption-keys.js';
import { badRequest, conflict, conflictWithReason, invalidField, notFound } from '../../../kernel/errors.js';
import { beginRequest, releaseRequest, type BeginOutcome } from '../../../kernel/idempotency.js';
import { companyInReach } from '../../../kernel/tenancy.js';
import type { Clock } from '../../../kernel/clock.js';
import type { ThreeDsRequest, ThreeDsResult } from '../../../providers/payments.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { providerFailure } from '../../../kernel/provider-failures.js';
import { brandFromBin, type CardBrand } from '../../../domain/card-brands.js';
import { cardExpired } from '../shared/transactions.rules.js';
import { SESSION_TTL_MS } from './three-ds.rules.js';
import type { BrowserInfo } from '../../../providers/adyen-checkout/three-ds.js';
import { newTokenId, signChallengeToken } from './challenge-token.js';
import { companyStatus, findSession, findSessionInReach, storedCardOf } from './three-ds.repo.js';
import type { CreateSessionInput } from './three-ds.schemas.js';
import { withoutEncryptedValues } from './three-ds.session.rules.js';
import { requireUsableAccount } from '../../provider-accounts/provider-accounts.service.js';
import { routePayment } from '../../routing/index.js';
import { assertRoutable } from '../create/transactions.attempts.js';
import { authenticateWithFailover, type UnannouncedSession } from './three-ds.routing.js';
import { announceWaiting } from './three-ds.transitions.js';
import { dropUnannounced } from './three-ds.operations.js';
import { must } from '../../../kernel/must.js';

export interface ThreeDsDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** The public face of the card-data keys: a kid's state (the core never decrypts). */
  keys: PublicKeyRing | undefined;
  /** Signs the challenge page's one-time tokens. */
  challengeKey: Uint8Array;
  /** A request_id claim's lease (config `recovery.requestLeaseMs`); default IN_PROGRESS_LEASE_MS. */
  requestLeaseMs?: number;
}

export interface CreateContext {
  correlationId: string;
  /** Scheme and host of the platform's own origin (PUBLIC_BASE_URL, else the request's). */
  baseUrl: string;
}

interface SessionCard {
  number: string;
  storedCardId: string | null;
  brand: CardBrand;
  bin: string;
  lastDigits: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
}

const challengePath = (id: string, token: string) => `/core/3ds/challenge/${id}?t=${encodeURIComponent(token)}`;
/** R2.8: where Adyen's redirect brings the browser back (`returnUrl`), with the challenge page's token. */
const returnPath = (id: string, token: string) => `/core/3ds/return/${id}?t=${encodeURIComponent(token)}`;

/** The port's session request plus what a real connector takes (R2.8); adapters ignore what they do not use. */
type ProviderThreeDsRequest = ThreeDsRequest & {
  browser?: BrowserInfo;
  returnUrl: string;
  shopperEmail: string | null;
};

/**
 * The session's `browser` as Adyen's `browserInfo` (R2.8). The document requires every field; one the caller did
 * not send takes a neutral value (docs/decisions/providers.md "3DS sessions at Adyen").
 */
function browserInfo(b: NonNullable<CreateSessionInput['browser']>): BrowserInfo {
  return {
    acceptHeader: b.accept_header ?? '*/*',
    userAgent: b.user_agent ?? 'unknown',
    language: b.language ?? 'pt-BR',
    colorDepth: b.color_depth ?? 24,
    screenWidth: b.screen_width ?? 1280,
    screenHeight: b.screen_height ?? 720,
    timeZoneOffset: b.time_zone_offset ?? 180,
    ip: b.ip ?? null,
  };
}

/**
 * POST /v1/3ds-sessions (merchantId null) and /v1/merchants/{merchantId}/3ds-sessions (payments.md P7).
 * Checks the sources, the card (a card_id outside reach is 404 before anything else) and P1's preconditions, then
 * claims the request_id (ev: values ignored) and runs each routed attempt as a provider operation: the session
 * recorded unannounced with the claim, the provider called outside any transaction under the operation's id, the
 * session announced with its event and jobs by the recording. A timeout announces the session waiting for its
 * operation's recovery job, never a failure; only a definitive refusal fails.
 */
export async function createSession(
  deps: ThreeDsDeps,
  principal: CompanyPrincipal,
  merchantId: string | null,
  input: CreateSessionInput,
  ctx: CreateContext,
): Promise<{ row: ThreeDsSessionRow; replayed: boolean }> {
  // Two sources answer alone and before any lookup, never echoing a card value (P3).
  if (input.card && input.card_id) throw badRequest('Send either card or card_id, not both', 'card');
  const { db, clock } = deps;
  const company = await companyInReach(
    db,
    principal,
    merchantId ?? principal.companyId,
    merchantId ? 'Merchant' : 'Company',
  );
  const organizationId = company.organizationId ?? company.id;
  // The card first: an id outside reach is a 404 whatever state the caller's company is in.
  const card = await sessionCard(deps, company.id, input, clock.now(organizationId));
  const status = await companyStatus(db, company.id);
  if (status !== 'ACTIVE')
    throw conflictWithReason(
      'The company must be ACTIVE to authenticate a card',
      'company',
      status ?? null,
      'COMPANY_NOT_ACTIVE',
    );
  // providers.md Changes 7, R6.8: routed like a CREDIT_CARD payment among accounts that run sessions; an explicit
  // provider bypasses routing, never eligibility (R6.5's 409).
  const explicit =
    input.provider === undefined ? null : (await requireUsableAccount(db, organizationId, input.provider)).provider;
  const route = await routePayment(db, {
    organizationId,
    companyId: company.id,
    payment: {
      payment_method: 'CREDIT_CARD',
      amount: input.amount,
      installments: input.installments ?? 1,
      company_id: company.id,
      capture: true,
      card: { brand: card.brand, bin: card.bin },
      three_ds: null,
      pix_due_date: false,
      wallet_token: false,
      three_ds_session: true,
      three_ds_web: (input.initiator?.type ?? 'CUSTOMER') === 'CUSTOMER' && input.browser !== undefined,
    },
    key: input.request_id ?? randomUUID(),
    explicit,
    now: clock.now(),
    correlationId: ctx.correlationId,
  });
  assertRoutable(route.decision);
  const choice = {
    provider: must(route.decision.attempt_order[0], 'a routable decision has a first attempt').provider,
  };

  const claim = input.request_id
    ? {
        companyId: principal.companyId,
        scope: `three-ds-session:${company.id}`,
        requestId: input.request_id,
        body: withoutEncryptedValues(input),
        resourceId: randomUUID(),
      }
    : undefined;
  const begun: BeginOutcome = claim
    ? await beginRequest(db, claim, clock, { leaseMs: deps.requestLeaseMs })
    : { kind: 'first', resourceId: randomUUID() };
  if (begun.kind === 'replay') {
    const row = await findSession(db, begun.resourceId);
    if (!row) throw notFound('3DS session');
    return { row, replayed: true };
  }
  const id = begun.resourceId;
  const now = clock.now(organizationId);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  // The token is made before the call: a real provider's return URL carries it (R2.8), and a session waiting for
  // its sync may turn out to need the challenge.
  const jti = newTokenId();
  const token = await signChallengeToken(deps.challengeKey, { sessionId: id, jti, expiresAt, now });
  const request: ProviderThreeDsRequest = {
    idempotencyKey: id,
    amount: input.amount,
    currency: 'BRL',
    installments: input.installments ?? 1,
    card: {
      number: card.number,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holderName: card.holderName,
      brand: card.brand,
      bin: card.bin,
      lastDigits: card.lastDigits,
    },
    challengePreference: input.challenge_preference ?? 'NO_PREFERENCE',
    // What a real connector needs besides the port's request (Adyen's web 3DS2, R2.8); the sandbox ignores it.
    ...(input.browser ? { browser: browserInfo(input.browser) } : {}),
    returnUrl: `${ctx.baseUrl}${returnPath(id, token)}`,
    shopperEmail: input.customer?.email ?? null,
  };
  const session: UnannouncedSession = {
    id,
    companyId: company.id,
    organizationId,
    provider: choice.provider,
    requestId: input.request_id ?? null,
    amount: input.amount,
    currency: 'BRL',
    installments: input.installments ?? 1,
    cardNumberCiphertext: card.number,
    storedCardId: card.storedCardId,
    cardBrand: card.brand,
    cardBin: card.bin,
    cardLastDigits: card.lastDigits,
    cardExpiryMonth: card.expiryMonth,
    cardExpiryYear: card.expiryYear,
    cardHolderName: card.holderName,
    customer: input.customer ?? null,
    browser: input.browser ?? null,
    challengePreference: request.challengePreference,
    initiatorType: input.initiator?.type ?? 'CUSTOMER',
    initiatorReason: input.initiator?.reason ?? null,
    returnUrl: input.return_url ?? null,
    challengeUrl: `${ctx.baseUrl}${challengePath(id, token)}`,
    challengeTokenId: jti,
    expiresAt,
    createdAt: now,
    updatedAt: now,
    status: 'ACTION_REQUIRED',
    awaitingProvider: true,
    liabilityShift: false,
  };
  // Each routed attempt is a provider operation (three-ds.operations.ts): the session is recorded unannounced with
  // the claim, and announced by the recording of the answer (which completes the request_id).
  const claimKey = claim ? { companyId: claim.companyId, scope: claim.scope, requestId: claim.requestId } : null;
  let result: ThreeDsResult | null;
  try {
    result = await authenticateWithFailover(
      deps,
      route,
      session,
      request,
      claimKey,
      choice,
      ctx.correlationId,
      company.id,
    );
  } catch (err) {
    const refused = err instanceof ProviderError && err.kind === 'refused';
    // A refusal's recording removed the session and forgot the request_id; nothing submitted: both go here.
    await dropUnannounced(db, id);
    if (claim) await releaseRequest(db, claim, refused ? 'forget' : 'unlock', clock.now());
    if (refused) {
      const cardProblem = cardDataRefusal(err.code, input.card_id);
      if (cardProblem) throw cardProblem;
    }
    throw providerFailure(err, '3DS authentication');
  }
  // An unknown outcome: the session is announced waiting for its provider; the operation's recovery resolves it.
  const row = result
    ? must(await findSession(db, id), 'the recording announced the session')
    : await announceWaiting(db, id, claimKey, ctx.correlationId, now);
  return { row, replayed: false };
}

/**
 * The adapter's refusals of the card data itself (it opened the number: P6), as the field's validation issue:
 * no value is echoed (nothing inside a card object is).
 */
function cardDataRefusal(code: string, cardId: string | undefined) {
  if (code === 'DECRYPTION_FAILED') {
    return cardId
      ? conflict('The stored card can no longer be read; store it again', 'card_id', cardId)
      : invalidField(
          'card.number',
          'DECRYPTION_FAILED',
          'card.number did not decrypt: encrypt it again with a current key from GET /v1/encryption-keys',
        );
  }
  if (code === 'CARD_BIN_MISMATCH')
    return invalidField('card.bin', 'INVALID_FORMAT', 'card.bin does not match the card number');
  if (code === 'CARD_LAST_DIGITS_MISMATCH')
    return invalidField('card.last_digits', 'INVALID_FORMAT', 'card.last_digits does not match the card number');
  return undefined;
}

/** The card the session authenticates: the `ev:` value sent, or a stored ACTIVE card's (P3's card_id rules). */
async function sessionCard(
  deps: ThreeDsDeps,
  companyId: string,
  input: CreateSessionInput,
  now: Date,
): Promise<SessionCard> {
  if (input.card_id) {
    const stored = await storedCardOf(deps.db, companyId, input.card_id);
    if (!stored) throw notFound('Card');
    if (stored.status !== 'ACTIVE') throw conflict('The stored card is not ACTIVE', 'card_id', stored.status);
    return {
      number: stored.numberCiphertext,
      storedCardId: stored.id,
      brand: stored.brand as CardBrand,
      bin: stored.bin,
      lastDigits: stored.lastDigits,
      expiryMonth: stored.expiryMonth,
      expiryYear: stored.expiryYear,
      holderName: stored.cardholderName,
    };
  }
  const c = input.card!;
  // P6: the core checks the kid without decrypting (a retired or unknown key is DECRYPTION_FAILED, no value).
  const kid = parseEv(c.number)?.kid;
  const state = kid && deps.keys ? await deps.keys.statusOf(kid) : undefined;
  if (!state || state === 'RETIRED')
    throw invalidField(
      'card.number',
      'DECRYPTION_FAILED',
      'card.number did not decrypt: encrypt it again with a current key from GET /v1/encryption-keys',
    );
  if (cardExpired(c.expiry_month, c.expiry_year, now))
    throw invalidField('card.expiry_year', 'INVALID_FORMAT', 'The card has expired', c.expiry_year);
  return {
    number: c.number,
    storedCardId: null,
    brand: c.brand ?? brandFromBin(c.bin),
    bin: c.bin,
    lastDigits: c.last_digits,
    expiryMonth: c.expiry_month,
    expiryYear: c.expiry_year,
    holderName: c.holder_name,
  };
}

/** GET /v1/3ds-sessions/{id}: within reach, else 404. */
export async function getSession(db: Database, principal: CompanyPrincipal, id: string): Promise<ThreeDsSessionRow> {
  const row = await findSessionInReach(db, principal, id);
  if (!row) throw notFound('3DS session');
  return row;
}
