import { z } from 'zod';
import { mapZodIssues } from '../../http/validation.js';
import type { ValidationIssue } from '../../kernel/errors.js';
import type { AccountEnvironment, Connector } from '../../db/schema/provider-accounts.js';
import { checkKey, PIX_KEY_TYPES } from '../pix/pix.rules.js';
import { parseCertificates, parsePrivateKey } from './credentials.rules.js';
import { checkProviderUrl, type AppEnv } from './provider-accounts.rules.js';

/**
 * providers.md R1.3: the settings and credentials of each connector, strict, with their defaults and the rules
 * that tie fields together (LIVE needs more). Issues come out in the envelope's shape, under `settings.` and
 * `credentials.` (a credential's value is never echoed: `credentials` is a sensitive key of src/http/validation.ts).
 */
export const DEFAULT_PIX_SCOPES = [
  'cob.write',
  'cob.read',
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
];

const SETTINGS = {
  SANDBOX: z.strictObject({}),
  ADYEN_CHECKOUT: z.strictObject({
    live_url_prefix: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must match ^[A-Za-z0-9-]{1,64}$')
      .nullable()
      .optional(),
    default_merchant_account: z.string().min(1).max(80).nullable().optional(),
    payment_facilitator: z.boolean().optional(),
  }),
  PIX_API_BCB: z.strictObject({
    token_url: z.string().max(2048).nullable().optional(),
    scopes: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
    default_chave: z.string().max(77).nullable().optional(),
    register_webhooks: z.boolean().optional(),
  }),
} satisfies Record<Connector, z.ZodType>;

const PEM = () => z.string().min(1).max(32_768);

const CREDENTIALS = {
  SANDBOX: z.strictObject({ webhook_secret: z.string().min(16).max(128).optional() }),
  ADYEN_CHECKOUT: z.strictObject({
    api_key: z.string().min(1).max(512),
    hmac_key: z
      .string()
      .min(32)
      .max(128)
      .regex(/^(?:[0-9A-Fa-f]{2})+$/, 'must be hexadecimal of even length'),
    basic_auth: z
      .strictObject({ username: z.string().min(1).max(100), password: z.string().min(1).max(200) })
      .nullable()
      .optional(),
  }),
  PIX_API_BCB: z.strictObject({
    client_id: z.string().min(1).max(255),
    client_secret: z.string().min(1).max(1024),
    client_certificate_pem: PEM().optional(),
    client_private_key_pem: PEM().optional(),
    webhook_client_ca_pem: PEM().optional(),
  }),
} satisfies Record<Connector, z.ZodType>;

const issue = (field: string, type: ValidationIssue['type'], message: string, value?: unknown): ValidationIssue => ({
  field,
  type,
  message,
  ...(value === undefined ? {} : { value }),
});

const prefixed = (prefix: string, issues: readonly z.core.$ZodIssue[], input: unknown) =>
  mapZodIssues(
    issues.map((i) => ({ ...i, path: [prefix, ...i.path] })),
    { [prefix]: input },
  );

/** A PIX key of any type (product.md §7 formats): CPF, CNPJ, e-mail, phone or a random key (EVP). */
export function isPixKey(raw: string): boolean {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw)) return true;
  return PIX_KEY_TYPES.filter((t) => t !== 'EVP').some((t) => {
    const checked = checkKey(t, raw);
    return checked.ok && checked.key === raw;
  });
}

export type SettingsResult = { settings: Record<string, unknown>; issues: ValidationIssue[] };

