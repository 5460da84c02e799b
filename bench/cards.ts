import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MEASUREMENT_TABLE_HEAD, measure, measurementRow, startProcess, stopProcess } from './harness.js';
import { encryptEv, type EvPublicKey } from '../src/crypto/ev.js';
import { buildLibraryAssets } from '../src/modules/library/library.assets.js';

export const CARDS_START = '<!-- card-data bench: rewritten by npm run bench (or BENCH_ONLY=cards) -->';
export const CARDS_END = '<!-- /card-data bench -->';
const CHROMIUM = '/usr/bin/chromium';

/**
 * Card data (issue 12): the same create on the core with pre-encrypted values and through the PCI host with
 * plaintext (target >= 0.8); the library's gzip size; the time to encrypt a card in a real browser.
 */
export async function cardBench(opts: {
  dbUrl: string;
  durationSec: number;
  ports: { core: number; pci: number };
}): Promise<string[]> {
  const info = join(mkdtempSync(join(tmpdir(), 'bench-cards-')), 'info.json');
  const child = await startProcess(
    ['--import', 'tsx', 'bench/servers/cards-standin.ts'],
    { DATABASE_URL: opts.dbUrl, PORT: String(opts.ports.core), PCI_PORT: String(opts.ports.pci), INFO_FILE: info },
    'ready',
  );
  const lines: string[] = [];
  try {
    const { api_key, org_id, key } = JSON.parse(readFileSync(info, 'utf8')) as {
      api_key: string;
      org_id: string;
      key: EvPublicKey;
    };
    const headers = { 'x-api-key': api_key, 'content-type': 'application/json' };
    const body = (card: Record<string, string>) =>
      JSON.stringify({
        payment_method: 'CREDIT_CARD',
        amount: 1990,
        installments: 1,
        metadata: { order: 'bench' },
        card_data: { expiry_month: '12', expiry_year: '2031', holder_name: 'BENCH', ...card },
      });
    // Pre-encrypted bodies, made ahead so the client's own encryption is not measured (a pool it cycles through).
    const pool = Array.from({ length: 2000 }, () =>
      body({
        number: encryptEv('4111111111111111', 'pan', key),
        cvv: encryptEv('123', 'cvv', key),
        bin: '411111',
        last_digits: '1111',
      }),
    );
    let i = 0;
    const core = await measure('(e) create on the core, pre-encrypted (stand-in route)', {
      url: `http://127.0.0.1:${opts.ports.core}/core/v1/transactions`,
      method: 'POST',
      headers,
      makeBody: () => pool[i++ % pool.length]!,
      durationSec: opts.durationSec,
    });
    const pci = await measure('(e) same create through the PCI host, plaintext', {
      url: `http://127.0.0.1:${opts.ports.pci}/core/v1/transactions`,
      method: 'POST',
      headers,
      body: body({ number: '4111111111111111', cvv: '123' }),
      durationSec: opts.durationSec,
    });
    const writePath = `/core/v1/merchants/${org_id}/transactions`;
    const coreWrite = await measure('(f) real create (merchant variant) on the core, pre-encrypted', {
      url: `http://127.0.0.1:${opts.ports.core}${writePath}`,
      method: 'POST',
      headers,
      makeBody: () => pool[i++ % pool.length]!,
      durationSec: opts.durationSec,
    });
    const pciWrite = await measure('(f) same create through the PCI host, plaintext', {
      url: `http://127.0.0.1:${opts.ports.pci}${writePath}`,
      method: 'POST',
      headers,
      body: body({ number: '4111111111111111', cvv: '123' }),
      durationSec: opts.durationSec,
    });
    const lib = buildLibraryAssets('sandbox').files.get('platform.js')!.body;
    const browser = await browserEncryptMs(`http://127.0.0.1:${opts.ports.core}`);
    lines.push(
      '### Card data (issue 12)',
      '',
      '(bench/servers/cards-standin.ts) (e) a thin stand-in in front of the self create: API-key authentication, the',
      'high pool, the ev:v1 shape and kid checks, 201 without storing: the worst case for the ratio, as the PCI',
      "host's own request handling is then half of all work; (f) the real create (merchant variant, approved card).",
      '',
      ...MEASUREMENT_TABLE_HEAD,
      ...[core, pci, coreWrite, pciWrite].map((r) => measurementRow(r)),
      '',
      '| figure | value | target |',
      '|---|---:|---:|',
      `| (e) PCI host / core, thin stand-in | ${(pci.rps / core.rps).toFixed(2)} | >= 0.8 |`,
      `| (f) PCI host / core, real create | ${(pciWrite.rps / coreWrite.rps).toFixed(2)} | >= 0.8 |`,
      `| platform.js size | ${lib.length} bytes, ${gzipSync(lib).length} gzip | |`,
      `| encryptCard in chromium (number + CVV), median of 50 | ${browser} | |`,
    );
  } finally {
    await stopProcess(child);
  }
  return lines;
}

async function browserEncryptMs(base: string): Promise<string> {
  if (!existsSync(CHROMIUM)) return 'not measured (no chromium)';
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/core/js/v1/frames/card.html`);
    const ms = await page.evaluate(async (apiBase) => {
      const pf = await (window as any).Platform.init({ apiBase });
      const times: number[] = [];
      for (let i = 0; i < 55; i++) {
        const t0 = performance.now();
        await pf.encryptCard({
          number: '4111111111111111',
          cvv: '123',
          expiry_month: '12',
          expiry_year: '2031',
          holder_name: 'X',
        });
        if (i >= 5) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)];
    }, `${base}/core`);
    return `${ms!.toFixed(2)} ms`;
  } finally {
    await browser.close();
  }
}
