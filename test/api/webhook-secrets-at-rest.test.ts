import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startFakeReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { readSecret } from '../../src/modules/webhooks/endpoints.service.js';
import {
  endpointSecretBox,
  openEndpointSecrets,
  sealPlainEndpointSecrets,
  sealPreviousSecret,
  sealSigningSecret,
} from '../../src/modules/webhooks/endpoint-secrets.js';
import { createSecretBox } from '../../src/crypto/secret-box.js';
import { loadConfig } from '../../src/config.js';
import { randomBytes } from 'node:crypto';
import { webhookEndpoints } from '../../src/db/schema/index.js';
import type { Executor } from '../../src/db/client.js';

/** Signing secrets are sealed at rest (docs/decisions/webhooks.md "Secrets at rest"); the API answers as before. */
let t: TestApp;
const receivers: FakeReceiver[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

const BASE = '/core/v1/webhooks/endpoints';
const SEALED = /^enc:v1:[0-9a-f]{16}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/;
const stored = async (id: string, db: Executor = t.db.db) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

async function endpointWithReceiver(key: string) {
  const r = await startFakeReceiver();
  receivers.push(r);
  const res = await t.request({ method: 'POST', url: BASE, key, payload: { url: r.url } });
  expect(res.statusCode, res.body).toBe(201);
  r.setSecret(res.json().signing_secret);
  return { endpoint: res.json(), receiver: r };
}

async function drain(orgId: string) {
  const w = createDeliveryWorker({
    db: t.db,
    secretBox: t.deps.webhookSecretBox,
    config: { env: 'sandbox', webhookRetrySchedule: [] },
    organizationIds: [orgId],
  });
  await w.drain();
  await w.stop();
}

describe('webhook signing secrets at rest', () => {
  it('stores a sealed value, never the secret; deliveries are still signed with the secret', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver } = await endpointWithReceiver(org.apiKey);
    const row = await stored(endpoint.id);
    expect(row!.signingSecret).toMatch(SEALED);
    expect(row!.signingSecret).not.toContain(endpoint.signing_secret.slice(6));
    expect((await t.request({ method: 'GET', url: `${BASE}/${endpoint.id}/secret`, key: org.apiKey })).json()).toEqual({
      signing_secret: endpoint.signing_secret,
      previous_secret_expires_at: null,
    });

    await t.createMerchant(org.apiKey);
    await drain(org.id);
    const [got] = receiver.delivered();
    expect(got).toBeDefined();
    expect(
      new Webhook(endpoint.signing_secret).verify(got!.body, got!.headers as Record<string, string>),
    ).toMatchObject({
      id: got!.id,
    });
  });

  it('a rotation seals both columns; both secrets still sign', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver } = await endpointWithReceiver(org.apiKey);
    const rotated = (
      await t.request({ method: 'POST', url: `${BASE}/${endpoint.id}/rotate-secret`, key: org.apiKey })
    ).json();
    const row = await stored(endpoint.id);
    expect(row!.signingSecret).toMatch(SEALED);
    expect(row!.previousSigningSecret).toMatch(SEALED);
    for (const plain of [rotated.signing_secret, endpoint.signing_secret]) {
      expect(row!.signingSecret).not.toContain(plain.slice(6));
      expect(row!.previousSigningSecret).not.toContain(plain.slice(6));
    }

    await t.createMerchant(org.apiKey);
    await drain(org.id);
    const [got] = receiver.delivered();
    const headers = got!.headers as Record<string, string>;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.signing_secret).verify(got!.body, headers)).toMatchObject({ id: got!.id });
    expect(new Webhook(endpoint.signing_secret).verify(got!.body, headers)).toMatchObject({ id: got!.id });
  });

  it('the staff endpoint (platform PUT) is sealed too and keeps its secret across URL changes', async () => {
    const org = await t.createOrganization();
    const url = `/core/v1/platform/organizations/${org.id}/webhook-endpoint`;
    const put = (
      await t.request({ method: 'PUT', url, key: t.platformKey, payload: { url: 'http://127.0.0.1:9/a' } })
    ).json();
    expect(put.signing_secret).toMatch(/^whsec_/);
    const again = (
      await t.request({ method: 'PUT', url, key: t.platformKey, payload: { url: 'http://127.0.0.1:9/b' } })
    ).json();
    expect(again.signing_secret).toBe(put.signing_secret);
    const [staff] = (await t.request({ method: 'GET', url: BASE, key: org.apiKey })).json().data;
    expect((await stored(staff.id))!.signingSecret).toMatch(SEALED);
  });

  it('a sealed value copied to another endpoint does not open there', async () => {
    const org = await t.createOrganization();
    const a = (await endpointWithReceiver(org.apiKey)).endpoint;
    const b = (await endpointWithReceiver(org.apiKey)).endpoint;
    await t.db.db
      .transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({ signingSecret: (await stored(a.id, tx))!.signingSecret })
          .where(eq(webhookEndpoints.id, b.id));
        const deps = { db: tx, clock: t.deps.clock, env: 'sandbox' as const, secretBox: t.deps.webhookSecretBox };
        await expect(readSecret(deps, org.id, b.id)).rejects.toThrow(/does not open/);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
  });

  // Inside one transaction, rolled back: other test apps sharing the database (each with its own key) run the
  // startup step too and would seal a committed plain row with their key.
  it('plain rows written before encryption still read, and the startup step seals them once', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver } = await endpointWithReceiver(org.apiKey);
    await t.createMerchant(org.apiKey); // a delivery waits (drained below, inside the transaction)
    const legacy = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    const legacyPrevious = 'whsec_' + Buffer.alloc(32, 8).toString('base64');
    const until = new Date(Date.now() + 3600_000);
    await t.db.db
      .transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({ signingSecret: legacy, previousSigningSecret: legacyPrevious, previousSecretExpiresAt: until })
          .where(eq(webhookEndpoints.id, endpoint.id));
        const deps = { db: tx, clock: t.deps.clock, env: 'sandbox' as const, secretBox: t.deps.webhookSecretBox };
        expect(await readSecret(deps, org.id, endpoint.id)).toEqual({
          signing_secret: legacy,
          previous_secret_expires_at: until.toISOString(),
        });
        receiver.setSecret(legacy);
        const w = createDeliveryWorker({
          db: { ...t.db, db: tx },
          secretBox: t.deps.webhookSecretBox,
          config: { env: 'sandbox', webhookRetrySchedule: [] },
          organizationIds: [org.id],
        });
        await w.drain();
        await w.stop();
        const [got] = receiver.delivered();
        expect(got).toBeDefined();
        expect(new Webhook(legacyPrevious).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
          id: got!.id,
        });

        expect((await sealPlainEndpointSecrets(tx, t.deps.webhookSecretBox)).sealed).toBeGreaterThanOrEqual(1);
        const row = await stored(endpoint.id, tx);
        expect(row!.signingSecret).toMatch(SEALED);
        expect(row!.previousSigningSecret).toMatch(SEALED);
        expect(await readSecret(deps, org.id, endpoint.id)).toEqual({
          signing_secret: legacy,
          previous_secret_expires_at: until.toISOString(),
        });
        expect((await sealPlainEndpointSecrets(tx, t.deps.webhookSecretBox)).sealed).toBe(0);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
    expect((await stored(endpoint.id))!.signingSecret).toMatch(SEALED);
  });

  it('after a key change, the step re-seals rows under the current key with the older key it is given', async () => {
    const org = await t.createOrganization();
    const { endpoint } = await endpointWithReceiver(org.apiKey);
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const oldBox = createSecretBox(oldKey);
    const secret = 'whsec_' + Buffer.alloc(32, 5).toString('base64');
    await t.db.db
      .transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({
            signingSecret: sealSigningSecret(oldBox, endpoint.id, secret),
            previousSigningSecret: sealPreviousSecret(oldBox, endpoint.id, secret),
          })
          .where(eq(webhookEndpoints.id, endpoint.id));
        // Without the old key: left alone, counted.
        const { unreadable } = await sealPlainEndpointSecrets(tx, createSecretBox(newKey));
        expect(unreadable).toBeGreaterThanOrEqual(1);
        const rotated = createSecretBox(newKey, [oldKey]);
        expect((await sealPlainEndpointSecrets(tx, rotated)).sealed).toBeGreaterThanOrEqual(1);
        const row = await stored(endpoint.id, tx);
        expect(row!.signingSecret.split(':')[2]).toBe(rotated.kid);
        expect(row!.previousSigningSecret!.split(':')[2]).toBe(rotated.kid);
        expect(openEndpointSecrets(createSecretBox(newKey), row!)).toMatchObject({
          signingSecret: secret,
          previousSigningSecret: secret,
        });
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
  });
});

