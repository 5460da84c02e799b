import { expect } from 'vitest';
import type { Clock } from '../../src/kernel/clock.js';
import type { TestApp } from './app.js';

/** The hosted onboarding test files' shared calls (test/api/hosted-onboarding*.test.ts). */

/** Real time plus an offset the tests move: link validity follows the injected clock. */
export class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
export const DAY = 24 * 3600 * 1000;

/** `app` is read at call time (the file's app is built in beforeAll). */
export function hostedKit(app: () => TestApp) {
  const pathOf = (url: string) => url.slice(url.indexOf('/core/'));
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  async function waitingMerchant() {
    const org = await app().createOrganization();
    const m = await app().createMerchant(org.apiKey);
    const aff = await app().request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A' },
    });
    expect(aff.statusCode).toBe(201);
    return { org, m, aff: aff.json<Record<string, any>>(), cpf: m.body.document_number as string };
  }

  const page = (url: string, headers: Record<string, string> = {}) =>
    app().request({ method: 'GET', url: pathOf(url), headers });

  function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return app().request({
      method: 'POST',
      url: `/core/v1/onboarding/hosted${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  async function postMultipart(fields: Record<string, string>, files: { bytes: Buffer; type: string; name: string }[]) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return app().request({
      method: 'POST',
      url: '/core/v1/onboarding/hosted/documents',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload,
    });
  }

  const noticeOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(303);
    return new URL(String(res.headers.location), 'http://x').searchParams.get('notice');
  };

  async function staffRow(companyId: string, provider: string, type: string, subject: string, description: string) {
    const res = await app().request({
      method: 'POST',
      url: `/core/v1/platform/companies/${companyId}/onboarding-requirements`,
      key: app().platformKey,
      payload: { provider, type, subject_document_number: subject, subject_role: 'COMPANY', description },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Record<string, any>>();
  }

  return { pathOf, tokenOf, waitingMerchant, page, postForm, postMultipart, noticeOf, staffRow };
}
