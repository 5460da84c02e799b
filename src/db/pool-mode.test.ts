import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectionSettings, driverUrl, poolModeOf, UnnamedStatementClient } from './pool-mode.js';

describe('pool mode from DATABASE_URL', () => {
  it.each([
    ['postgres://u@h:5432/db', 'session'],
    ['postgres://u@h:6432/db?pgbouncer=true', 'transaction'],
    ['postgres://u@h:6432/db?sslmode=disable&pgbouncer=1', 'transaction'],
    ['postgres://u@h:6432/db?pgbouncer=false', 'session'],
  ] as const)('%s is %s', (url, mode) => {
    expect(poolModeOf(url)).toBe(mode);
  });

  it('removes pgbouncer from the URL the driver sees and keeps the rest', () => {
    expect(driverUrl('postgres://u@h:6432/db?sslmode=disable&pgbouncer=true')).toBe(
      'postgres://u@h:6432/db?sslmode=disable',
    );
    expect(driverUrl('postgres://u@h:5432/db')).toBe('postgres://u@h:5432/db');
    expect(connectionSettings('postgres://u@h:6432/db?pgbouncer=true').Client).toBe(UnnamedStatementClient);
    expect(connectionSettings('postgres://u@h:5432/db').Client).toBe(pg.Client);
  });

  it('the transaction-mode client sends a named query without its name, and leaves others alone', () => {
    const client = new UnnamedStatementClient();
    const seen: unknown[] = [];
    // What the base class would send, captured instead of connecting.
    // Kept only to be put back, never called detached from a client.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function capture(this: unknown, config: unknown) {
      seen.push(config);
      return Promise.resolve({ rows: [] });
    } as typeof original;
    try {
      void client.query({ name: 'merchant_by_id', text: 'select $1', values: [1] });
      void client.query('select 1');
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(seen).toEqual([{ name: undefined, text: 'select $1', values: [1] }, 'select 1']);
  });
});
