import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GUIDES, guideSource } from '../../src/http/docs/guides.js';
import { sandboxServers } from '../helpers/sandbox-server.js';

/**
 * product.md §15: every guide's code sample runs against the sandbox, as written. The `sh` blocks of all guides
 * run in order in one shell (the guides build on the Quick start's variables); a block whose info string names a
 * file (```ts receiver.ts) is saved under that name first, as the guide tells the reader to.
 */
const servers = sandboxServers();
const workDir = join(process.cwd(), 'build', `guides-${process.pid}`);
// The guides start a receiver in the background (`npx tsx receiver.ts &`); `kill` of npx's pid can leave tsx's
// node child running, so the script runs in a process group of its own and the whole group goes at the end.
let scriptGroup: number | undefined;
afterAll(() => {
  if (scriptGroup) {
    try {
      process.kill(-scriptGroup, 'SIGTERM');
    } catch {
      // Nothing of the group is left.
    }
  }
  servers.stopAll();
  rmSync(workDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function samples(slug: string): { script: string[]; files: [string, string][] } {
  const source = guideSource(slug);
  const script = [...source.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const files = [...source.matchAll(/^```\w+ ([\w.-]+)\n([\s\S]*?)^```/gm)].map(
    (m) => [m[1]!, m[2]!] as [string, string],
  );
  return { script, files };
}

describe('guides: every sample runs against the sandbox', () => {
  it('runs each guide in order', async () => {
    const dataDir = servers.dataDir();
    await servers.start(dataDir);
    mkdirSync(workDir, { recursive: true });
    const lines = ['set -euo pipefail'];
    for (const guide of GUIDES) {
      const { script, files } = samples(guide.slug);
      for (const [name, content] of files) writeFileSync(join(workDir, name), content);
      lines.push(`echo "::guide ${guide.slug}"`, ...script);
      expect(script.length, `${guide.slug} has runnable samples`).toBeGreaterThan(0);
    }
    writeFileSync(join(workDir, 'guides.sh'), lines.join('\n'));
    // A loaded machine may answer 503 (load shedding) or 429: curl retries those, as a client should.
    const home = mkdtempSync(join(tmpdir(), 'guides-home-'));
    writeFileSync(join(home, '.curlrc'), 'retry = 5\nretry-delay = 1\n');
    const env = { ...process.env, HOME: home, DATA_DIR: dataDir, RECEIVER_PORT: String(await freePort()) };
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('bash', ['guides.sh'], {
        cwd: workDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      scriptGroup = child.pid;
      let out = '';
      child.stdout.on('data', (d) => (out += String(d)));
      child.stderr.on('data', (d) => (out += String(d)));
      child.on('exit', (c) => resolve({ code: c, output: out }));
    });
    const reached = [...output.matchAll(/::guide (\S+)/g)].map((m) => m[1]);
    expect(code, `failed in guide ${reached.at(-1)}:\n${output.slice(-3000)}`).toBe(0);
    expect(reached).toEqual(GUIDES.map((g) => g.slug));
    // jq -e prints false (and fails) on any unmet expectation; the receiver verified a real delivery.
    expect(output).not.toMatch(/^false$/m);
    expect(output).toMatch(/verified transaction\.created/);
  }, 600_000);
});
