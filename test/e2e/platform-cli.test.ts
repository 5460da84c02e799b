import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxServers } from '../helpers/sandbox-server.js';
import { startFakeReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { until } from '../helpers/poll.js';
import { verifyWebhook } from '../../packages/client/src/index.js';
// @ts-expect-error plain JavaScript (the command has no build step), typed by JSDoc only
import { EventStreamParser } from '../../packages/cli/lib/listen.mjs';

/**
 * product.md §15, the `platform` command as a developer runs it: the sandbox (`npm start`'s entry) on
 * 127.0.0.1, a receiver, `platform listen --forward-to` and `platform trigger` in the same directory as the
 * sandbox's data (so no flag names the URL, the key or the certificate).
 */
const BIN = join(process.cwd(), 'packages/cli/bin/platform.mjs');
const servers = sandboxServers();
const children: ChildProcess[] = [];
let receiver: FakeReceiver | undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  servers.stopAll();
  await receiver?.close();
});

function run(args: string[], dataDir: string) {
  const env = { ...process.env, DATA_DIR: dataDir, PLATFORM_API_KEY: '', PLATFORM_BASE_URL: '' };
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => out, exited };
}

describe('platform (the command)', () => {
  it('is a bin of a workspace package, so npm install links it', () => {
    const cli = JSON.parse(readFileSync('packages/cli/package.json', 'utf8'));
    expect(cli.bin).toEqual({ platform: './bin/platform.mjs' });
    expect(JSON.parse(readFileSync('package.json', 'utf8')).workspaces).toContain('packages/*');
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('parses a text/event-stream as EventSource does (chunks split anywhere, CRLF, comments, several data lines)', () => {
    const parser = new EventStreamParser();
    const text =
      'retry: 2000\r\n: connected\r\n\r\nid: e1\nevent: a.b\ndata: {"x":1}\n\n: heartbeat\n\nid: e2\ndata: one\ndata: two\n\n';
    const events = [...text].flatMap((ch) => parser.push(ch));
    expect(events).toEqual([
      { id: 'e1', event: 'a.b', data: '{"x":1}' },
      { id: 'e2', event: 'message', data: 'one\ntwo' },
    ]);
    expect(parser.retryMs).toBe(2000);
  });

  it('listen forwards a triggered event to a local URL, signed with the secret it prints', async () => {
    const dataDir = servers.dataDir();
    const server = await servers.start(dataDir);
    const sandbox = JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'));
    receiver = await startFakeReceiver({ path: '/hooks' });

    const help = run(['--help'], dataDir);
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain('platform listen --forward-to');

    const listening = run(['listen', '--forward-to', receiver.url], dataDir);
    await until(() => listening.output().includes('Ready:'), 'listen to connect', 30_000);
    const secret = /Signing secret: (whsec_\S+)/.exec(listening.output())?.[1];
    expect(secret).toBeDefined();
    receiver.setSecret(secret!);

    const trigger = run(['trigger', 'transaction.created'], dataDir);
    expect(await trigger.exited).toBe(0);
    const eventId = /Triggered transaction\.created: event (\S+)/.exec(trigger.output())?.[1];
    expect(eventId).toBeDefined();

    await until(() => receiver!.received.some((r) => r.id === eventId), 'the forwarded event', 10_000);
    const delivery = receiver.received.find((r) => r.id === eventId)!;
    expect(delivery.verified).toBe(true);
    // The client's helper verifies it too, and the body is the envelope as webhooks carry it.
    const event = verifyWebhook(secret!, delivery.headers, delivery.body);
    expect(event).toMatchObject({ id: eventId, type: 'transaction.created', company_id: sandbox.organization.id });
    await until(() => listening.output().includes(`transaction.created  ${eventId}  -> 204`), 'the forward line', 5000);

    const unknown = run(['trigger', 'no.such-event'], dataDir);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('transaction.created');

    // The server shuts down with a stream open (SIGTERM: Fastify's close ends it), and listen keeps trying.
    const serverExited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await serverExited).toBe(0);
    await until(
      () => /the stream ended; reconnecting|cannot reach the stream/.test(listening.output()),
      'listen to notice',
      10_000,
    );

    listening.child.kill('SIGTERM');
    expect(await listening.exited).toBe(0);
  }, 180_000);
});
