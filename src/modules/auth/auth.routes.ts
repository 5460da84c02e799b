import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NO_PERMISSION } from '../../http/permissions.js';
import { parseIdentifier } from '../users/users.rules.js';
import {
  changeBody,
  forgotBody,
  loginBody,
  meSchema,
  messageSchema,
  resetBody,
  sandboxMessagesQuery,
  sandboxMessagesSchema,
  selectCompanyBody,
  sessionSchema,
  verifyBody,
} from './auth.schemas.js';
import { changePassword, forgotPassword, login, me, resetPassword, selectCompany, verify } from './auth.service.js';
import { SandboxMailer } from '../users/mailer.js';
import { authServices } from './services.js';

const open = { auth: 'public' as const };
/** JWT routes usable before a company is selected; any signed-in user may call them. */
const signedIn = { auth: 'jwt' as const, permission: NO_PERMISSION, allowWithoutCompany: true };

/** The seven /v1/auth endpoints (platform-api.md, product.md §10) and the sandbox message box. */
export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/auth/login',
    {
      config: open,
      schema: {
        summary: 'Log in with an identifier and a password',
        tags: ['auth'],
        body: loginBody,
        response: { 200: sessionSchema },
      },
    },
    async (request) => login(db, authServices(app), request.body.identifier, request.body.password, request.ip),
  );

  r.post(
    '/v1/auth/verify',
    {
      config: open,
      schema: {
        summary: 'First access: verify the identifier with the code and set the password',
        tags: ['auth'],
        body: verifyBody,
        response: { 200: sessionSchema },
      },
    },
    async (request) => verify(db, authServices(app), request.body.identifier, request.body.code, request.body.password),
  );

  r.post(
    '/v1/auth/forgot-password',
    {
      config: open,
      schema: {
        summary: 'Send a password reset code (202 whether or not the identifier exists)',
        tags: ['auth'],
        body: forgotBody,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      // §14: the answer goes before any work that depends on whether the identifier exists (timing tells nothing).
      const services = authServices(app);
      const { identifier } = request.body;
      const log = request.log;
      services.background.run(async () => {
        try {
          await forgotPassword(db, services, identifier, log);
        } catch (err) {
          log.error({ err }, 'password reset request failed');
        }
      });
      reply.code(202);
      return { message: 'If the identifier belongs to a user, a reset code was sent to it' };
    },
  );

  r.post(
    '/v1/auth/reset-password',
    {
      config: open,
      schema: {
        summary: 'Set a new password with the reset code (revokes every token)',
        tags: ['auth'],
        body: resetBody,
        response: { 200: messageSchema },
      },
    },
    async (request) =>
      resetPassword(db, authServices(app), request.body.identifier, request.body.code, request.body.new_password),
  );

  r.post(
    '/v1/auth/select-company',
    {
      config: signedIn,
      schema: {
        summary: 'Choose the company the token acts for',
        tags: ['auth'],
        body: selectCompanyBody,
        response: { 200: sessionSchema },
      },
    },
    async (request) => selectCompany(db, authServices(app), request.principal, request.body.company_id),
  );

  r.get(
    '/v1/auth/me',
    {
      config: signedIn,
      schema: { summary: 'The signed-in user, company and permissions', tags: ['auth'], response: { 200: meSchema } },
    },
    async (request) => me(db, request.principal),
  );

  r.post(
    '/v1/auth/change-password',
    {
      config: signedIn,
      schema: {
        summary: 'Change the password (revokes every token; answers with a fresh one)',
        tags: ['auth'],
        body: changeBody,
        response: { 200: sessionSchema },
      },
    },
    async (request) =>
      changePassword(
        db,
        authServices(app),
        request.principal,
        request.body.current_password,
        request.body.new_password,
      ),
  );

  r.get(
    '/v1/platform/sandbox/messages',
    {
      config: { auth: 'platform', sandboxOnly: true },
      schema: {
        summary: 'Codes the sandbox would have sent to an identifier, newest first',
        tags: ['sandbox'],
        querystring: sandboxMessagesQuery,
        response: { 200: sandboxMessagesSchema },
      },
    },
    async (request) => {
      const mailer = authServices(app).mailer;
      // An unencoded `+` of an E.164 phone arrives as a space.
      const raw = request.query.to.replace(/^ (?=\d)/, '+');
      const to = parseIdentifier(raw)?.value ?? raw;
      return { data: mailer instanceof SandboxMailer ? mailer.sentTo(to) : [] };
    },
  );
}
