import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, listQuery, paginate } from '../../http/pagination.js';
import { authServices, callerCompany, createdOrReplayed, requestContext } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { createRole, replaceRole } from './roles.service.js';
import { listRoles } from './users.repo.js';
import {
  createRoleBody,
  createUserBody,
  permissionsListSchema,
  roleSchema,
  updateRoleBody,
  userRolesBody,
  userSchema,
} from './users.schemas.js';
import { createUser, getUser, listUsers, putUserRoles, setUserSuspended } from './users.service.js';
import { toRoleView } from './users.views.js';

const userParams = idParams('id');
const userListQuery = listQuery({ sort: ['first_name', 'last_name'] });
const roleListQuery = listQuery({ sort: ['name'] });

/** Users, roles and the permission catalogue (product.md §10). */
export default async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/users',
    {
      config: { permission: 'user.create' },
      schema: {
        summary: 'Add a user to the caller company (sends a verification code)',
        tags: ['users'],
        body: createUserBody,
        response: { 200: userSchema, 201: userSchema },
      },
    },
    async (request, reply) => {
      const created = await createUser(
        db,
        requestContext(request),
        callerCompany(request),
        request.body,
        authServices(app),
        request.log,
      );
      createdOrReplayed(reply, created.replayed);
      return created.user;
    },
  );

  r.get(
    '/v1/users',
    {
      config: { permission: 'user.list' },
      schema: {
        summary: 'List the users of the caller company',
        tags: ['users'],
        querystring: userListQuery,
        response: { 200: listEnvelope(userSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { views, total } = await listUsers(db, callerCompany(request), q);
      return { data: views, pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/users/:id',
    {
      config: { permission: 'user.view' },
      schema: { summary: 'Get a user', tags: ['users'], params: userParams, response: { 200: userSchema } },
    },
    async (request) => getUser(db, callerCompany(request), request.params.id),
  );

  r.put(
    '/v1/users/:id/roles',
    {
      config: { permission: 'user.role.edit' },
      schema: {
        summary: 'Replace the roles a user holds in the caller company',
        tags: ['users'],
        params: userParams,
        body: userRolesBody,
        response: { 200: userSchema },
      },
    },
    async (request) => putUserRoles(db, callerCompany(request), request.params.id, request.body.role_ids),
  );

  r.post(
    '/v1/users/:id/suspend',
    {
      config: { permission: 'user.edit' },
      schema: {
        summary: 'Suspend a user in the caller company (tokens stop at once)',
        tags: ['users'],
        params: userParams,
        body: emptyBody,
        response: { 200: userSchema },
      },
    },
    async (request) => setUserSuspended(db, app.deps.clock, callerCompany(request), request.params.id, true),
  );

  // "Bearer JWT" in the contract: an API key answers 401.
  r.post(
    '/v1/users/:id/activate',
    {
      config: { auth: 'jwt', permission: 'user.edit' },
      schema: {
        summary: 'Activate a suspended user',
        tags: ['users'],
        params: userParams,
        body: emptyBody,
        response: { 200: userSchema },
      },
    },
    async (request) => setUserSuspended(db, app.deps.clock, callerCompany(request), request.params.id, false),
  );

  r.post(
    '/v1/roles',
    {
      config: { permission: 'role.create' },
      schema: {
        summary: 'Create a role in the caller company',
        tags: ['roles'],
        body: createRoleBody,
        response: { 200: roleSchema, 201: roleSchema },
      },
    },
    async (request, reply) => {
      const created = await createRole(db, callerCompany(request), request.body, app.permissionCatalogue);
      createdOrReplayed(reply, created.replayed);
      return toRoleView(created.role);
    },
  );

  r.put(
    '/v1/roles/:id',
    {
      config: { permission: 'role.edit' },
      schema: {
        summary: 'Replace a role',
        tags: ['roles'],
        params: userParams,
        body: updateRoleBody,
        response: { 200: roleSchema },
      },
    },
    async (request) =>
      toRoleView(
        await replaceRole(
          db,
          app.deps.clock,
          callerCompany(request),
          request.params.id,
          request.body,
          app.permissionCatalogue,
        ),
      ),
  );

  r.get(
    '/v1/roles',
    {
      config: { permission: 'role.list' },
      schema: {
        summary: 'List the roles of the caller company',
        tags: ['roles'],
        querystring: roleListQuery,
        response: { 200: listEnvelope(roleSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listRoles(db, callerCompany(request).companyId, q);
      return { data: rows.map(toRoleView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/permissions',
    {
      config: { permission: 'permission.list' },
      schema: {
        summary: 'Every permission the API checks (generated from the routes)',
        tags: ['roles'],
        response: { 200: permissionsListSchema },
      },
    },
    async () => ({ data: [...app.permissionCatalogue].sort() }),
  );
}
