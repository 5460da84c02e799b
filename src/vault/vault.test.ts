import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DbHandle } from '../db/client.js';
import { openTestDatabase } from '../../test/helpers/database.js';
import { migrate } from '../db/migrate.js';
import { ManualClock } from '../kernel/clock.js';
import { encryptEv, EV_PURPOSES, newEphemeral } from '../crypto/ev.js';
import { DecryptionFailed, KeyFileError, newKeyFile, RETIRING_MS, Vault, writeKeyFile } from './index.js';

let db: DbHandle;
const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
const keyPath = () => join(mkdtempSync(join(tmpdir(), 'vault-test-')), 'keys.json');
// Every case runs in process and with the vault's own thread (the server's default): the same answers.
let thread = false;
const opened: Vault[] = [];
const track = (v: Vault) => (opened.push(v), v);
const sandbox = async () =>
  track(await Vault.open({ db: db.db, environment: 'sandbox', keyFile: keyPath(), writable: true, clock, thread }));

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});
afterAll(async () => {
  for (const v of opened) await v.close();
  await db?.close();
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DecryptionFailed);
  return (err as DecryptionFailed).reason;
};

describe.each([false, true])('the vault (own thread: %s)', (threaded) => {
  beforeAll(() => {
    thread = threaded;
  });

  it('round-trips any value under every purpose', async () => {
    const vault = await sandbox();
    const key = await vault.current();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.constantFrom(...EV_PURPOSES), async (value, purpose) => {
        expect(await vault.decrypt(encryptEv(value, purpose, key), purpose)).toBe(value);
      }),
      { numRuns: 60 },
    );
  });

  it('a changed character anywhere (kid, purpose, point, IV, ciphertext, tag) fails', async () => {
    const vault = await sandbox();
    const value = encryptEv('4111111111111111', 'pan', await vault.current());
    const body = value.length - 2; // the ':$' terminator is checked by the parser
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 6, max: body - 1 }), fc.constantFrom(...'AQgw09_-az'), async (i, c) => {
        fc.pre(value[i] !== c && value[i] !== ':');
        await failure(vault.decrypt(`${value.slice(0, i)}${c}${value.slice(i + 1)}`, 'pan'));
      }),
      { numRuns: 80 },
    );
  });

  it("a wrong purpose, an unknown kid and another environment's key fail", async () => {
    const vault = await sandbox();
    const key = await vault.current();
    expect(await failure(vault.decrypt(encryptEv('123', 'cvv', key), 'pan'))).toBe('PURPOSE');
    expect(
      await failure(vault.decrypt(encryptEv('4111111111111111', 'pan', { ...key, kid: 'sbx_nobody' }), 'pan')),
    ).toBe('UNKNOWN_KEY');
    const other = await sandbox();
    expect(await failure(other.decrypt(encryptEv('4111111111111111', 'pan', key), 'pan'))).toBe('UNKNOWN_KEY');
    // The same kid with another key pair (a forged header) fails on the tag.
    const impostor = newKeyFile('sandbox', clock.now()).keys[0];
    expect(
      await failure(vault.decrypt(encryptEv('4111111111111111', 'pan', { ...impostor, kid: key.kid }), 'pan')),
    ).toBe('TAG');
  });

  it("values sharing an ephemeral key (the PCI host's 15 s) decrypt through the kept key, and a changed one still fails", async () => {
    const vault = await sandbox();
    const key = await vault.current();
    const shared = newEphemeral(true);
    const values = ['4111111111111111', '5555555555554444', '4000000000000002'].map((v) =>
      encryptEv(v, 'pan', key, shared),
    );
    const cvv = encryptEv('123', 'cvv', key, shared);
    expect(new Set(values.map((v) => v.split(':').slice(0, 5).join(':'))).size).toBe(1); // one header, one kept K
    for (let round = 0; round < 2; round++) {
      expect(await Promise.all(values.map((v) => vault.decrypt(v, 'pan')))).toEqual([
        '4111111111111111',
        '5555555555554444',
        '4000000000000002',
      ]);
      expect(await vault.decrypt(cvv, 'cvv')).toBe('123');
    }
    // The kept K is the header's: a value under the same header with its ciphertext or IV changed fails on its tag.
    const [head, iv, ct] = [
      values[0].split(':').slice(0, 5).join(':'),
      values[0].split(':')[5],
      values[0].split(':')[6],
    ];
    const flip = (s: string) => `${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`;
    expect(await failure(vault.decrypt(`${head}:${iv}:${flip(ct)}:$`, 'pan'))).toBe('TAG');
    expect(await failure(vault.decrypt(`${head}:${flip(iv)}:${ct}:$`, 'pan'))).toBe('TAG');
    // Another ephemeral key under the same kid and purpose derives its own K.
    expect(await vault.decrypt(encryptEv('4111111111111111', 'pan', key, newEphemeral(true)), 'pan')).toBe(
      '4111111111111111',
    );
    // The purpose check comes first: a kept cvv header never opens as a pan.
    expect(await failure(vault.decrypt(cvv, 'pan'))).toBe('PURPOSE');
  });

  it('rotation: a new ACTIVE key, the old RETIRING (still decrypting) for 90 days, then RETIRED (refused)', async () => {
    const vault = await sandbox();
    const old = await vault.current();
    const underOld = encryptEv('5555555555554444', 'pan', old);
    let scheduled: unknown;
    const made = await vault.rotate(async (_tx, rotation) => void (scheduled = rotation));
    expect(made).toMatchObject({ status: 'ACTIVE', not_after: null, kty: 'EC', crv: 'P-256', format: 'ev:v1' });
    expect(scheduled).toEqual({
      previousKid: old.kid,
      kid: made.kid,
      notAfter: new Date(clock.now().getTime() + RETIRING_MS),
    });
    const doc = await vault.document();
    expect(doc.current_kid).toBe(made.kid);
    expect(doc.keys.map((k) => [k.kid, k.status])).toEqual([
      [made.kid, 'ACTIVE'],
      [old.kid, 'RETIRING'],
    ]);
    expect(doc.keys[1].not_after).toBe(new Date(clock.now().getTime() + RETIRING_MS).toISOString());
    expect(await vault.decrypt(underOld, 'pan')).toBe('5555555555554444');
    const moved = await vault.reencrypt(underOld, 'pan');
    expect(moved.split(':')[2]).toBe(made.kid);
    expect(await vault.decrypt(moved, 'pan')).toBe('5555555555554444');

    expect(await vault.retire(old.kid)).toBe(false); // not before not_after
    clock.advance(RETIRING_MS);
    expect(await vault.retire(old.kid)).toBe(true);
    expect(await failure(vault.decrypt(underOld, 'pan'))).toBe('RETIRED_KEY');
    expect((await vault.document()).keys.find((k) => k.kid === old.kid)?.status).toBe('RETIRED');
  });

  it('production reads a provisioned file, never writes it, rotates to a STANDBY key, and refuses sandbox keys', async () => {
    const path = keyPath();
    const file = newKeyFile('production', clock.now());
    clock.advance(1000);
    const spare = newKeyFile('production', clock.now()).keys[0];
    writeKeyFile(path, { ...file, keys: [...file.keys, spare] });
    const before = readFileSync(path, 'utf8');
    const prod = track(
      await Vault.open({ db: db.db, environment: 'production', keyFile: path, writable: false, clock, thread }),
    );
    expect((await prod.document()).keys.map((k) => k.kid)).toEqual([file.keys[0].kid]); // STANDBY is not listed
    expect((await prod.rotate()).kid).toBe(spare.kid);
    await expect(prod.rotate()).rejects.toMatchObject({ code: 'CONFLICT_ERROR' });
    expect(readFileSync(path, 'utf8')).toBe(before);

    const sandboxFile = keyPath();
    writeKeyFile(sandboxFile, newKeyFile('sandbox', clock.now()));
    await expect(
      Vault.open({ db: db.db, environment: 'production', keyFile: sandboxFile, writable: false, clock }),
    ).rejects.toBeInstanceOf(KeyFileError);
    // A sandbox value is refused in production: its kid is unknown there.
    const sbx = await sandbox();
    expect(await failure(prod.decrypt(encryptEv('4111111111111111', 'pan', await sbx.current()), 'pan'))).toBe(
      'UNKNOWN_KEY',
    );
    // A file whose private key does not match its public half is refused, without printing the key.
    const broken = keyPath();
    const bad = newKeyFile('production', clock.now());
    writeFileSync(broken, JSON.stringify({ ...bad, keys: [{ ...bad.keys[0], x: spare.x }] }));
    const err = await Vault.open({
      db: db.db,
      environment: 'production',
      keyFile: broken,
      writable: false,
      clock,
    }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(KeyFileError);
    expect((err as Error).message).not.toContain(bad.keys[0].d);
  });
});
