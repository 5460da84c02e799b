import { inject } from 'vitest';
import { databaseUrlFor } from '../helpers/pg-admin.js';
import { workerDatabaseName } from './postgres.js';

/**
 * Vitest setupFile, run in each worker before a test file: points the file at its worker's database. On
 * PostgreSQL, DATABASE_URL becomes the worker's own database (so createTestApp, direct openDatabase calls and
 * spawned servers all use it); the admin entry point stays in TEST_ADMIN_DATABASE_URL. An embedded database
 * (test/helpers/database.ts) opens a copy of the migrated snapshot (TEST_PGLITE_SNAPSHOT) instead of migrating.
 */
const template = inject('postgresTemplate');
if (template && process.env.DATABASE_URL) {
  process.env.TEST_ADMIN_DATABASE_URL ??= process.env.DATABASE_URL;
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  process.env.DATABASE_URL = databaseUrlFor(process.env.TEST_ADMIN_DATABASE_URL, workerDatabaseName(template, worker));
}
const snapshot = inject('pgliteSnapshot');
if (snapshot) {
  process.env.TEST_PGLITE_SNAPSHOT = snapshot;
  process.env.TEST_PGLITE_RUN_DIR = inject('pgliteRunDir');
}