/** The connector's settings with its defaults applied, or the issues. */
export function connectorSettings(
  connector: Connector,
  environment: AccountEnvironment,
  input: unknown,
  env: AppEnv,
): SettingsResult {
  const parsed = SETTINGS[connector].safeParse(input ?? {});
  if (!parsed.success) return { settings: {}, issues: prefixed('settings', parsed.error.issues, input) };
  const s = parsed.data as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (connector === 'ADYEN_CHECKOUT') {
    const prefix = s.live_url_prefix ?? null;
    if (environment === 'LIVE' && prefix === null)
      issues.push(
        issue('settings.live_url_prefix', 'REQUIRED', 'settings.live_url_prefix is required with environment LIVE'),
      );
    if (environment === 'TEST' && prefix !== null)
      issues.push(
        issue(
          'settings.live_url_prefix',
          'INVALID_FORMAT',
          'settings.live_url_prefix must be null with environment TEST',
          prefix,
        ),
      );
    return {
      issues,
      settings: {
        live_url_prefix: prefix,
        default_merchant_account: s.default_merchant_account ?? null,
        payment_facilitator: s.payment_facilitator ?? false,
      },
    };
  }
  if (connector === 'PIX_API_BCB') {
    const tokenUrl = (s.token_url as string | null | undefined) ?? null;
    if (tokenUrl !== null) {
      const check = checkProviderUrl(tokenUrl, env);
      if (!check.ok)
        issues.push(issue('settings.token_url', 'INVALID_FORMAT', `settings.token_url ${check.message}`, tokenUrl));
    }
    const chave = (s.default_chave as string | null | undefined) ?? null;
    if (chave !== null && !isPixKey(chave))
      issues.push(
        issue(
          'settings.default_chave',
          'INVALID_FORMAT',
          'settings.default_chave must be a PIX key (CPF, CNPJ, e-mail, +55 phone or random key)',
          chave,
        ),
      );
    return {
      issues,
      settings: {
        token_url: tokenUrl,
        scopes: s.scopes ?? DEFAULT_PIX_SCOPES,
        default_chave: chave,
        register_webhooks: s.register_webhooks ?? true,
      },
    };
  }
  return { settings: {}, issues };
}

export type CredentialsResult = { credentials: Record<string, unknown>; issues: ValidationIssue[] };

/** A complete credentials set for the connector, checked (PEMs parse, the key matches its certificate), or the issues. */
export function connectorCredentials(
  connector: Connector,
  environment: AccountEnvironment,
  input: unknown,
): CredentialsResult {
  const parsed = CREDENTIALS[connector].safeParse(input ?? {});
  if (!parsed.success) return { credentials: {}, issues: prefixed('credentials', parsed.error.issues, input) };
  const c = parsed.data as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (connector === 'PIX_API_BCB') {
    const certPem = c.client_certificate_pem as string | undefined;
    const keyPem = c.client_private_key_pem as string | undefined;
    const caPem = c.webhook_client_ca_pem as string | undefined;
    if (environment === 'LIVE' && certPem === undefined)
      issues.push(
        issue(
          'credentials.client_certificate_pem',
          'REQUIRED',
          'credentials.client_certificate_pem is required with environment LIVE (mTLS)',
        ),
      );
    if (environment === 'LIVE' && caPem === undefined)
      issues.push(
        issue(
          'credentials.webhook_client_ca_pem',
          'REQUIRED',
          'credentials.webhook_client_ca_pem is required with environment LIVE',
        ),
      );
    if (certPem !== undefined && keyPem === undefined)
      issues.push(
        issue(
          'credentials.client_private_key_pem',
          'REQUIRED',
          'credentials.client_private_key_pem is required with client_certificate_pem',
        ),
      );
    if (certPem === undefined && keyPem !== undefined)
      issues.push(
        issue(
          'credentials.client_private_key_pem',
          'INVALID_FORMAT',
          'credentials.client_private_key_pem is refused without client_certificate_pem',
        ),
      );
    const certs = certPem === undefined ? undefined : parseCertificates(certPem);
    if (certPem !== undefined && !certs)
      issues.push(
        issue(
          'credentials.client_certificate_pem',
          'INVALID_FORMAT',
          'credentials.client_certificate_pem is not a PEM certificate',
        ),
      );
    const key = keyPem === undefined ? undefined : parsePrivateKey(keyPem);
    if (keyPem !== undefined && !key)
      issues.push(
        issue(
          'credentials.client_private_key_pem',
          'INVALID_FORMAT',
          'credentials.client_private_key_pem is not a PEM private key',
        ),
      );
    const leaf = certs?.[0];
    if (leaf && key && !leaf.checkPrivateKey(key))
      issues.push(
        issue(
          'credentials.client_private_key_pem',
          'INVALID_FORMAT',
          'credentials.client_private_key_pem does not match client_certificate_pem',
        ),
      );
    if (caPem !== undefined && !parseCertificates(caPem))
      issues.push(
        issue(
          'credentials.webhook_client_ca_pem',
          'INVALID_FORMAT',
          'credentials.webhook_client_ca_pem is not one or more PEM certificates',
        ),
      );
  }
  return { credentials: c, issues };
}
