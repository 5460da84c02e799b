import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { sandboxServers } from '../helpers/sandbox-server.js';

const servers = sandboxServers();

const insecure = new Agent({ connect: { rejectUnauthorized: false } });
// A failed assertion must not leave a server running.
afterAll(() => servers.stopAll());

describe('npm start (sandbox)', () => {
  it('prints URLs and keys, writes sandbox.json, serves over TLS, reuses keys on restart and shuts down gracefully', async () => {
    const dataDir = servers.dataDir();
    const first = await servers.start(dataDir);
    const sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
    expect(Object.keys(sandbox).sort()).toEqual([
      'core_url',
      'docs_url',
      'organization',
      'pci_url',
      'platform_admin_key',
    ]);
    expect(first.output()).toContain(sandbox.organization.api_key);
    // Startup progress comes before the banner (product.md §15: the first start says what it is doing).
    const output = first.output();
    expect(output.indexOf('… applying database migrations')).toBeGreaterThan(-1);
    expect(output.indexOf('… applying database migrations')).toBeLessThan(output.indexOf('listening'));
    // The first line comes before the platform's code loads (issue 27: a first start was silent for up to 25 s).
    expect(output.startsWith('… starting the payment platform (sandbox)\n… loading the platform')).toBe(true);
    expect(sandbox.core_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/core$/);

    const me = await request(`${sandbox.core_url}/v1/companies/me`, {
      headers: { 'x-api-key': sandbox.organization.api_key },
      dispatcher: insecure,
    });
    expect(me.statusCode).toBe(200);
    expect(((await me.body.json()) as { id: string }).id).toBe(sandbox.organization.id);
    const pci = await request(`${sandbox.pci_url}/v1/anything`, { dispatcher: insecure });
    expect(pci.statusCode).toBe(404);
    await pci.body.dump();

    // Graceful shutdown: requests the server is already handling when SIGTERM arrives still complete.
    // Connections are opened first (keep-alive), then logins (argon2 work keeps them busy server-side) are sent.
    const pool = new Agent({ connect: { rejectUnauthorized: false }, connections: 8 });
    await Promise.all(
      Array.from({ length: 8 }, () =>
        request(`${sandbox.core_url}/health`, { dispatcher: pool }).then((r) => r.body.dump()),
      ),
    );
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    // One identifier each: §14 allows 5 failed checks per identifier and address.
    const login = (_: unknown, i: number) =>
      request(`${sandbox.core_url}/v1/auth/login`, {
        method: 'POST',
        dispatcher: pool,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: `nobody-${i}@example.com`, password: 'not-the-password' }),
      }).then(async (r) => {
        await r.body.dump();
        return r.statusCode;
      });
    const inFlight = Array.from({ length: 8 }, login);
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(401));
    expect(await exited).toBe(0);

    const second = await servers.start(dataDir);
    const again = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
    expect(again.organization).toEqual(sandbox.organization);
    expect(again.platform_admin_key).toBe(sandbox.platform_admin_key);
    const stopped = new Promise<number | null>((resolve) => second.child.on('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 120_000);

  it('refuses to start in production without secrets, with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, APP_ENV: 'production', PLATFORM_ADMIN_KEY: '', JWT_SECRET: '', DATA_DIR: tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('APP_ENV=production refuses to start without');
  }, 60_000);
});
