import { z } from 'zod';
import { systemClock } from '../../kernel/clock.js';
import { BRAZILIAN_STATES } from '../../domain/brazilian-documents.js';
import { configurationIssues } from '../../domain/payout-schedules.js';
import { documentNumber, requestIdField, timestamp, upperEnum, uuid } from '../../http/schemas.js';

export const CONTACT_ROLES = [
  'PARTNER',
  'ADMINISTRATOR',
  'LEGAL_REPRESENTATIVE',
  'ATTORNEY',
  'EMPLOYEE',
  'OTHER',
] as const;
export const TAX_TYPES = ['PF', 'PJ', 'MEI', 'ME'] as const;
export const COMPANY_STATUSES = ['PENDING_ACTIVATION', 'ACTIVE', 'INACTIVE', 'BLOCKED'] as const;

const text = (max = 200) => z.string().trim().min(1).max(max);
const httpUrl = () => z.url({ protocol: /^https?$/ }).max(2048);

export const addressSchema = z.strictObject({
  street: text(),
  street_number: text(20),
  complement: z.string().trim().max(200).optional(),
  neighborhood: text(),
  zipcode: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  country: z.string().regex(/^\d{3}$/, 'must be a 3-digit country code'),
  state: upperEnum(BRAZILIAN_STATES),
  city: text(),
});

const birthDate = z.string().refine((v) => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    date.getUTCDate() === d &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCFullYear() === y &&
    date.getTime() <= systemClock.now().getTime()
  );
}, 'must be a past date shaped DD-MM-YYYY');

export const contactSchema = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  email: z.email().max(254),
  phone: z.string().regex(/^\+?\d{10,15}$/, 'must be 10 to 15 digits, optionally prefixed with +'),
  mother_name: text().optional(),
  birth_date: birthDate.optional(),
  document_number: documentNumber(['CPF']).optional(),
  politically_exposed: z.boolean().optional(),
  declared_income: z.int().min(0).optional(),
  occupation: text(100).optional(),
  net_worth: z.int().min(0).optional(),
  role: upperEnum(CONTACT_ROLES).optional(),
  address: addressSchema.optional(),
});

export const transferConfigurationsSchema = z
  .strictObject({
    automatic_transfer_enabled: z.boolean().optional(),
    transfer_frequency: upperEnum(['DAILY', 'WEEKLY', 'MONTHLY'] as const).optional(),
    rail: upperEnum(['PIX'] as const).optional(),
    utc_hour_of_day: z.int().min(0).max(23).optional(),
    day_of_week: z.int().min(0).max(6).nullable().optional().describe('WEEKLY only (0 Sunday); null otherwise'),
    day_of_month: z
      .int()
      .min(1)
      .max(31)
      .nullable()
      .optional()
      .describe('MONTHLY only (shorter months use their last day); null otherwise'),
    min_balance: z
      .int()
      .min(0)
      .max(1_000_000_000_000)
      .optional()
      .describe('The balance left after an automatic cashout [0]'),
  })
  // money.md M5: the day field of the frequency is required, the other must be null; each issue names its field.
  .superRefine((config, ctx) => {
    for (const issue of configurationIssues(config)) {
      const missing = config[issue.field] === undefined || config[issue.field] === null;
      ctx.addIssue({
        code: 'custom',
        path: [issue.field],
        message: issue.message,
        params: { type: missing ? 'REQUIRED' : 'INVALID_FORMAT' },
      });
    }
  });

/** Fields a company may set; `document_number` only on create (it is immutable). */
const mutableCompanyFields = {
  name: text(),
  full_name: text(),
  document_tax_type: upperEnum(TAX_TYPES).optional(),
  contact: contactSchema,
  address: addressSchema,
  transfer_configurations: transferConfigurationsSchema.optional(),
  company_logo_url: httpUrl().optional(),
  website_url: httpUrl().optional(),
  webhook_enabled: z.boolean().optional(),
  declared_revenue: z.int().min(0).optional(),
};

export const companyInputFields = {
  ...mutableCompanyFields,
  document_number: documentNumber(),
  request_id: requestIdField(),
};

/** money.md M1: the merchant's own fee policy (null: none, its organization's default applies). */
const feePolicyIdField = uuid()
  .nullable()
  .optional()
  .describe("The merchant's own fee policy: an active policy of the organization; null detaches it");

/** money.md M4: a merchant's automatic anticipation (a PATCH merges the fields given). */
const anticipationConfigurationsField = z
  .strictObject({
    automatic_enabled: z.boolean().optional().describe('Default false'),
    delay_days: z
      .int()
      .min(1)
      .max(30)
      .optional()
      .describe('1-30, default 1: receivables of transactions approved at least this many days before'),
  })
  .optional();
export const ANTICIPATION_DEFAULTS = { automatic_enabled: false, delay_days: 1 } as const;

