import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { providerCallLatencies, providerOperations } from '../../src/db/schema/index.js';
import { flushProviderCalls } from '../../src/modules/provider-accounts/provider-calls.js';
import { startAdyenDouble, type AdyenDouble } from '../../src/providers/doubles/index.js';
import { attemptId } from '../../src/providers/routing/draw.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { ok } from '../helpers/money-checks.js';
import { createSession, getSession, sessionBody } from '../helpers/three-ds.js';
import { cardPayment, createTx } from '../helpers/transactions.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/**
 * providers.md R2.8 end to end with the Adyen double: a 3DS session routed to an ADYEN_CHECKOUT account is an
 * authentication-only `/payments`; Adyen's `RedirectShopper` redirect action makes it ACTION_REQUIRED with the
 * platform's own challenge page, which forwards the browser to the action (one auto-submitted form); the issuer's
 * page sends it back to `/3ds/return/{id}?t=` with `redirectResult`; the platform calls `/payments/details` and
 * applies the answer (flow CHALLENGE), then `303`s to the session's `return_url`. A transaction consuming the
 * session sends its result as `mpiData` (R2.3); external 3DS data is sent as `mpiData` too. Every request the
 * double received validates against Adyen's document.
 */
let t: TestApp;
let adyen: AdyenDouble;
let account: { id: string; provider: string };
let merchant: { id: string; apiKey: string };
const HMAC = acceptedHmacKey();
const operationsOf = (sessionId: string, kind: string) =>
  t.db.db
    .select()
    .from(providerOperations)
    .where(and(eq(providerOperations.resourceId, sessionId), eq(providerOperations.kind, kind)));
const MERCHANT_ACCOUNT = 'Platform3DSECOM';
const BROWSER = {
  accept_header: 'text/html',
  user_agent: 'Mozilla/5.0 (test)',
  language: 'pt-BR',
  color_depth: 24,
  screen_width: 1440,
  screen_height: 900,
  time_zone_offset: 180,
  ip: '203.0.113.7',
};

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  adyen = await startAdyenDouble({ hmacKey: HMAC });
  account = (await ok(
    t,
    'POST',
    '/v1/platform/provider-accounts',
    t.platformKey,
    {
      provider: `ADY3_${randomBytes(4).toString('hex').toUpperCase()}`,
      display_name: 'Adyen 3DS (double)',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: adyen.baseUrl,
      settings: { default_merchant_account: MERCHANT_ACCOUNT },
      credentials: { api_key: 'test-api-key', hmac_key: HMAC },
    },
    201,
  )) as { id: string; provider: string };
  const org = await t.createOrganization();
  merchant = await t.createMerchant(org.apiKey);
  const aff = await ok(
    t,
    'POST',
    `/v1/merchants/${merchant.id}/affiliations`,
    org.apiKey,
    { provider: account.provider },
    201,
  );
  await ok(t, 'POST', `/v1/platform/affiliations/${aff.id}/confirm`, t.platformKey, {
    merchant_reference: { merchant_account: MERCHANT_ACCOUNT },
  });
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

/** What a browser does with a page's one form: its method, action and hidden inputs. */
function formOf(html: string) {
  const form = /<form[^>]*method="([^"]+)"[^>]*action="([^"]+)"/.exec(html);
  expect(form, html).not.toBeNull();
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]);
  return { method: form![1]!, action: form![2]!.replace(/&amp;/g, '&'), inputs: Object.fromEntries(inputs) };
}

const noProblems = () =>
  expect(
    adyen.server
      .received()
      .filter((r) => !r.path.startsWith('/__double'))
      .flatMap((r) => r.problems.map((p) => `${r.path}: ${p}`)),
  ).toEqual([]);

