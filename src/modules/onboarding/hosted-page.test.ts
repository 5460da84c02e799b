import { describe, expect, it } from 'vitest';
import { HOSTED_LINK_TTL_SECONDS, HostedLinkSigner } from './hosted-link.js';
import { chooseLang } from './hosted-page.i18n.js';
import { missingHalf, renderHostedPage } from './hosted-page.render.js';
import { readableCode } from './hosted-page.repo.js';
import type { RequirementView } from './onboarding.schemas.js';

const SECRET = 'x'.repeat(40);
const subject = { id: '0b0e0c6e-8f0a-4d55-9d8e-6a0d9f1b2c3d', companyId: '5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f' };
const at = (iso: string) => new Date(iso);

describe('hosted onboarding links', () => {
  const signer = new HostedLinkSigner(SECRET);

  it('issues on UTC day boundaries: one URL per day, valid 7 days from the issue time', () => {
    const morning = signer.token(subject, at('2030-03-10T01:00:00Z'));
    const evening = signer.token(subject, at('2030-03-10T23:59:59Z'));
    expect(evening.token).toBe(morning.token);
    expect(morning.issuedAt.toISOString()).toBe('2030-03-10T00:00:00.000Z');
    expect(morning.expiresAt.toISOString()).toBe('2030-03-17T00:00:00.000Z');
    expect(signer.token(subject, at('2030-03-11T00:00:00Z')).token).not.toBe(morning.token);
    expect(HOSTED_LINK_TTL_SECONDS).toBe(7 * 24 * 3600);
  });

  it.each([
    ['one second before expiry', '2030-03-16T23:59:59Z', { ok: true }],
    ['at expiry', '2030-03-17T00:00:00Z', { ok: false, reason: 'EXPIRED' }],
    ['a month later', '2030-04-17T00:00:00Z', { ok: false, reason: 'EXPIRED' }],
  ])('verifies %s', (_name, now, expected) => {
    const { token } = signer.token(subject, at('2030-03-10T12:00:00Z'));
    expect(signer.verify(token, at(now))).toMatchObject(expected);
  });

  it('names the affiliation and the company it was issued for', () => {
    const { token } = signer.token(subject, at('2030-03-10T12:00:00Z'));
    expect(signer.verify(token, at('2030-03-11T00:00:00Z'))).toMatchObject({
      ok: true,
      claims: { affiliationId: subject.id, companyId: subject.companyId },
    });
  });

  const good = signer.token(subject, at('2030-03-10T12:00:00Z')).token;
  const [payload, signature] = good.split('.');
  const reencode = (claims: Record<string, unknown>) => Buffer.from(JSON.stringify(claims)).toString('base64url');
  it.each([
    ['another secret', new HostedLinkSigner('y'.repeat(40)).token(subject, at('2030-03-10T12:00:00Z')).token],
    ['a later issue time', `${reencode({ a: subject.id, c: subject.companyId, i: 1899000000 })}.${signature}`],
    ['another company', `${reencode({ a: subject.id, c: subject.id, i: 1899000000 })}.${signature}`],
    ['a changed signature', `${payload}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`],
    ['three parts', `${good}.x`],
    ['no signature', payload],
    ['a non-string', 42],
    ['an empty string', ''],
    ['a huge string', 'a'.repeat(2000)],
  ])('refuses %s as INVALID', (_name, token) => {
    expect(signer.verify(token, at('2030-03-11T00:00:00Z'))).toEqual({ ok: false, reason: 'INVALID' });
  });
});

describe('hosted page language', () => {
  it.each([
    [undefined, undefined, 'pt-BR'],
    [undefined, 'en-US,en;q=0.9', 'en'],
    [undefined, 'fr-FR, de;q=0.9', 'pt-BR'],
    [undefined, 'fr, en;q=0.4, pt;q=0.6', 'pt-BR'],
    [undefined, 'en;q=0, pt-PT;q=0.1', 'pt-BR'],
    [undefined, 'de, EN-gb;q=0.8', 'en'],
    ['en', 'pt-BR', 'en'],
    ['pt-BR', 'en', 'pt-BR'],
    ['xx', 'en', 'en'],
    [['en'], 'pt', 'pt-BR'],
  ])('lang=%j with Accept-Language %j speaks %s', (query, header, expected) => {
    expect(chooseLang(query, header)).toBe(expected);
  });
});

