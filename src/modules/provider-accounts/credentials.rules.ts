import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../kernel/idempotency.js';
import { textOf } from '../../kernel/text.js';

/**
 * providers.md R1.4: what is shown of a credentials set (never a secret): its fingerprint and, per field given,
 * the last 4 characters, a certificate's subject, expiry and digest, or that a private key is present.
 */
export type Credentials = Record<string, unknown>;

/** `sha256:` + 16 hex digits of SHA-256 over the set's canonical JSON as sent (sorted keys, absent fields left out). */
export function credentialsFingerprint(credentials: Credentials): string {
  return `sha256:${createHash('sha256').update(canonicalJson(credentials)).digest('hex').slice(0, 16)}`;
}

export const last4 = (value: string) => value.slice(-4);

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM text, or undefined when there is none or one does not parse. */
export function parseCertificates(pem: string): X509Certificate[] | undefined {
  const blocks = pem.match(PEM_CERTIFICATE);
  if (!blocks || blocks.length === 0) return undefined;
  try {
    return blocks.map((b) => new X509Certificate(b));
  } catch {
    return undefined;
  }
}

export function parsePrivateKey(pem: string): KeyObject | undefined {
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) return undefined;
  try {
    return createPrivateKey(pem);
  } catch {
    return undefined;
  }
}

/** A certificate's public description: its subject (one line), expiry and SHA-256 of its DER (lowercase hex). */
export function certificateView(cert: X509Certificate) {
  return {
    subject: cert.subject.split('\n').join(', '),
    not_after: new Date(cert.validTo).toISOString(),
    sha256: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
  };
}

const PRIVATE_KEY_FIELDS = new Set(['client_private_key_pem']);
const CERTIFICATE_FIELDS = new Set(['client_certificate_pem', 'webhook_client_ca_pem']);

/** The `fields` of R1.4 for a validated set; a CA bundle is described by its first certificate. */
export function credentialFieldsView(credentials: Credentials): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(credentials)) {
    if (value === undefined || value === null) continue;
    if (PRIVATE_KEY_FIELDS.has(name)) out[name] = { present: true };
    else if (CERTIFICATE_FIELDS.has(name)) {
      const [first] = parseCertificates(textOf(value)) ?? [];
      out[name] = first ? certificateView(first) : { present: true };
    } else if (name === 'basic_auth' && typeof value === 'object') {
      const pair = value as { username: string; password: string };
      out[name] = { username_last4: last4(pair.username), password_last4: last4(pair.password) };
    } else out[name] = { last4: last4(textOf(value)) };
  }
  return out;
}
