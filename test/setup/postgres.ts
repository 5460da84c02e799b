import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { adminQuery, databaseNameOf, databasesStartingWith, databaseUrlFor, quoteIdent } from '../helpers/pg-admin.js';

/**
 * The PostgreSQL run (docs/decisions/testing.md): the `DATABASE_URL` given to vitest is the admin entry point.
 * One template database is migrated once per run, and each vitest worker gets a database of its own created
 * from it (`CREATE DATABASE … TEMPLATE …`, a file copy on the server: no migration per file or per worker).
 * Names: `<admin>_t<pid>` (template) and `<admin>_t<pid>_w<n>` (worker n), all dropped at the end; databases of
 * a run whose process is gone (killed) are dropped by the next run.
 */
export function templateName(adminUrl: string, pid = process.pid): string {
  return `${databaseNameOf(adminUrl)}_t${pid}`;
}

export function workerDatabaseName(template: string, worker: number): string {
  return `${template}_w${worker}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
}

async function dropLeftovers(adminUrl: string): Promise<void> {
  const prefix = `${databaseNameOf(adminUrl)}_t`;
  const pattern = /^(\d+)(_w\d+)?$/;
  for (const name of await databasesStartingWith(adminUrl, prefix)) {
    const match = pattern.exec(name.slice(prefix.length));
    if (match && !alive(Number(match[1]))) await dropDatabase(adminUrl, name);
  }
}

/** Creates the template and `workers` worker databases; answers the teardown that drops them. */
export async function preparePostgres(
  adminUrl: string,
  workers: number,
): Promise<{ template: string; teardown: () => Promise<void> }> {
  await dropLeftovers(adminUrl);
  const template = templateName(adminUrl);
  const created: string[] = [];
  const teardown = async () => {
    for (const name of created.reverse()) await dropDatabase(adminUrl, name).catch(() => {});
  };
  try {
    await adminQuery(adminUrl, `create database ${quoteIdent(template)}`);
    created.push(template);
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, template), poolSize: 1 });
    try {
      await migrate(handle);
    } finally {
      await handle.close(); // a template must have no connection when it is copied
    }
    for (let n = 1; n <= workers; n++) {
      const name = workerDatabaseName(template, n);
      // Through PgBouncer (transaction pooling) the migration's server connection stays open in its pool; a
      // template must have none when it is copied, so end any that is left.
      await adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template.replaceAll("'", "''")}' and pid <> pg_backend_pid()`,
      );
      await adminQuery(adminUrl, `create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
      created.push(name);
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  return { template, teardown };
}
