import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../../kernel/clock.js';

/** Download links are valid for one hour (platform-api.md Limits). */
export const DOWNLOAD_URL_TTL_SECONDS = 3600;

export const downloadPath = (documentId: string) => `/core/v1/onboarding-documents/${documentId}/download`;

/**
 * Signs document download links with HMAC-SHA256 over the document id and the expiry, so the link works
 * without an API key and any change to either part (or a link past its expiry) is refused.
 */
export class DownloadSigner {
  constructor(
    private readonly secret: string,
    /** Real time: a link's validity is a security matter, not an organization's test clock. */
    private readonly clock: Clock = systemClock,
  ) {
    if (secret.length < 32) throw new Error('download URL secret must be at least 32 characters');
  }

  private mac(documentId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`onboarding-document:${documentId}:${expires}`).digest('base64url');
  }

  sign(baseUrl: string, documentId: string, now = this.clock.now()): { url: string; expiresAt: Date } {
    const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
    const url = `${baseUrl}${downloadPath(documentId)}?expires=${expires}&signature=${this.mac(documentId, expires)}`;
    return { url, expiresAt: new Date(expires * 1000) };
  }

  /** True when the signature matches and the link has not expired. */
  verify(documentId: string, expires: string, signature: string, now = this.clock.now()): boolean {
    if (!/^\d{1,12}$/.test(expires)) return false;
    const expected = Buffer.from(this.mac(documentId, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return Number(expires) * 1000 > now.getTime();
  }
}
