import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseLang, type Lang } from '../../../http/page-language.js';
import { challengeOutcome } from './three-ds.rules.js';
import { tokenUse, verifyChallengeToken } from './challenge-token.js';
import {
  newNonce,
  pageHeaders,
  renderChallenge,
  renderDone,
  renderRefusal,
  type RefusalKind,
} from './challenge.page.js';
import { findSession, merchantNameOf } from './three-ds.repo.js';
import type { ThreeDsDeps } from './three-ds.service.js';
import { returnTarget } from './three-ds.session.rules.js';
import { completeFromPage } from './three-ds.transitions.js';
import { renderRedirect } from './provider-challenge.page.js';
import { providerReturnRoutes } from './provider-return.routes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Loose on purpose: whatever arrives, the page answers HTML (a bad link is the 403 page, never a JSON 400). */
const pageParams = z.object({ sessionId: z.string().max(100) });
const pageQuery = z.looseObject({ t: z.unknown().optional(), lang: z.unknown().optional() });
const pageForm = z.looseObject({
  t: z.unknown().optional(),
  code: z.unknown().optional(),
  action: z.unknown().optional(),
  lang: z.unknown().optional(),
});

/**
 * GET /core/3ds/challenge/{sessionId}?t= and its form's POST (payments.md P7): no API key, the signed one-time
 * token instead. Standard rate pool; hidden from the OpenAPI document (an HTML page, not an API operation).
 */
export default async function challengePageRoutes(
  app: FastifyInstance,
  options: { serviceDeps: ThreeDsDeps; sandbox: boolean },
) {
  const { db, clock, challengeKey } = options.serviceDeps;
  // The page is the sandbox's ACS: outside the sandbox a code must never authenticate a real card.
  const sandbox = options.sandbox;

  const refuse = (reply: FastifyReply, kind: RefusalKind, lang: Lang) =>
    reply.code(403).headers(pageHeaders(newNonce())).send(renderRefusal(kind, lang));
  /** pt-BR, or English when the reader's browser asks for it (`lang` carries the choice from the page to its form). */
  const langOf = (request: FastifyRequest, asked: unknown) => chooseLang(asked, request.headers['accept-language']);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  // R2.8: the return from a real provider's challenge (shares this plugin's form parser).
  providerReturnRoutes(app, options.serviceDeps);

  r.get(
    '/3ds/challenge/:sessionId',
    {
      config: { auth: 'public' },
      schema: { summary: '3DS challenge page (HTML)', params: pageParams, querystring: pageQuery, hide: true },
    },
    async (request, reply) => {
      const lang = langOf(request, request.query.lang);
      const id = request.params.sessionId;
      const session = UUID.test(id) ? await findSession(db, id) : undefined;
      // R2.8: a session at a real provider is forwarded to its redirect action, in any environment.
      if (session?.providerAction) {
        const now = clock.now(session.organizationId);
        const use = tokenUse(await verifyChallengeToken(challengeKey, request.query.t, id, now), session, now);
        if (use !== 'OK') return refuse(reply, use, lang);
        const page = renderRedirect(session.providerAction, lang, newNonce());
        if (!page) return refuse(reply, 'INVALID', lang);
        return reply.headers(page.headers).send(page.html);
      }
      if (!sandbox) return refuse(reply, 'UNAVAILABLE', lang);
      if (!session) return refuse(reply, 'INVALID', lang);
      const now = clock.now(session.organizationId);
      const use = tokenUse(await verifyChallengeToken(challengeKey, request.query.t, id, now), session, now);
      if (use !== 'OK') return refuse(reply, use, lang);
      if (session.awaitingProvider) return refuse(reply, 'NOT_READY', lang);
      const html = renderChallenge({
        lang,
        action: `/core/3ds/challenge/${id}`,
        token: request.query.t as string,
        amount: session.amount,
        brand: session.cardBrand,
        lastDigits: session.cardLastDigits,
        expiryMonth: session.cardExpiryMonth,
        expiryYear: session.cardExpiryYear,
        merchantName: await merchantNameOf(db, session.companyId),
        expiresAt: session.expiresAt,
      });
      return reply.headers(pageHeaders(newNonce())).send(html);
    },
  );

  r.post(
    '/3ds/challenge/:sessionId',
    {
      config: { auth: 'public' },
      schema: {
        summary: '3DS challenge page: the code or the cancel (HTML form)',
        params: pageParams,
        body: pageForm,
        hide: true,
      },
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const lang = langOf(request, form.lang);
      if (!sandbox) return refuse(reply, 'UNAVAILABLE', lang);
      const id = request.params.sessionId;
      if (!UUID.test(id)) return refuse(reply, 'INVALID', lang);
      const cancelled = form.action === 'cancel';
      const code = typeof form.code === 'string' ? form.code : '';
      const outcome = cancelled
        ? ({ status: 'FAILED', failure_reason: 'CHALLENGE_CANCELLED' } as const)
        : challengeOutcome(code);
      const done = await completeFromPage(
        db,
        clock,
        id,
        (_row, now) => verifyChallengeToken(challengeKey, form.t, id, now),
        outcome,
        request.id,
      );
      if (done.kind !== 'DONE') return refuse(reply, done.kind, lang);
      const row = done.row;
      const status = row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED';
      const nonce = newNonce();
      const html = renderDone(
        {
          lang,
          sessionId: row.id,
          status,
          outcome: status === 'SUCCEEDED' ? 'success' : cancelled ? 'cancel' : 'failure',
          redirect: row.returnUrl ? returnTarget(row.returnUrl, row.id, status) : null,
        },
        nonce,
      );
      return reply.headers(pageHeaders(nonce)).send(html);
    },
  );
}
