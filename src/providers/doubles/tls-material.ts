import { generate } from 'selfsigned';
import { wallMillis } from '../../kernel/clock.js';

/** A throwaway PKI for the PIX double's mTLS on 127.0.0.1: a CA, a server certificate and a client certificate it signs. */
export interface ThrowawayPki {
  ca: string;
  server: { cert: string; key: string };
  client: { cert: string; key: string };
}

const DAY_MS = 86_400_000;

export async function throwawayPki(clientCn = 'platform-pix-client'): Promise<ThrowawayPki> {
  const notAfterDate = new Date(wallMillis() + 2 * DAY_MS);
  const ca = await generate([{ name: 'commonName', value: 'PIX double throwaway CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signer = { key: ca.private, cert: ca.cert };
  const server = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    ca: signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const client = await generate([{ name: 'commonName', value: clientCn }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    ca: signer,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  return {
    ca: ca.cert,
    server: { cert: server.cert, key: server.private },
    client: { cert: client.cert, key: client.private },
  };
}
