import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOSTED_PAGE_PATH } from './hosted-link.js';
import { chooseLang, isNotice, type Lang, type Notice } from './hosted-page.i18n.js';
import {
  HOSTED_FORMS,
  HOSTED_PAGE_HEADERS,
  pageHref,
  renderHostedPage,
  renderRefusal,
  renderTooLarge,
} from './hosted-page.render.js';
import {
  answerFromPage,
  approveCaptureFromPage,
  pageData,
  reachOf,
  startCaptureFromPage,
  uploadFromPage,
  type HostedReach,
  type UploadedFile,
} from './hosted-page.service.js';
import { engineContext, onboardingDeps } from './onboarding.context.js';
import { UPLOAD_BODY_LIMIT } from './onboarding.schemas.js';

/** Loose on purpose: whatever arrives, the page answers HTML (a bad link is the 403 page, never a JSON 400). */
const pageQuery = z.looseObject({
  token: z.unknown().optional(),
  lang: z.unknown().optional(),
  notice: z.unknown().optional(),
});
const pageForm = z.looseObject({
  token: z.unknown().optional(),
  lang: z.unknown().optional(),
  requirement_id: z.unknown().optional(),
  file_type: z.unknown().optional(),
  answer: z.unknown().optional(),
  verification_id: z.unknown().optional(),
});
type Form = z.infer<typeof pageForm>;

const core = (path: string) => path.replace(/^\/core/, '');
const MULTIPART = 'multipart/form-data';

/**
 * The hosted onboarding page (product.md §15): GET /core/v1/onboarding/hosted?token= and its forms, without an
 * API key: the signed token names the merchant and the affiliation and is the only credential. Hidden from the
 * OpenAPI document (HTML pages, not API operations). Every form answers 303 back to the page with a notice.
 */
export default async function hostedPageRoutes(app: FastifyInstance) {
  const { db } = app.deps.db;
  const od = onboardingDeps(app.deps);
  const sandbox = app.deps.config.env === 'sandbox';
  const langOf = (request: FastifyRequest, asked?: unknown) => chooseLang(asked, request.headers['accept-language']);
  const html = (reply: FastifyReply, lang: Lang) =>
    reply.headers(HOSTED_PAGE_HEADERS).header('content-language', lang).header('vary', 'accept-language');
  const refuse = (reply: FastifyReply, lang: Lang, reason: 'INVALID' | 'EXPIRED') =>
    html(reply.code(403), lang).send(renderRefusal(lang, reason));
  const back = (reply: FastifyReply, token: string, lang: Lang, notice: Notice) =>
    // 303: the browser follows with a GET, so a reload never sends the form twice.
    reply
      .code(303)
      .header('location', pageHref(token, lang, notice))
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // The raw body; the handler parses it with the platform's own multipart reader (undici's FormData).
  app.addContentTypeParser(MULTIPART, { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A body past the API's own upload limit never reaches the form's route: say so in HTML.
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return html(reply.code(413), langOf(request)).send(renderTooLarge(langOf(request)));
    throw err; // the app's handler answers everything else with the error envelope
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    core(HOSTED_PAGE_PATH),
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Hosted onboarding page (HTML), opened through the signed onboarding_url',
        querystring: pageQuery,
        hide: true,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang = langOf(request, q.lang);
      const reach = await reachOf(db, od.links, q.token);
      if ('refused' in reach) return refuse(reply, lang, reach.refused);
      const data = await pageData(db, engineContext(app.deps, request), reach);
      return html(reply, lang).send(
        renderHostedPage({
          lang,
          token: q.token as string,
          provider: reach.affiliation.provider,
          providerName: data.providerName,
          companyName: reach.affiliation.companyName,
          expiresAt: reach.claims.expiresAt,
          requirements: data.requirements,
          pendingCaptures: data.pendingCaptures,
          documents: data.documents,
          sandbox,
          notice: isNotice(q.notice) ? q.notice : undefined,
        }),
      );
    },
  );

  /** Every form: the token checked first (403 page otherwise), then the action, then 303 back with its notice. */
  const formRoute = (
    path: string,
    summary: string,
    act: (request: FastifyRequest, reach: HostedReach, form: Form, files: UploadedFile[]) => Promise<Notice>,
  ) =>
    r.post(core(path), { config: { auth: 'public' }, schema: { summary, hide: true } }, async (request, reply) => {
      const parsed = await formOf(request);
      const lang = langOf(request, parsed?.form.lang);
      const reach = await reachOf(db, od.links, parsed?.form.token);
      if (!parsed || 'refused' in reach)
        return refuse(reply, lang, parsed && 'refused' in reach ? reach.refused : 'INVALID');
      const notice = await act(request, reach, parsed.form, parsed.files);
      return back(reply, parsed.form.token as string, lang, notice);
    });

  formRoute(
    HOSTED_FORMS.documents,
    'Hosted onboarding page: upload a document (HTML form)',
    (request, reach, form, files) =>
      uploadFromPage(db, od.fileStore, engineContext(app.deps, request), reach, {
        requirementId: form.requirement_id,
        fileType: form.file_type,
        files,
        answer: form.answer,
      }),
  );
  formRoute(HOSTED_FORMS.answers, 'Hosted onboarding page: answer a question (HTML form)', (request, reach, form) =>
    answerFromPage(db, engineContext(app.deps, request), reach, {
      requirementId: form.requirement_id,
      answer: form.answer,
    }),
  );
  formRoute(
    HOSTED_FORMS.biometrics,
    'Hosted onboarding page: start a biometric capture (HTML form)',
    (request, reach, form) =>
      startCaptureFromPage(db, engineContext(app.deps, request), reach, { requirementId: form.requirement_id }),
  );
  // The sandbox's stand-in for the provider's review; outside the sandbox the route does not exist.
  if (sandbox) {
    formRoute(
      HOSTED_FORMS.approveBiometric,
      'Hosted onboarding page: sandbox approval of a capture (HTML form)',
      (request, reach, form) =>
        approveCaptureFromPage(db, engineContext(app.deps, request), reach, { verificationId: form.verification_id }),
    );
  }
}

/** The form's fields (last value wins) and its files, whichever encoding the browser chose; null if unreadable. */
async function formOf(request: FastifyRequest): Promise<{ form: Form; files: UploadedFile[] } | null> {
  const body = request.body;
  if (!Buffer.isBuffer(body))
    return body && typeof body === 'object' ? { form: pageForm.parse(body), files: [] } : null;
  let data: FormData;
  try {
    data = await new Response(new Blob([new Uint8Array(body)]), {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
  } catch {
    return null;
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of data) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file')
      files.push({ bytes: Buffer.from(await value.arrayBuffer()), type: value.type, name: value.name });
  }
  return { form: pageForm.parse(fields), files };
}
