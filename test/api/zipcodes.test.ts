import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationError } from '../../src/kernel/errors.js';
import type { ZipcodeLookup } from '../../src/modules/zipcodes/zipcodes.client.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('zipcodes', () => {
  it('answers a JWT, refuses an API key, validates the pattern and answers 404 for unknown CEPs', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    const ok = await t.request({ method: 'GET', url: '/core/v1/zipcodes/01310100', token: u.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      zipcode: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });

    const key = await t.request({ method: 'GET', url: '/core/v1/zipcodes/01310100', key: org.apiKey });
    expect(key.statusCode).toBe(401);
    expect(key.json().error.code).toBe('AUTHENTICATION_ERROR');

    const bad = await t.request({ method: 'GET', url: '/core/v1/zipcodes/0131-100', token: u.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [expect.objectContaining({ field: 'id', type: 'INVALID_FORMAT' })] },
    });
    expect((await t.request({ method: 'GET', url: '/core/v1/zipcodes/1234', token: u.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/core/v1/zipcodes/99999999', token: u.token })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/core/v1/zipcodes/123456', token: u.token })).statusCode).toBe(404);
  });

  it('answers 502 INTEGRATION_ERROR when the lookup service fails', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    const services = t.deps.auth!;
    const original = services.zipcodes;
    const failing: ZipcodeLookup = {
      lookup: async () => {
        throw integrationError('The zipcode service did not answer');
      },
    };
    services.zipcodes = failing;
    try {
      const res = await t.request({ method: 'GET', url: '/core/v1/zipcodes/01310100', token: u.token });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('INTEGRATION_ERROR');
    } finally {
      services.zipcodes = original;
    }
  });
});
