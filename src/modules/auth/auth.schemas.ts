import { z } from 'zod';
import { merchantSchema } from '../companies/companies.schemas.js';
import { codeField, identifierString, newPassword, presentedPassword, userSchema } from '../users/users.schemas.js';
import { uuid } from '../../http/schemas.js';

export const loginBody = z.strictObject({ identifier: identifierString, password: presentedPassword });
export const verifyBody = z.strictObject({ identifier: identifierString, code: codeField, password: newPassword });
export const forgotBody = z.strictObject({ identifier: identifierString });
export const resetBody = z.strictObject({ identifier: identifierString, code: codeField, new_password: newPassword });
export const changeBody = z.strictObject({ current_password: presentedPassword, new_password: newPassword });
export const selectCompanyBody = z.strictObject({ company_id: uuid() });

export const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  user: userSchema,
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  company_id: z.string().nullable(),
});

export const meSchema = z.object({
  user: userSchema,
  company: merchantSchema.nullable(),
  permissions: z.array(z.string()),
});
export const messageSchema = z.object({ message: z.string() });

export const sandboxMessagesQuery = z.strictObject({ to: z.string().min(1).max(320) });
export const sandboxMessagesSchema = z.object({
  data: z.array(
    z.object({
      to: z.string(),
      channel: z.string(),
      purpose: z.enum(['VERIFY', 'RESET_PASSWORD']),
      code: z.string(),
      created_at: z.string(),
    }),
  ),
});
