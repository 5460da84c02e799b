import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of its own (initdb into a temp dir, its own port), so the restart test never touches
 * the machine's shared PostgreSQL that other engineers and CI use. As root, it runs as the `postgres` OS user
 * (initdb refuses root).
 */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  start(): void;
  /** Fast shutdown: open sessions are terminated, new connections refused until start(). */
  stop(): void;
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

export function throwawayPostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

export function createThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // Durability is not what this cluster tests; fsync off keeps it quick on a shared machine.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  const pg: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    destroy() {
      try {
        pg.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
