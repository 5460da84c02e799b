import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Config } from './config.js';
import { writeFileAtomic } from './secrets.js';
import { wallMillis } from '../kernel/clock.js';

export interface TlsMaterial {
  cert: string;
  key: string;
}

/**
 * TLS for both hosts: configured files; else (sandbox) a self-signed localhost certificate generated once
 * into DATA_DIR/tls; none with TRUST_PROXY (plain HTTP behind a TLS-terminating proxy).
 */
export async function resolveTls(config: Config): Promise<TlsMaterial | undefined> {
  if (config.tls)
    return { cert: readFileSync(config.tls.certFile, 'utf8'), key: readFileSync(config.tls.keyFile, 'utf8') };
  if (config.trustProxy) return undefined;
  const dir = join(config.dataDir, 'tls');
  const certFile = join(dir, 'localhost.crt');
  const keyFile = join(dir, 'localhost.key');
  if (existsSync(certFile) && existsSync(keyFile))
    return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  mkdirSync(dir, { recursive: true });
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(wallMillis() + 825 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  writeFileAtomic(certFile, pems.cert);
  writeFileAtomic(keyFile, pems.private);
  return { cert: pems.cert, key: pems.private };
}