describe('hosted page rendering', () => {
  const row = (type: string, status = 'PENDING'): RequirementView =>
    ({
      id: `id-${type}`,
      company_id: 'c',
      provider: 'PROVIDER_A',
      type,
      subject_document_number: '123',
      subject_role: 'CONTACT',
      origin: 'BASE',
      description: null,
      status,
      accepted_document_types: null,
      satisfied_by: null,
      waived_at: null,
      created_at: '',
      updated_at: '',
    }) as RequirementView;
  const input = {
    lang: 'en' as const,
    token: 't',
    provider: 'PROVIDER_A',
    providerName: 'Provider A (sandbox)',
    companyName: 'A & B <Ltd>',
    expiresAt: new Date('2030-03-17T00:00:00Z'),
    requirements: [row('BIOMETRIC_VERIFICATION')],
  };

  it('offers the sandbox approval only in the sandbox', () => {
    const captures = new Map([['123', 'cap-1']]);
    expect(renderHostedPage({ ...input, pendingCaptures: captures, sandbox: true })).toContain(
      'data-action="sandbox-approve"',
    );
    const production = renderHostedPage({ ...input, pendingCaptures: captures, sandbox: false });
    expect(production).not.toContain('sandbox-approve');
    expect(production).toContain('Biometric capture under review.');
    expect(production).toContain('A &amp; B &lt;Ltd&gt;');
  });

  it('says when onboarding is switched off, and when nothing is left', () => {
    expect(renderHostedPage({ ...input, requirements: null, pendingCaptures: new Map(), sandbox: true })).toContain(
      'Company onboarding is not available yet.',
    );
    expect(
      renderHostedPage({
        ...input,
        requirements: [row('PROOF_OF_ADDRESS', 'SATISFIED')],
        pendingCaptures: new Map(),
        sandbox: true,
      }),
    ).toContain('id="nothing-left"');
  });

  // Issue 27, finding 9: the raw PROVIDER_A, unformatted CPF/CNPJ, and identity fronts taken with no word of the back.
  it('names the provider humanly and writes CPF and CNPJ as people do', () => {
    const html = renderHostedPage({
      ...input,
      requirements: [
        { ...row('PROOF_OF_ADDRESS'), subject_document_number: '39053344705' },
        { ...row('ARTICLES_OF_INCORPORATION', 'SATISFIED'), subject_document_number: '11444777000161' },
      ],
      pendingCaptures: new Map(),
      sandbox: true,
    });
    expect(html).toContain('the provider Provider A (sandbox) still asks');
    expect(html).not.toContain('PROVIDER_A still');
    expect(html).toContain('390.533.447-05');
    expect(html).toContain('11.444.777/0001-61');
    expect(readableCode('PROVIDER_A')).toBe('Provider A');
    expect(readableCode('ACME_PAY')).toBe('Acme Pay');
  });

  it.each([
    [['RG_FRONT'], 'RG_BACK'],
    [['CNH_BACK'], 'CNH_FRONT'],
    [['RG_FRONT', 'RG_BACK'], undefined],
    [['CNH_DIGITAL'], undefined],
    [[], undefined],
  ])('with %j sent, asks for %s', (sent, expected) => {
    expect(missingHalf(new Set(sent), ['CNH_FRONT', 'CNH_BACK', 'CNH_DIGITAL', 'RG_FRONT', 'RG_BACK'])).toBe(expected);
  });

  it('asks for the back of a front already sent, and preselects it (a refused front asks nothing)', () => {
    const identity = {
      ...row('IDENTITY_DOCUMENT'),
      accepted_document_types: ['CNH_FRONT', 'CNH_BACK', 'CNH_DIGITAL', 'RG_FRONT', 'RG_BACK'],
    } as RequirementView;
    const sent = (status: string) => [{ fileType: 'RG_FRONT', subject: '123', status, createdAt: new Date() }] as never;
    const html = renderHostedPage({
      ...input,
      requirements: [identity],
      documents: sent('PENDING_REVIEW'),
      pendingCaptures: new Map(),
      sandbox: true,
    });
    expect(html).toContain('data-missing="RG_BACK"');
    expect(html).toContain('We received RG (front). Now send RG (back) of the same document.');
    expect(html).toContain('<option value="RG_BACK" selected>');
    expect(
      renderHostedPage({
        ...input,
        requirements: [identity],
        documents: sent('REFUSED'),
        pendingCaptures: new Map(),
        sandbox: true,
      }),
    ).not.toContain('data-missing');
  });
});
