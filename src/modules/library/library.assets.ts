import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BIN_RANGES, brandFromBin } from '../../domain/card-brands.js';
import { TEST_CARDS } from '../cards/test-cards.js';

/** The browser library's source (src/library/, copied to dist/library/ by the build). */
const SOURCE_DIR = fileURLToPath(new URL('../../library/', import.meta.url));

export interface Asset {
  body: string;
  contentType: string;
  etag: string;
}

export interface LibraryAssets {
  /** Content hash of everything served: in the hashed file name and the frames' `?v=`. */
  version: string;
  files: Map<string, Asset>;
  frames: Map<string, Asset>;
  gzipBytes?: number;
}

/**
 * Builds the served files once per app: the brand table and (sandbox only) the test cards are filled in from the
 * same modules the API uses, so the browser applies the API's rules.
 */
export function buildLibraryAssets(environment: 'sandbox' | 'production'): LibraryAssets {
  const read = (name: string) => readFileSync(`${SOURCE_DIR}${name}`, 'utf8');
  const cards =
    environment === 'sandbox'
      ? TEST_CARDS.map((c) => ({
          number: c.number,
          brand: brandFromBin(c.number.slice(0, 6)),
          outcome: c.three_ds ?? c.outcome,
        }))
      : [];
  const raw = { platform: read('platform.js'), card: read('frames/card.html'), wallet: read('frames/wallet.html') };
  const version = createHash('sha256')
    .update(JSON.stringify([raw, BIN_RANGES, cards]))
    .digest('hex')
    .slice(0, 16);
  const fill = (text: string) =>
    text
      .replace('/*BIN_RANGES*/ []', JSON.stringify(BIN_RANGES))
      .replace("/*VERSION*/ ''", `'${version}'`)
      .replaceAll('/*VERSION*/', version)
      .replace('/*TEST_CARDS*/ []', JSON.stringify(cards));
  const asset = (body: string, contentType: string): Asset => ({
    body,
    contentType,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  });
  const platform = asset(fill(raw.platform), 'application/javascript; charset=utf-8');
  return {
    version,
    files: new Map([
      ['platform.js', platform],
      [`platform.${version}.js`, platform],
    ]),
    frames: new Map([
      ['card.html', asset(fill(raw.card), 'text/html; charset=utf-8')],
      ['wallet.html', asset(fill(raw.wallet), 'text/html; charset=utf-8')],
    ]),
  };
}