describe('3DS sessions at an ADYEN_CHECKOUT account (R2.8)', () => {
  it('RedirectShopper -> our challenge page -> Adyen -> /3ds/return -> /payments/details -> SUCCEEDED -> mpiData', async () => {
    const created = await createSession(
      t,
      merchant.apiKey,
      await sessionBody(t, '4000000000002503', {
        amount: 25_000,
        browser: BROWSER,
        customer: { email: 'ana@example.com' },
        return_url: 'https://shop.example/done?order=7',
        provider: account.provider,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json();
    expect(session).toMatchObject({ status: 'ACTION_REQUIRED', provider: account.provider });
    const auth = adyen.server.received('/v71/payments').at(-1)!;
    // R2.1: the key is R6.8's derivation with the session's id; `reference` the session id.
    expect(auth.headers['idempotency-key']).toBe(attemptId(session.id, account.id));
    // Issue 24 item 1: the authentication is a provider operation whose id is that key.
    const [authOp] = await operationsOf(session.id, 'three-ds-session.authenticate');
    expect(authOp).toMatchObject({ id: attemptId(session.id, account.id), status: 'SUCCEEDED' });
    expect(auth.body).toMatchObject({
      merchantAccount: MERCHANT_ACCOUNT,
      reference: session.id,
      amount: { currency: 'BRL', value: 25_000 },
      authenticationData: {
        authenticationOnly: true,
        attemptAuthentication: 'always',
        threeDSRequestData: { nativeThreeDS: 'disabled' },
      },
      threeDS2RequestData: { threeDSRequestorChallengeInd: '01' },
      browserInfo: {
        acceptHeader: 'text/html',
        userAgent: 'Mozilla/5.0 (test)',
        language: 'pt-BR',
        colorDepth: 24,
        screenWidth: 1440,
        screenHeight: 900,
        timeZoneOffset: 180,
        javaEnabled: false,
      },
      shopperIP: '203.0.113.7',
      channel: 'Web',
      countryCode: 'BR',
      shopperEmail: 'ana@example.com',
    });
    expect(auth.body).not.toHaveProperty('paymentMethod.cvc');
    const challengeUrl = new URL(session.next_action.challenge_url);
    const token = challengeUrl.searchParams.get('t')!;
    expect(String((auth.body as { returnUrl: string }).returnUrl)).toMatch(
      new RegExp(
        `/core/3ds/return/${session.id}\\?t=${encodeURIComponent(token).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    );

    // Our challenge page: one form to Adyen's redirect action, submitted on load; its CSP lets the form go there.
    const page = await t.request({ method: 'GET', url: `${challengeUrl.pathname}${challengeUrl.search}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' ${adyen.server.url}`);
    const form = formOf(page.body);
    expect(form.method).toBe('get');
    expect(form.action).toMatch(new RegExp(`^${adyen.server.url}/__double/challenge/`));
    expect(page.body).toContain("document.getElementById('provider-redirect').submit()");

    // The issuer's page (the double's) sends the browser back with redirectResult.
    const issuer = await fetch(form.action, { redirect: 'manual' });
    expect(issuer.status).toBe(303);
    const back = new URL(issuer.headers.get('location')!);
    expect(back.pathname).toBe(`/core/3ds/return/${session.id}`);
    expect(back.searchParams.get('redirectResult')).toBe('Y');

    // A return without redirectResult is a 400 page and calls nothing.
    const missing = await t.request({ method: 'GET', url: `${back.pathname}?t=${encodeURIComponent(token)}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('MISSING_RESULT');
    // A bad token is a 403 page.
    const forged = await t.request({ method: 'GET', url: `${back.pathname}?t=x&redirectResult=Y` });
    expect(forged.statusCode).toBe(403);
    expect(adyen.server.received('/v71/payments/details')).toHaveLength(0);

    const returned = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.statusCode, returned.body).toBe(303);
    const done = new URL(returned.headers.location as string);
    expect(done.origin + done.pathname).toBe('https://shop.example/done');
    expect(Object.fromEntries(done.searchParams)).toEqual({
      order: '7',
      three_ds_session_id: session.id,
      status: 'SUCCEEDED',
    });
    const details = adyen.server.received('/v71/payments/details');
    expect(details).toHaveLength(1);
    // The details submission is its own provider operation; its id is the key Adyen received.
    const [detailsOp] = await operationsOf(session.id, 'three-ds-session.details');
    expect(detailsOp).toMatchObject({ status: 'SUCCEEDED', provider: account.provider });
    expect(details[0]!.headers['idempotency-key']).toBe(detailsOp!.id);
    // The routing call-health sees it as a payment call of the account (R6.11's latencies).
    await flushProviderCalls();
    const timed = await t.db.db
      .select()
      .from(providerCallLatencies)
      .where(eq(providerCallLatencies.operation, 'three-ds.details'));
    expect(timed.map((r) => r.provider)).toContain(account.provider.toUpperCase());
    expect(details[0]!.body).toEqual({ details: { redirectResult: 'Y' } });

    const final = (await getSession(t, merchant.apiKey, session.id)).json();
    expect(final).toMatchObject({ status: 'SUCCEEDED', next_action: null });
    expect(final.result).toMatchObject({ flow: 'CHALLENGE', trans_status: 'Y', eci: '05', liability_shift: true });

    // Once final the route makes no call and shows the result (the same link, again).
    const again = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-status="SUCCEEDED"');
    expect(adyen.server.received('/v71/payments/details')).toHaveLength(1);

    // The transaction consuming the session sends its challenge result as mpiData (R2.3).
    const tx = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 25_000,
      three_ds: { session_id: session.id },
      card_data: { cvv: (await cardPayment(t)).card_data.cvv },
    });
    expect(tx.statusCode, tx.body).toBe(201);
    expect(tx.json()).toMatchObject({ status: 'APPROVED', provider: account.provider });
    const paid = adyen.server.received('/v71/payments').at(-1)!;
    expect(paid.body).toMatchObject({
      reference: tx.json().id,
      mpiData: {
        directoryResponse: 'C',
        authenticationResponse: 'Y',
        eci: '05',
        threeDSVersion: '2.2.0',
        dsTransID: expect.stringMatching(/^ds-/),
        cavv: expect.any(String),
      },
      authenticationData: { attemptAuthentication: 'never' },
    });
    await expectLedgerInvariants(t.db.db);
    noProblems();
  });

  it('a POSTed return (form body) with redirectResult N fails the session AUTHENTICATION_FAILED', async () => {
    const s = (
      await createSession(
        t,
        merchant.apiKey,
        await sessionBody(t, '5200000000002151', { browser: BROWSER, provider: account.provider }),
      )
    ).json();
    expect(s.status).toBe('ACTION_REQUIRED');
    const token = new URL(s.next_action.challenge_url).searchParams.get('t')!;
    const res = await t.request({
      method: 'POST',
      url: `/core/3ds/return/${s.id}?t=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'redirectResult=N',
    });
    // No return_url: the result page.
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('data-status="FAILED"');
    expect((await getSession(t, merchant.apiKey, s.id)).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'AUTHENTICATION_FAILED',
      result: { flow: 'CHALLENGE', trans_status: 'N' },
    });
    // The sandbox's code form never completes a real provider's challenge.
    noProblems();
  });

  it('frictionless Y, frictionless N, not enrolled; the sandbox control answers NOT_A_SANDBOX_PROVIDER', async () => {
    const run = async (number: string) =>
      (
        await createSession(
          t,
          merchant.apiKey,
          await sessionBody(t, number, { browser: BROWSER, provider: account.provider }),
        )
      ).json();
    expect(await run('4111111111111111')).toMatchObject({
      status: 'SUCCEEDED',
      result: { flow: 'FRICTIONLESS', trans_status: 'Y', eci: '05', liability_shift: true },
    });
    expect(await run('4000000000002925')).toMatchObject({
      status: 'FAILED',
      failure_reason: 'AUTHENTICATION_FAILED',
      result: { trans_status: 'N' },
    });
    expect(await run('4000000000002420')).toMatchObject({
      status: 'FAILED',
      failure_reason: 'CARD_NOT_ENROLLED',
    });
    const open = await run('4000000000002503');
    const control = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/3ds-sessions/${open.id}/challenge`,
      key: t.platformKey,
      payload: { outcome: 'SUCCEEDED' },
    });
    expect(control.statusCode, control.body).toBe(409);
    expect(control.json().error.details).toMatchObject({ reason: 'NOT_A_SANDBOX_PROVIDER' });
    noProblems();
  });

  it('R2.8 eligibility: no browser (or merchant-initiated) is CAPABILITY_MISMATCH at Adyen', async () => {
    const res = await createSession(
      t,
      merchant.apiKey,
      await sessionBody(t, '4111111111111111', { provider: account.provider }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.details, res.body).toMatchObject({ field: 'provider', reason: 'CAPABILITY_MISMATCH' });
  });

  it('external 3DS data is sent as mpiData with directoryResponse = trans_status only', async () => {
    const tx = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', {
        amount: 7_000,
        three_ds: {
          external: {
            version: '2.2.0',
            eci: '05',
            authentication_value: 'AAABBBCCCDDDEEEFFF001122334=',
            ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
            trans_status: 'Y',
          },
        },
      }),
    );
    expect(tx.statusCode, tx.body).toBe(201);
    const sent = adyen.server.received('/v71/payments').at(-1)!;
    expect((sent.body as { mpiData: unknown }).mpiData).toEqual({
      cavv: 'AAABBBCCCDDDEEEFFF001122334=',
      eci: '05',
      dsTransID: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
      threeDSVersion: '2.2.0',
      directoryResponse: 'Y',
    });
    noProblems();
  });
});