describe('JWT_SECRET_PREVIOUS', () => {
  it('after a JWT_SECRET change, the new secret with the old one as previous re-seals the rows under the new key', async () => {
    const org = await t.createOrganization();
    const { endpoint } = await endpointWithReceiver(org.apiKey);
    const [oldJwt, newJwt] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    expect(loadConfig({ JWT_SECRET: newJwt, JWT_SECRET_PREVIOUS: oldJwt }).jwtSecretPrevious).toBe(oldJwt);
    const secret = 'whsec_' + Buffer.alloc(32, 6).toString('base64');
    await t.db.db
      .transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({
            signingSecret: sealSigningSecret(endpointSecretBox(oldJwt), endpoint.id, secret),
            previousSigningSecret: null,
          })
          .where(eq(webhookEndpoints.id, endpoint.id));
        // The new secret alone cannot open the row; with the old one as previous, the startup step re-seals it.
        const sealedOld = await stored(endpoint.id, tx);
        expect(() => openEndpointSecrets(endpointSecretBox(newJwt), sealedOld!)).toThrow(/unknown key/);
        expect((await sealPlainEndpointSecrets(tx, endpointSecretBox(newJwt, oldJwt))).sealed).toBeGreaterThanOrEqual(
          1,
        );
        const row = await stored(endpoint.id, tx);
        expect(openEndpointSecrets(endpointSecretBox(newJwt), row!).signingSecret).toBe(secret);
        tx.rollback();
      })
      .catch((err: Error) => {
        if (!/rollback/i.test(err.message)) throw err;
      });
  });
});