export const createMerchantBody = z.strictObject({
  ...companyInputFields,
  fee_policy_id: feePolicyIdField,
  anticipation_configurations: anticipationConfigurationsField,
});
export type CreateCompanyInput = z.infer<typeof createMerchantBody>;

const patchCompanyFields = {
  ...mutableCompanyFields,
  name: text().optional(),
  full_name: text().optional(),
  contact: contactSchema.partial().strict().optional(),
  address: addressSchema.partial().strict().optional(),
};
export const patchMerchantBody = z.strictObject({
  ...patchCompanyFields,
  fee_policy_id: feePolicyIdField,
  anticipation_configurations: anticipationConfigurationsField,
});
export type PatchMerchantInput = z.infer<typeof patchMerchantBody>;
/** PATCH /v1/companies/me: the same fields as a merchant's PATCH; an organization also sets its default fee policy. */
export const patchMyCompanyBody = z.strictObject({
  ...patchCompanyFields,
  default_fee_policy_id: uuid()
    .nullable()
    .optional()
    .describe('Organizations only: the policy of merchants without their own; null removes it'),
});
export type PatchMyCompanyInput = z.infer<typeof patchMyCompanyBody>;
/** The fields every company PATCH shares. */
export type PatchCompanyInput = z.infer<z.ZodObject<typeof patchCompanyFields>>;

// Response shapes are plain (no transforms): the serializer encodes through them.
const addressOut = z.object({
  street: z.string(),
  street_number: z.string(),
  complement: z.string().optional(),
  neighborhood: z.string(),
  zipcode: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
});

const contactOut = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  mother_name: z.string().optional(),
  birth_date: z.string().optional(),
  document_number: z.string().optional(),
  politically_exposed: z.boolean(),
  declared_income: z.int().optional(),
  occupation: z.string().optional(),
  net_worth: z.int().optional(),
  role: z.string().optional(),
  address: addressOut.optional(),
});

const transferConfigurationsOut = z.object({
  automatic_transfer_enabled: z.boolean().optional(),
  transfer_frequency: z.string().optional(),
  rail: z.string().optional(),
  utc_hour_of_day: z.int().optional(),
  day_of_week: z.int().nullable().optional(),
  day_of_month: z.int().nullable().optional(),
  min_balance: z.int().optional(),
});

export const merchantSchema = z.object({
  id: uuid(),
  name: z.string(),
  full_name: z.string(),
  document_number: z.string(),
  document_type: z.enum(['CPF', 'CNPJ']),
  document_tax_type: z.enum(TAX_TYPES),
  status: z.enum(COMPANY_STATUSES),
  contact: contactOut,
  address: addressOut,
  transfer_configurations: transferConfigurationsOut.nullable(),
  company_logo_url: z.string().nullable(),
  website_url: z.string().nullable(),
  webhook_enabled: z.boolean(),
  kyc_enabled: z.boolean().nullable(),
  declared_revenue: z.int(),
  fee_policy_id: uuid()
    .nullable()
    .describe(
      "The merchant's own fee policy (null on organizations, and on merchants that use their organization's default)",
    ),
  anticipation_configurations: z
    .object({ automatic_enabled: z.boolean(), delay_days: z.int() })
    .describe('money.md M4 (the defaults on organizations)'),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type MerchantView = z.infer<typeof merchantSchema>;

export const merchantCreatedSchema = merchantSchema.extend({
  api_key: z.string().describe('The merchant API key: shown only in this response (a replay answers 200 without it)'),
});

const defaultFeePolicyOut = uuid()
  .nullable()
  .describe("The organization's default fee policy: applies to its merchants that have none of their own");

export const organizationSchema = merchantSchema.extend({
  kyc_enabled: z.boolean(),
  share_documents: z.boolean(),
  company_onboarding_enabled: z.boolean(),
  default_fee_policy_id: defaultFeePolicyOut,
});

/** GET/PATCH /v1/companies/me: the company as a merchant is shown; an organization adds its default fee policy. */
export const myCompanySchema = merchantSchema.extend({ default_fee_policy_id: defaultFeePolicyOut.optional() });
export type MyCompanyView = z.infer<typeof myCompanySchema>;
export type OrganizationView = z.infer<typeof organizationSchema>;

export const organizationCreatedSchema = organizationSchema.extend({
  api_key: z
    .string()
    .describe('The organization API key: shown only in this response (a replay answers 200 without it)'),
});

export const organizationSettingsFields = {
  kyc_enabled: z.boolean().optional(),
  share_documents: z.boolean().optional(),
  company_onboarding_enabled: z.boolean().optional(),
};

export const createOrganizationBody = z.strictObject({ ...companyInputFields, ...organizationSettingsFields });
export type CreateOrganizationInput = z.infer<typeof createOrganizationBody>;
export const patchOrganizationBody = z.strictObject(organizationSettingsFields);
export const companyStatusBody = z.strictObject({ status: upperEnum(COMPANY_STATUSES) });
