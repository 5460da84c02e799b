import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdyenDouble, type AdyenDoubleOptions } from './adyen-double.js';
import { PixDouble } from './pix-double.js';
import { throwawayPki } from './tls-material.js';

/**
 * The provider doubles (providers.md R7.2), for tests (in-process) and for `platform double adyen|pix`.
 * Both listen on 127.0.0.1 only.
 */
export { AdyenDouble, type AdyenDoubleOptions } from './adyen-double.js';
export { PixDouble, type PixDoubleOptions } from './pix-double.js';
export { throwawayPki, type ThrowawayPki } from './tls-material.js';
export { OfficialDocument } from './official-document.js';
export { adyenCheckoutDocument, adyenWebhooksDocument, pixApiDocument } from './documents.js';

export async function startAdyenDouble(options: AdyenDoubleOptions & { port?: number }): Promise<AdyenDouble> {
  const double = new AdyenDouble(options);
  await double.listen(options.port ?? 0);
  return double;
}

export async function startPixDouble(
  options: { port?: number; tls?: boolean; requireClientCertificate?: boolean; tokenLifetimeS?: number } = {},
): Promise<PixDouble> {
  const pki = options.tls ? await throwawayPki() : null;
  const double = new PixDouble({
    pki,
    requireClientCertificate: options.requireClientCertificate ?? false,
    ...(options.tokenLifetimeS ? { tokenLifetimeS: options.tokenLifetimeS } : {}),
  });
  await double.listen(options.port ?? 0);
  return double;
}

/** `platform double …`: starts one double and prints how to point an account at it; resolves when stopped. */
export async function runDoubleCommand(
  kind: string,
  flags: { port?: string; hmacKey?: string; apiKey?: string; basicAuth?: string; tls?: boolean; tlsDir?: string },
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port is not a port: ${flags.port}`);
  let close: () => Promise<void>;
  if (kind === 'adyen') {
    const hmacKey = flags.hmacKey ?? '';
    if (!/^([0-9a-fA-F]{2})+$/.test(hmacKey))
      throw new Error('double adyen needs --hmac-key <hex> (the key the account verifies notifications with)');
    const [username, ...rest] = (flags.basicAuth ?? '').split(':');
    const basicAuth = flags.basicAuth ? { username, password: rest.join(':') } : null;
    const double = await startAdyenDouble({
      port,
      hmacKey,
      basicAuth,
      ...(flags.apiKey ? { apiKey: flags.apiKey } : {}),
    });
    log(`Adyen Checkout v71 double on ${double.server.url}`);
    log(
      `  account base_url: ${double.baseUrl}   (${flags.apiKey ? 'X-API-Key must be the --api-key given, else 401' : 'any X-API-Key is accepted'})`,
    );
    log(`  controls: POST /__double/fail, POST /__double/result, POST /__double/notify, GET /__double/requests`);
    close = () => double.close();
  } else if (kind === 'pix') {
    const double = await startPixDouble({ port, tls: flags.tls ?? false });
    log(`API Pix 2.9.0 double on ${double.baseUrl}`);
    log(`  account base_url: ${double.baseUrl}   token_url: ${double.tokenUrl}   (any client id and secret)`);
    const pki = double.options.pki;
    if (pki) {
      const dir = flags.tlsDir ?? join('data', 'pix-double-tls');
      mkdirSync(dir, { recursive: true });
      for (const [name, pem] of Object.entries({
        'ca.crt': pki.ca,
        'client.crt': pki.client.cert,
        'client.key': pki.client.key,
      }))
        writeFileSync(join(dir, name), pem, { mode: 0o600 });
      log(`  mTLS: throwaway CA and client certificate written to ${dir}/ (ca.crt, client.crt, client.key)`);
    }
    log(
      `  controls: POST /__double/cob/{txid}/pay, /__double/devolucao/{id}/settle, /__double/med/{e2eid}, /__double/fail; GET /__double/requests`,
    );
    close = () => double.close();
  } else {
    throw new Error(`unknown double "${kind}": adyen or pix`);
  }
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await close();
}
