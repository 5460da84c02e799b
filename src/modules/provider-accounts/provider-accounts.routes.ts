import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany, createdOrReplayed, requestContext } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import {
  circuitBody,
  createAccountBody,
  disableBody,
  organizationAccountSchema,
  organizationListQuery,
  patchAccountBody,
  providerAccountSchema,
  rotateCredentialsBody,
  staffListQuery,
} from './provider-accounts.schemas.js';
import {
  accountView,
  accountViews,
  createAccount,
  listStaffAccounts,
  organizationAccounts,
  patchAccount,
  requireAccount,
  rotateCredentials,
  setAccountStatus,
  type AccountDeps,
} from './provider-accounts.service.js';
import { checkCredentials, requestWebhookRegistration, setCircuit } from './provider-accounts.health.js';
import { toOrganizationAccountView } from './provider-accounts.views.js';
import { connectorChecker } from './credentials-check.js';

const platform = { auth: 'platform' as const };
const params = idParams('id');

/** providers.md R1.1 (staff) and R1.6 (the organization's read-only view). */
export default async function providerAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AccountDeps = {
    db: app.deps.db.db,
    clock: app.deps.clock,
    sealer: app.deps.providerCredentials,
    env: app.deps.config.env,
    checker: app.deps.providerCredentialsChecker ?? connectorChecker((name) => app.deps.providers.resolve(name)),
  };
  // The public core address the API uses in its links (webhook.url of R1.2).
  const coreUrl = (request: FastifyRequest) =>
    `${app.deps.config.publicBaseUrl ?? `${request.protocol}://${request.host}`}/core`;
  const view = (request: FastifyRequest, row: Parameters<typeof accountView>[1]) =>
    accountView(deps.db, row, coreUrl(request));
  // Dispatch (src/providers/registry.ts) forgets this instance's adapters at once; other instances within its TTL.
  const changed = async (request: FastifyRequest, row: Parameters<typeof accountView>[1]) => {
    await app.deps.providers.invalidate();
    return view(request, row);
  };

  r.post(
    '/v1/platform/provider-accounts',
    {
      config: platform,
      schema: {
        summary: 'Create a provider account',
        body: createAccountBody,
        response: { 200: providerAccountSchema, 201: providerAccountSchema },
      },
    },
    async (request, reply) => {
      const { row, replayed } = await createAccount(deps, request.body);
      createdOrReplayed(reply, replayed);
      return changed(request, row);
    },
  );

  r.get(
    '/v1/platform/provider-accounts',
    {
      config: platform,
      schema: {
        summary: 'List provider accounts',
        querystring: staffListQuery,
        response: { 200: listEnvelope(providerAccountSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listStaffAccounts(deps, q);
      return {
        data: await accountViews(deps.db, rows, coreUrl(request)),
        pagination: paginate(q.page, q.limit, total),
      };
    },
  );

  r.get(
    '/v1/platform/provider-accounts/:id',
    {
      config: platform,
      schema: { summary: 'Get a provider account', params, response: { 200: providerAccountSchema } },
    },
    async (request) => view(request, await requireAccount(deps.db, request.params.id)),
  );

  r.patch(
    '/v1/platform/provider-accounts/:id',
    {
      config: platform,
      schema: {
        summary: 'Change a provider account',
        params,
        body: patchAccountBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) => changed(request, await patchAccount(deps, request.params.id, request.body)),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/disable',
    {
      config: platform,
      schema: {
        summary: 'Disable a provider account (no new payments; what exists continues)',
        params,
        body: disableBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) =>
      changed(
        request,
        await setAccountStatus(
          deps,
          requestContext(request),
          request.params.id,
          'DISABLED',
          request.body?.reason ?? null,
        ),
      ),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/enable',
    {
      config: platform,
      schema: {
        summary: 'Enable a provider account',
        params,
        body: emptyBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) =>
      changed(request, await setAccountStatus(deps, requestContext(request), request.params.id, 'ACTIVE', null)),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/credentials',
    {
      config: platform,
      schema: {
        summary: "Rotate a provider account's credentials (the previous set verifies inbound calls during the grace)",
        params,
        body: rotateCredentialsBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) => changed(request, await rotateCredentials(deps, request.params.id, request.body)),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/check',
    {
      config: platform,
      schema: {
        summary: "Check a provider account's credentials",
        params,
        body: emptyBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) => view(request, await checkCredentials(deps, request.params.id)),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/circuit',
    {
      config: platform,
      schema: {
        summary: "Force a provider account's circuit open or closed",
        params,
        body: circuitBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) =>
      view(request, await setCircuit(deps, requestContext(request), request.params.id, request.body.state)),
  );

  r.post(
    '/v1/platform/provider-accounts/:id/webhook-registration',
    {
      config: platform,
      schema: {
        summary: "(Re)register a PIX_API_BCB account's webhooks",
        params,
        body: emptyBody,
        response: { 200: providerAccountSchema },
      },
    },
    async (request) => view(request, await requestWebhookRegistration(deps, request.params.id)),
  );

  r.get(
    '/v1/provider-accounts',
    {
      config: { permission: 'provider_account.list' },
      schema: {
        summary: "List the provider accounts the caller's organization may use",
        querystring: organizationListQuery,
        response: { 200: listEnvelope(organizationAccountSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await organizationAccounts(deps.db, callerCompany(request).organizationId, q);
      return { data: rows.map(toOrganizationAccountView), pagination: paginate(q.page, q.limit, total) };
    },
  );
}
