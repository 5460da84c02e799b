import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27, finding 8: the client was unpublishable (`private`, TypeScript sources only) and rough in natural use.
 * Here it is packed (`npm pack`, which builds it), installed from the tarball into a directory outside this
 * repository (its dependencies copied, offline), and the README's example compiles there under `tsc --strict`
 * against the built `.d.ts`, with the misuses that used to compile refused.
 */
const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
const tsc = join(repoModules, 'typescript/bin/tsc');
/** What the package needs at run time and to compile against it, copied as a registry install would place them. */
const COPIED = [
  'openapi-fetch',
  'openapi-typescript-helpers',
  'standardwebhooks',
  '@stablelib/base64',
  'fast-sha256',
  '@types/node',
  'undici-types',
];

let consumer: string;
let manifest: Record<string, any>;
beforeAll(async () => {
  consumer = mkdtempSync(join(tmpdir(), 'client-consumer-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', consumer], {
    cwd: packageDir,
    timeout: 120_000,
  });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  const installed = join(consumer, 'node_modules/@payment-platform/client');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', join(consumer, packed!.filename), '-C', installed, '--strip-components=1']);
  for (const name of COPIED)
    cpSync(join(repoModules, name), join(consumer, 'node_modules', name), { recursive: true, dereference: true });
  manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: ['node'],
      },
      include: ['*.ts'],
    }),
  );
}, 180_000);
afterAll(() => consumer && rmSync(consumer, { recursive: true, force: true }));

const compile = () =>
  run(process.execPath, [tsc, '-p', consumer], { cwd: consumer, timeout: 120_000 }).then(
    () => '',
    (err: { stdout?: string; message?: string }) => err.stdout ?? err.message ?? 'tsc failed',
  );

describe('the packed client', () => {
  it('is a package a user installs: not private, licensed, built JS and .d.ts, no sources', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest).toMatchObject({
      name: '@payment-platform/client',
      license: 'MIT',
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    });
    const installed = join(consumer, 'node_modules/@payment-platform/client');
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/client.js', 'dist/schema.d.ts', 'LICENSE'])
      expect(() => readFileSync(join(installed, file)), file).not.toThrow();
    expect(() => readFileSync(join(installed, 'src/index.ts'))).toThrow();
  });

  it('loads in plain Node from the tarball (no TypeScript at run time)', async () => {
    const script =
      "import('@payment-platform/client').then((m) => console.log(typeof m.createClient, typeof m.verifyWebhook, typeof m.unwrap))";
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: consumer });
    expect(stdout.trim()).toBe('function function function');
  });

  it("compiles the README's example under tsc --strict, and refuses what used to compile then answer 400", async () => {
    cpSync(join(packageDir, 'examples/quickstart.ts'), join(consumer, 'example.ts'));
    writeFileSync(
      join(consumer, 'misuse.ts'),
      `import { createClient, unwrap, type Transaction } from '@payment-platform/client';
const api = createClient({ baseUrl: 'https://127.0.0.1:8443/core', apiKey: 'key' });
const body = { name: 'M', full_name: 'M Ltda', document_number: '390.533.447-05',
  contact: { first_name: 'R', last_name: 'L', email: 'r@example.com', phone: '+5511988887777' },
  address: { street: 'R', street_number: '1', neighborhood: 'C', zipcode: '01304000', country: '076', state: 'SP' as const, city: 'SP' } };
// The create answers its 201 (with the key) or a replay's 200 (without): one read, a string or undefined.
const merchant = await unwrap(api.POST('/v1/merchants', { body }));
const key: string | undefined = merchant.api_key;
// @ts-expect-error the key is absent on a replay: not a plain string
const always: string = merchant.api_key;
// @ts-expect-error an unknown query parameter (the server answers 400)
await api.GET('/v1/transactions', { params: { query: { statuses: ['APPROVED'] } } });
// @ts-expect-error a status that does not exist
await api.GET('/v1/transactions', { params: { query: { status: ['PAID'] } } });
// @ts-expect-error a filter is a list of the enum, not any string
await api.GET('/v1/transactions', { params: { query: { payment_method: 'pix' } } });
// @ts-expect-error an unknown body field
await api.POST('/v1/merchants', { body: { ...body, nickname: 'x' } });
declare const transaction: Transaction;
if (transaction.payment_method === 'PIX' && transaction.status === 'WAITING_PAYMENT') console.log(transaction.pix.br_code);
if (transaction.payment_method === 'CREDIT_CARD') {
  const none: null = transaction.pix;
  console.log(none, transaction.card_data);
}
// @ts-expect-error without narrowing, a transaction's pix may be null
console.log(transaction.pix.br_code);
console.log(key, always);
`,
    );
    expect(await compile()).toBe('');
  }, 120_000);
});
