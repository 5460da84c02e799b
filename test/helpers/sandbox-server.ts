import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server (`npm start`'s entry) in a child process, for end-to-end tests: the sandbox on PGlite under a
 * temporary DATA_DIR, ports chosen by the system. `stopAll` kills what a failed assertion left running.
 */
export function sandboxServers() {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const outputs: (() => string)[] = [];
  return {
    dataDir(): string {
      const dir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));
      dirs.push(dir);
      return dir;
    },
    /**
     * Starts a server on `dataDir` and resolves once its banner (with the sandbox organization key) is out.
     * `databaseUrl`: that PostgreSQL database instead of the embedded one (give it a database of its own: its
     * job runner and delivery worker serve every organization they find there).
     */
    start(
      dataDir: string,
      options: { databaseUrl?: string; env?: Record<string, string> } = {},
    ): Promise<{ child: ChildProcess; output: () => string }> {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        // The load guard off: on a busy machine the embedded database's own work fills the event loop, and a
        // test must not fail by the guard's 503 (test/api/load-guard.test.ts tests the guard in process).
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          PCI_PORT: '0',
          LOG_LEVEL: 'warn',
          DATABASE_URL: options.databaseUrl ?? '',
          REDIS_URL: '',
          LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      outputs.push(() => out);
      child.stdout.on('data', (d) => (out += String(d)));
      child.stderr.on('data', (d) => (out += String(d)));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
        const poll = setInterval(() => {
          if (out.includes('sandbox organization key')) {
            clearTimeout(timer);
            clearInterval(poll);
            resolve({ child, output: () => out });
          }
        }, 100);
        child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
      });
    },
    /** The servers' error lines (level 50 and above, or a stack): printed when a test fails, so CI shows the cause. */
    errorLines(): string {
      return outputs
        .flatMap((o) => o().split('\n'))
        .filter((l) => /"level":(50|60)|^\s*(Error|TypeError|at )/.test(l))
        .join('\n');
    },
    stopAll(): void {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
    },
  };
}
