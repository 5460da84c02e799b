// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';

/** Where `npm start` writes the sandbox's URLs and keys (README "Quick start"). */
export const SANDBOX_DEFAULT_URL = 'https://127.0.0.1:8443/core';

/**
 * @typedef {{ baseUrl: string, apiKey: string, ca?: Buffer, source: string }} Connection
 * The platform to talk to: `baseUrl` is the core API with its `/core` prefix, as the typed client takes it.
 */

/**
 * Flags, then environment, then what `npm start` wrote in DATA_DIR (default ./data): a sandbox started from the
 * same directory needs no flag at all. Its self-signed certificate (DATA_DIR/tls/localhost.crt) is trusted for it.
 * @param {{ 'base-url'?: string, 'api-key'?: string, ca?: string }} flags
 * @param {NodeJS.ProcessEnv} env
 * @returns {Connection}
 */
export function resolveConnection(flags, env) {
  const dataDir = env.DATA_DIR || 'data';
  const sandboxFile = join(dataDir, 'sandbox.json');
  /** @type {{ core_url?: string, organization?: { api_key?: string } }} */
  let sandbox = {};
  if (existsSync(sandboxFile)) {
    try {
      sandbox = JSON.parse(readFileSync(sandboxFile, 'utf8'));
    } catch {
      // Not a sandbox file we can read: flags and environment only.
    }
  }
  const baseUrl = (flags['base-url'] || env.PLATFORM_BASE_URL || sandbox.core_url || SANDBOX_DEFAULT_URL).replace(
    /\/+$/,
    '',
  );
  const apiKey = flags['api-key'] || env.PLATFORM_API_KEY || sandbox.organization?.api_key || '';
  if (!apiKey) {
    throw new Error(
      `No API key: pass --api-key, set PLATFORM_API_KEY, or start the sandbox here (npm start writes ${sandboxFile})`,
    );
  }
  const source = flags['api-key'] ? '--api-key' : env.PLATFORM_API_KEY ? 'PLATFORM_API_KEY' : sandboxFile;
  const caFile = flags.ca || join(dataDir, 'tls', 'localhost.crt');
  const local = /^https:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(baseUrl);
  const ca = flags.ca || (local && existsSync(caFile)) ? readFileSync(caFile) : undefined;
  return { baseUrl, apiKey, ca, source };
}

/**
 * One request to the platform (node's http or https, so the sandbox's certificate can be trusted without a
 * global setting). Resolves with the response still streaming.
 * @param {Connection} connection
 * @param {{ method: string, path: string, headers?: Record<string, string>, body?: string, signal?: AbortSignal }} options
 * @returns {Promise<import('node:http').IncomingMessage>}
 */
export function platformRequest(connection, { method, path, headers = {}, body, signal }) {
  const url = new URL(connection.baseUrl + path);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method,
      signal,
      ...(connection.ca && url.protocol === 'https:' ? { ca: connection.ca } : {}),
      headers: {
        'x-api-key': connection.apiKey,
        'user-agent': 'platform-cli/1',
        ...headers,
        ...(body !== undefined
          ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
          : {}),
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * @param {import('node:http').IncomingMessage} res
 * @returns {Promise<string>}
 */
export async function readText(res) {
  let text = '';
  res.setEncoding('utf8');
  for await (const chunk of res) text += chunk;
  return text;
}

/**
 * The error envelope's message (and what details say), for one readable line.
 * @param {number} status
 * @param {string} text
 */
export function describeFailure(status, text) {
  try {
    const { error } = JSON.parse(text);
    const issue = error?.details?.issues?.[0];
    const detail = issue ? issue.message : (error?.details?.invalidField ?? '');
    return `${status} ${error?.code ?? ''}: ${error?.message ?? ''}${detail ? ` (${detail})` : ''}`.trim();
  } catch {
    return `${status} ${text.slice(0, 200)}`.trim();
  }
}
