import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES } from '../../src/http/docs/guides.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** product.md §15: the reference (Redoc, served locally), the guides, and the console. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('/core/docs', () => {
  it('the reference loads Redoc from this host only, under a strict CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/core/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<script src="/core/docs/assets/redoc.standalone.js"></script>');
    expect(res.body).toContain('"/core/openapi.json"');
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const bundle = await t.request({ method: 'GET', url: '/core/docs/assets/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
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

  it('an unknown guide is a 404 envelope; the guides index goes to the quick start; the console is Swagger UI', async () => {
    const missing = await t.request({ method: 'GET', url: '/core/docs/guides/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const index = await t.request({ method: 'GET', url: '/core/docs/guides' });
    expect(index.statusCode).toBe(302);
    expect(index.headers.location).toBe('/core/docs/guides/quick-start');
    const console = await t.request({ method: 'GET', url: '/core/docs/console/' });
    expect(console.statusCode).toBe(200);
    expect(console.body).toContain('swagger');
  });
});
