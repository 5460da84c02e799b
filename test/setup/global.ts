import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { copiesRoot, ensurePgliteSnapshot } from './snapshot.js';
import { preparePostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: the migrated data directory each file's database is copied from, and where copies go. */
    pgliteSnapshot: string;
    pgliteRunDir: string;
    /** PostgreSQL runs: the template database; worker n uses `<template>_w<n>` on the server of DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Vitest globalSetup (docs/decisions/testing.md): one migrated database prepared once per run, shared by every
 * test file (`test/setup/worker.ts` points each file at it).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The PGlite snapshot on both runs (tests that ask for an embedded database use it on PostgreSQL runs too);
  // it is kept across runs, so this costs a migration only when the migrations changed.
  const snapshot = await ensurePgliteSnapshot();
  const root = copiesRoot();
  removeDeadRunDirs(root);
  const runDir = join(root, `platform-test-run-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgliteRunDir', runDir);
  const removeCopies = async () => rmSync(runDir, { recursive: true, force: true });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('postgresTemplate', '');
    return removeCopies;
  }
  const workers = Math.max(1, Number(project.vitest.config.maxWorkers) || 1);
  const { template, teardown } = await preparePostgres(adminUrl, workers);
  project.provide('postgresTemplate', template);
  return async () => {
    await teardown();
    await removeCopies();
  };
}

/** Copies a killed run left behind (its process is gone). */
function removeDeadRunDirs(root: string): void {
  for (const name of readdirSync(root)) {
    const match = /^platform-test-run-(\d+)$/.exec(name);
    if (!match) continue;
    try {
      process.kill(Number(match[1]), 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') rmSync(join(root, name), { recursive: true, force: true });
    }
  }
}
