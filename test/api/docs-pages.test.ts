import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../src/http/docs/guides.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** product.md §15: the reference (Scalar, served locally, with its try-it client), the guides, and the console's old URL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('/core/docs', () => {
  it('the reference loads Scalar from this host only, under a strict CSP, usable on a phone', async () => {
    const res = await t.request({ method: 'GET', url: '/core/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<script src="/core/docs/assets/scalar/js/scalar.js"></script>');
    expect(res.body).toContain('Scalar.createApiReference');
    expect(res.body).toContain('"url":"/core/openapi.json"');
    expect(res.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Scalar's cloud features are off: no telemetry, no AI agent, no web fonts.
    expect(res.body).toContain('"telemetry":false');
    expect(res.body).toContain('"agent":{"disabled":true}');
    expect(res.body).toContain('"withDefaultFonts":false');
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
    const bundle = await t.request({ method: 'GET', url: '/core/docs/assets/scalar/js/scalar.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    // The integration's own page is not a second reference.
    for (const url of ['/core/docs/assets/scalar', '/core/docs/assets/scalar/']) {
      const other = await t.request({ method: 'GET', url });
      expect(other.statusCode, url).toBe(302);
      expect(other.headers.location).toBe('/core/docs');
    }
  });

  it('links every guide, each rendered with the guide list', async () => {
    for (const guide of GUIDES) {
      const res = await t.request({ method: 'GET', url: `/core/docs/guides/${guide.slug}` });
      expect(res.statusCode, guide.slug).toBe(200);
      expect(res.body).toContain(`<h1>${guide.title.replace(/&/g, '&amp;')}</h1>`);
      for (const other of GUIDES) expect(res.body).toContain(`href="/core/docs/guides/${other.slug}"`);
    }
    const webhooks = (await t.request({ method: 'GET', url: '/core/docs/guides/webhooks' })).body;
    expect(webhooks).toContain('<p class="file">receiver.ts</p>');
    expect(webhooks).toContain('webhook.verify(raw');
  });

  it('an unknown guide is a 404 envelope; the guides index goes to the quick start; the console leads to the reference', async () => {
    const missing = await t.request({ method: 'GET', url: '/core/docs/guides/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const index = await t.request({ method: 'GET', url: '/core/docs/guides' });
    expect(index.statusCode).toBe(302);
    expect(index.headers.location).toBe('/core/docs/guides/quick-start');
    for (const url of ['/core/docs/console', '/core/docs/console/']) {
      const console = await t.request({ method: 'GET', url });
      expect(console.statusCode, url).toBe(302);
      expect(console.headers.location).toBe('/core/docs');
    }
  });
});
