import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the browser library is served (P8)', () => {
  it("at /core/js/v1/platform.js and a hashed name, cacheable, any origin, with the API's brand table", async () => {
    const res = await t.request({ method: 'GET', url: '/core/js/v1/platform.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain('"ELO","509000","509999"');
    expect(res.body).not.toContain('/*BIN_RANGES*/');
    const version = /var FRAMES_VERSION = '([0-9a-f]{16})'/.exec(res.body)![1];
    const hashed = await t.request({ method: 'GET', url: `/core/js/v1/platform.${version}.js` });
    expect(hashed.body).toBe(res.body);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.request({
      method: 'GET',
      url: '/core/js/v1/platform.js',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(gzipSync(res.body).length).toBeLessThan(12_000);
    const frame = await t.request({ method: 'GET', url: `/core/js/v1/frames/card.html?v=${version}` });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toContain('text/html');
    expect(frame.headers['cache-control']).toContain('immutable');
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.body).toContain(`../platform.js?v=${version}`);
    expect((await t.request({ method: 'GET', url: '/core/js/v1/nope.js' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/core/js/v1/frames/nope.html' })).statusCode).toBe(404);
  });
});
