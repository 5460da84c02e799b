import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A streaming replica made by `pg_basebackup -R` from a running primary, on its own port (127.0.0.1) and in
 * its own temp dir. As root, the tools run as the `postgres` OS user (PostgreSQL refuses root).
 */
export interface Replica {
  url: string;
  port: number;
  destroy(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter(
        (v) => existsSync(join(root, v, 'bin', 'pg_basebackup')) && existsSync(join(root, v, 'bin', 'initdb')),
      )
    : [];
  return versions.length === 0 ? undefined : join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

export const replicaToolsAvailable = (): boolean => binDir() !== undefined;

export function startReplica(primaryPort: number, port: number): Replica {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'scale-replica-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  };
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const data = join(dir, 'data');
  // -R writes standby.signal and primary_conninfo; -X stream copies the WAL of the backup alongside it.
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c hot_standby=on -c fsync=off -c max_connections=60`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One statement on its own connection. */
export async function queryOnce<T extends Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Waits until the replica has replayed everything the primary has written so far. The insert position, not
 * pg_current_wal_lsn(): the throwaway primary runs with synchronous_commit=off, so a commit already answered
 * may still sit in WAL buffers, past the write position (a landing CI run read an empty list that way).
 */
export async function caughtUp(primaryUrl: string, replicaUrl: string, timeoutMs = 30_000): Promise<void> {
  const { lsn } = (await queryOnce<{ lsn: string }>(primaryUrl, 'select pg_current_wal_insert_lsn()::text as lsn'))[0]!;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { done } = (
      await queryOnce<{ done: boolean }>(replicaUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`)
    )[0]!;
    if (done) return;
    if (performance.now() > deadline) throw new Error(`the replica did not reach ${lsn} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
