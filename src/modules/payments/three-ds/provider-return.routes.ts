import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseLang, type Lang } from '../../../http/page-language.js';
import { runForRequest } from '../../../kernel/provider-operation.js';
import { must } from '../../../kernel/must.js';
import { verifyChallengeToken } from './challenge-token.js';
import { newNonce, pageHeaders, renderDone, renderRefusal, type RefusalKind } from './challenge.page.js';
import { renderMissingResult, renderProviderUnknown } from './provider-challenge.page.js';
import { findSession } from './three-ds.repo.js';
import type { ThreeDsDeps } from './three-ds.service.js';
import { returnTarget } from './three-ds.session.rules.js';
import {
  claimDetails,
  completesChallenge,
  DETAILS_OPERATION,
  operationRuntimeOf,
  threeDsOperationHandlers,
} from './three-ds.operations.js';
import type { ThreeDsSessionRow } from '../../../db/schema/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const params = z.object({ sessionId: z.string().max(100) });
const query = z.looseObject({
  t: z.unknown().optional(),
  redirectResult: z.unknown().optional(),
  lang: z.unknown().optional(),
});
const form = z.looseObject({ redirectResult: z.unknown().optional(), lang: z.unknown().optional() });

/**
 * providers.md R2.8: `GET` and `POST /3ds/return/{sessionId}?t=` (no key; the challenge page's token, valid until
 * the session is final). `redirectResult` from the query or the form body (missing: `400` page); the platform calls
 * the provider's `/payments/details` (outside any transaction) and applies the answer (flow `CHALLENGE`), then sends
 * the browser to the session's `return_url` (`303`) or shows the result. A final session is shown without a call.
 * An id that is no 3DS session answers an HTML `404` (the authorizations' `returnUrl` names attempts, R2.3).
 */
export function providerReturnRoutes(app: FastifyInstance, deps: ThreeDsDeps) {
  const { db, clock, challengeKey, providers } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).headers(pageHeaders(newNonce())).send(body);
  const refuse = (reply: FastifyReply, kind: RefusalKind, lang: Lang, status = 403) =>
    html(reply, status, renderRefusal(kind, lang));
  const result = (reply: FastifyReply, row: ThreeDsSessionRow, lang: Lang, redirect: boolean) => {
    const status = row.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED';
    const target = row.returnUrl ? returnTarget(row.returnUrl, row.id, status) : null;
    if (redirect && target)
      return reply.code(303).header('location', target).header('cache-control', 'no-store').send();
    const nonce = newNonce();
    return reply.headers(pageHeaders(nonce)).send(
      renderDone(
        {
          lang,
          sessionId: row.id,
          status,
          outcome: status === 'SUCCEEDED' ? 'success' : 'failure',
          redirect: target,
        },
        nonce,
      ),
    );
  };

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    q: z.infer<typeof query>,
    redirectResult: unknown,
    lang: Lang,
  ) => {
    const session = UUID.test(id) ? await findSession(db, id) : undefined;
    if (!session) return refuse(reply, 'INVALID', lang, 404);
    const now = clock.now(session.organizationId);
    const check = await verifyChallengeToken(challengeKey, q.t, id, now);
    if (!check.ok) return refuse(reply, check.reason, lang);
    if (session.challengeTokenId === null || session.challengeTokenId !== check.jti)
      return refuse(reply, 'INVALID', lang);
    if (session.status !== 'ACTION_REQUIRED') return result(reply, session, lang, false);
    if (session.providerAction === null) return refuse(reply, 'INVALID', lang);
    if (now.getTime() >= session.expiresAt.getTime()) return refuse(reply, 'EXPIRED', lang);
    if (typeof redirectResult !== 'string' || redirectResult.length === 0 || redirectResult.length > 10_000)
      return html(reply, 400, renderMissingResult(lang));
    const adapter = await providers.resolve(session.provider).catch(() => null);
    if (adapter === null) return html(reply, 502, renderProviderUnknown(lang));
    if (!completesChallenge(adapter)) return refuse(reply, 'INVALID', lang);
    // The details submission is a provider operation (three-ds.operations.ts): claimed with its recovery job, called
    // outside any transaction under the operation's id, the answer applied by its recording.
    const rt = operationRuntimeOf(deps);
    const op = await claimDetails(rt, session, redirectResult, request.id);
    if (!op) return html(reply, 502, renderProviderUnknown(lang));
    const ran = await runForRequest(rt, op, must(threeDsOperationHandlers(deps)[DETAILS_OPERATION], 'details handler'));
    // R2.2: no readable answer (or nothing applied): the session stays ACTION_REQUIRED; the same link retries
    // (an unknown outcome also resolves by the operation's recovery job).
    if (ran.status !== 'SUCCEEDED') return html(reply, 502, renderProviderUnknown(lang));
    const done = await findSession(db, session.id);
    if (!done) return refuse(reply, 'INVALID', lang);
    if (done.status !== 'ACTION_REQUIRED') return result(reply, done, lang, true);
    if (clock.now(done.organizationId).getTime() >= done.expiresAt.getTime()) return refuse(reply, 'EXPIRED', lang);
    return html(reply, 502, renderProviderUnknown(lang));
  };

  r.get(
    '/3ds/return/:sessionId',
    {
      config: { auth: 'public' },
      schema: { summary: '3DS return from the provider (HTML)', params, querystring: query, hide: true },
    },
    async (request, reply) => {
      const lang = chooseLang(request.query.lang, request.headers['accept-language']);
      return handle(request, reply, request.params.sessionId, request.query, request.query.redirectResult, lang);
    },
  );
  r.post(
    '/3ds/return/:sessionId',
    {
      config: { auth: 'public' },
      schema: {
        summary: '3DS return from the provider (HTML form post)',
        params,
        querystring: query,
        body: form.optional(),
        hide: true,
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const lang = chooseLang(body.lang ?? request.query.lang, request.headers['accept-language']);
      return handle(request, reply, request.params.sessionId, request.query, body.redirectResult, lang);
    },
  );
}
