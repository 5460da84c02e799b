#!/usr/bin/env node
// @ts-check
// The `platform` command (product.md §15). Plain ESM JavaScript: runs on Node 20.19 with no build step.
import { parseArgs } from 'node:util';
import {
  describeFailure,
  platformRequest,
  readText,
  resolveConnection,
  SANDBOX_DEFAULT_URL,
} from '../lib/connection.mjs';
import { listen, newSigningSecret } from '../lib/listen.mjs';

const HELP = `platform: local development with the payment platform

Usage:
  platform listen --forward-to <url> [--events <type,type>] [--secret <whsec_...>]
  platform trigger <event type>
  platform double adyen --port <p> --hmac-key <hex> [--api-key <key>] [--basic-auth user:pass]
  platform double pix --port <p> [--tls [--tls-dir <dir>]]
  platform --help

Commands:
  listen    Connects to the event stream (GET /v1/webhooks/stream) and forwards every event to --forward-to
            as the platform's webhooks arrive: a POST of the envelope, signed with the Standard Webhooks
            headers (webhook-id, webhook-timestamp, webhook-signature). The signing secret is printed at
            start (a new one each run unless --secret): verify with it, e.g. the client's verifyWebhook.
            One line per event: time, type, id and your answer's status code. Reconnects by itself,
            resuming after the last event received.
  trigger   Makes a sample event of that type in the sandbox (POST /v1/sandbox/events/trigger): it reaches
            the webhook endpoint and every open stream. An unknown type lists the known ones.
  double    Runs a local stand-in of a real provider on 127.0.0.1 (providers.md R7.2), stateful, checking
            every request against the provider's official document: "adyen" (Checkout API v71; point an
            ADYEN_CHECKOUT account's base_url at the printed URL) or "pix" (API Pix 2.9.0; base_url and
            token_url; --tls serves mTLS with a throwaway CA and writes the client certificate). Runs from a
            clone of the repository (it loads the doubles' TypeScript through tsx). Ctrl-C stops it.

Options:
  --forward-to <url>   where listen POSTs each event (e.g. http://localhost:3000/hooks)
  --events <a,b>       listen: forward only these event types (default: all)
  --secret <whsec_…>   listen: sign with this secret instead of a new one
  --api-key <key>      an organization API key (default: PLATFORM_API_KEY, else data/sandbox.json's); double adyen:
                       the only X-API-Key the double accepts (any other answers 401)
  --base-url <url>     the core API with its /core prefix (default: PLATFORM_BASE_URL, else
                       data/sandbox.json's core_url, else ${SANDBOX_DEFAULT_URL})
  --ca <file>          a CA certificate to trust (default: data/tls/localhost.crt for a local https URL)
  --port <p>           double: the port on 127.0.0.1 (default: any free port, printed)
  --hmac-key <hex>     double adyen: the HMAC key notifications are signed with (the account's hmac_key)
  --basic-auth <u:p>   double adyen: sent as Authorization: Basic with notifications
  --tls                double pix: serve https with client certificates (mTLS)
  --tls-dir <dir>      double pix: where the throwaway CA and client certificate go (default data/pix-double-tls)
  -h, --help           this text

DATA_DIR moves data/ as it does for npm start.`;

/** @param {string} message */
function fail(message) {
  process.stderr.write(`platform: ${message}\n`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      secret: { type: 'string' },
      'api-key': { type: 'string' },
      'base-url': { type: 'string' },
      ca: { type: 'string' },
      port: { type: 'string' },
      'hmac-key': { type: 'string' },
      'basic-auth': { type: 'string' },
      tls: { type: 'boolean' },
      'tls-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (err) {
  fail(`${/** @type {Error} */ (err).message}\n\n${HELP}`);
}
const { values: flags, positionals } = /** @type {NonNullable<typeof parsed>} */ (parsed);
const [command, ...rest] = positionals;

if (flags.help || !command || command === 'help') {
  process.stdout.write(`${HELP}\n`);
  process.exit(command || flags.help ? 0 : 1);
}

/** @returns {import('../lib/connection.mjs').Connection} */
function connection() {
  try {
    return resolveConnection(flags, process.env);
  } catch (err) {
    return fail(/** @type {Error} */ (err).message);
  }
}

if (command === 'listen') {
  const forwardTo = flags['forward-to'];
  if (!forwardTo) fail('listen needs --forward-to <url>, e.g. --forward-to http://localhost:3000/hooks');
  try {
    new URL(/** @type {string} */ (forwardTo));
  } catch {
    fail(`--forward-to is not a URL: ${forwardTo}`);
  }
  const conn = connection();
  const secret = flags.secret || newSigningSecret();
  const types = flags.events
    ? flags.events
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : undefined;
  const stop = new AbortController();
  process.on('SIGINT', () => stop.abort());
  process.on('SIGTERM', () => stop.abort());
  const log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
  log(`Forwarding events of ${conn.baseUrl} to ${forwardTo}${types ? ` (only ${types.join(', ')})` : ''}`);
  log(`Signing secret: ${secret}`);
  try {
    await listen({
      connection: conn,
      forwardTo: /** @type {string} */ (forwardTo),
      secret,
      types,
      signal: stop.signal,
      log,
    });
  } catch (err) {
    fail(/** @type {Error} */ (err).message);
  }
  process.exit(0);
} else if (command === 'trigger') {
  const type = rest[0];
  if (!type) fail('trigger needs an event type, e.g. platform trigger transaction.created');
  const conn = connection();
  try {
    const res = await platformRequest(conn, {
      method: 'POST',
      path: '/v1/sandbox/events/trigger',
      body: JSON.stringify({ type }),
    });
    const text = await readText(res);
    if (res.statusCode !== 201) fail(`trigger ${type}: ${describeFailure(res.statusCode ?? 0, text)}`);
    const event = JSON.parse(text);
    process.stdout.write(`Triggered ${event.type}: event ${event.id}\n`);
  } catch (err) {
    fail(`cannot reach ${conn.baseUrl}: ${/** @type {Error} */ (err).message}`);
  }
} else if (command === 'double') {
  const kind = rest[0];
  if (kind !== 'adyen' && kind !== 'pix') fail('double needs a provider: platform double adyen | platform double pix');
  const stop = new AbortController();
  process.on('SIGINT', () => stop.abort());
  process.on('SIGTERM', () => stop.abort());
  try {
    // The doubles are the platform's own TypeScript (src/providers/doubles), loaded through tsx.
    const { tsImport } = await import('tsx/esm/api');
    const doubles = await tsImport('../../../src/providers/doubles/index.ts', import.meta.url);
    await doubles.runDoubleCommand(
      kind,
      {
        port: flags.port,
        hmacKey: flags['hmac-key'],
        apiKey: kind === 'adyen' ? flags['api-key'] : undefined,
        basicAuth: flags['basic-auth'],
        tls: flags.tls,
        tlsDir: flags['tls-dir'],
      },
      (/** @type {string} */ line) => process.stdout.write(`${line}\n`),
      stop.signal,
    );
  } catch (err) {
    fail(`double ${kind}: ${/** @type {Error} */ (err).message}`);
  }
  process.exit(0);
} else {
  fail(`unknown command "${command}"\n\n${HELP}`);
}
