import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The staff key every spawned server of the fault tests accepts (PLATFORM_ADMIN_KEY). */
export const PLATFORM_KEY = `faults-staff-${randomBytes(24).toString('hex')}`;

/** A port nobody listens on right now (127.0.0.1), for a server we start (and restart) on a known port. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>/core` (TRUST_PROXY: requests say x-forwarded-proto: https). */
  baseUrl: string;
  port: number;
  output(): string;
  /** kill -9: no shutdown hook runs, in-flight requests and deliveries die with it. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL if it takes longer than 15 s. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  port?: number;
  pciPort?: number;
  /** One DATA_DIR per logical server (sandbox.json, TLS material); reused across its restarts. */
  dataDir?: string;
  env?: Record<string, string>;
}

const tempDirs: string[] = [];
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/**
 * Crash-recovery waits of seconds instead of 30 (src/runtime/config.ts `recovery`): the files that kill a
 * server mid-call (adyen-kill, operation-crash) still wait for the crashed claim's lease and the in-flight grace
 * to lapse, in seconds (docs/decisions/testing.md). A live call finishes well within 3 s even on a loaded
 * machine; one that did not would be repeated under its own key, which is what recovery is built for.
 */
export const SHORT_RECOVERY_ENV: Record<string, string> = {
  REQUEST_CLAIM_LEASE_MS: '3000',
  PROVIDER_IN_FLIGHT_GRACE_MS: '3000',
  // Not shorter than the first R5.1 look (10 s): a refund's recovery point must not fall due on a server the test
  // is about to kill, whose runner would hold the job for its 60 s lease.
  REFUND_RECOVERY_AFTER_MS: '10000',
};

/** How long a server may take to print its banner (FAULTS_SERVER_START_MS; a loaded machine compiles slowly). */
const START_TIMEOUT_MS = Number(process.env.FAULTS_SERVER_START_MS ?? 60_000);

/** Spawns the real server (`node --import tsx src/server.ts`) and resolves once it has printed its banner. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const pciPort = options.pciPort ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir('faults-data-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_ENV: 'sandbox',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PCI_PORT: String(pciPort),
      DATA_DIR: dataDir,
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0', // a fault test must not fail by the load guard's 503 on a busy machine
      TRUST_PROXY: 'true',
      PLATFORM_ADMIN_KEY: PLATFORM_KEY,
      RATE_LIMIT_STANDARD_RPS: '100000',
      RATE_LIMIT_HIGH_RPS: '100000',
      WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1',
      SANDBOX_AUTOPILOT: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Keep the tail only: a server logging every failed request during a fault must not grow the test's memory.
  const append = (d: Buffer) => {
    out = (out + String(d)).slice(-20_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS / 1000} s:\n${out}`));
    }, START_TIMEOUT_MS);
    const poll = setInterval(() => {
      if (out.includes('sandbox organization key')) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`server exited ${child.exitCode}:\n${out}`));
    });
  });

  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}/core`,
    output: () => out,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export { until } from '../../helpers/poll.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database the suite runs on (CI: a fresh database); the fault tests need PostgreSQL (separate processes). */
export const databaseUrl = process.env.DATABASE_URL;
