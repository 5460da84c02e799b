import { z } from 'zod';
import { PERMISSION_PATTERN } from '../../http/permissions.js';
import { metadataField, requestIdField, timestamp, uuid } from '../../http/schemas.js';
import { normalizeIdentifier, parseIdentifier, PASSWORD_MAX, PASSWORD_MIN } from './users.rules.js';

export const IDENTIFIER_TYPES = ['email', 'phone'] as const;
const text = (max = 100) => z.string().trim().min(1).max(max);

/** `{ type, value }` with the value normalized (e-mail lowercased, phone E.164). */
export const identifierInput = z
  .strictObject({ type: z.enum(IDENTIFIER_TYPES), value: z.string().max(320) })
  .transform((v, ctx) => {
    const value = normalizeIdentifier(v.type, v.value);
    if (!value) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `must be a valid ${v.type === 'email' ? 'e-mail address' : 'phone number (E.164 or 10-11 Brazilian digits)'}`,
        params: { type: 'INVALID_FORMAT' },
      });
      return z.NEVER;
    }
    return { type: v.type, value };
  });

/** The single-string identifier of the auth bodies: an e-mail or a phone. */
export const identifierString = z
  .string()
  .max(320)
  .transform((raw, ctx) => {
    const parsed = parseIdentifier(raw);
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an e-mail address or a phone number',
        params: { type: 'INVALID_FORMAT' },
      });
      return z.NEVER;
    }
    return parsed;
  });

/** New passwords: 10-128 characters (product.md §10). Never echoed (see SENSITIVE_KEYS). */
export const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** A presented password is only bounded: the policy applies when one is chosen. */
export const presentedPassword = z.string().min(1).max(PASSWORD_MAX);
export const codeField = z.string().regex(/^\d{6}$/, 'must be 6 digits');

export const permissionString = z
  .string()
  .max(120)
  .regex(PERMISSION_PATTERN, 'must be shaped resource[.subresource].action, x.* or *.*');

export const createUserBody = z.strictObject({
  first_name: text(),
  last_name: text(),
  identifier: identifierInput,
  role_ids: z.array(uuid()).max(50).default([]),
  metadata: metadataField().optional(),
  request_id: requestIdField(),
});
export type CreateUserInput = z.output<typeof createUserBody>;

export const userRolesBody = z.strictObject({ role_ids: z.array(uuid()).max(50) });

const roleFields = {
  name: text(100),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: z.array(permissionString).min(1).max(200),
};
export const createRoleBody = z.strictObject({ ...roleFields, request_id: requestIdField() });
export const updateRoleBody = z.strictObject(roleFields);
export type RoleInput = z.output<typeof updateRoleBody>;

// Responses.

export const identifierSchema = z.object({
  id: z.string(),
  type: z.enum(IDENTIFIER_TYPES),
  value: z.string(),
  verified: z.boolean(),
  created_at: timestamp(),
  verified_at: timestamp().nullable(),
});

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  description: z.string().nullable(),
  company_id: z.string(),
  organization_id: z.string(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type RoleView = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.string(),
  identifiers: z.array(identifierSchema),
  primary_identifier: identifierSchema.nullable(),
  auth_methods: z.array(z.enum(['password', 'google', 'client_platform'])),
  roles: z.array(roleSchema),
  first_name: z.string(),
  last_name: z.string(),
  suspended_at: timestamp().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type UserView = z.infer<typeof userSchema>;

export const permissionsListSchema = z.object({ data: z.array(z.string()) });
