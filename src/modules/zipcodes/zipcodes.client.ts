import { request } from 'undici';
import { systemClock, type Clock } from '../../kernel/clock.js';
import { integrationError } from '../../kernel/errors.js';
import { SANDBOX_ZIPCODES } from './sandbox-zipcodes.js';

export interface ZipcodeResult {
  zipcode: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** Resolves an 8-digit CEP: the address, null when the CEP does not exist, or 502 when the service fails. */
export interface ZipcodeLookup {
  lookup(cep: string): Promise<ZipcodeResult | null>;
}

export class SandboxZipcodes implements ZipcodeLookup {
  async lookup(cep: string): Promise<ZipcodeResult | null> {
    const hit = SANDBOX_ZIPCODES[cep];
    return hit ? { zipcode: cep, ...hit } : null;
  }
}

interface ViaCepBody {
  erro?: boolean | string;
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
}

/** A ViaCEP-compatible service: `GET {url}/{cep}/json/`. Network errors, timeouts and 5xx become 502. */
export class ViaCepClient implements ZipcodeLookup {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 3000,
  ) {}

  async lookup(cep: string): Promise<ZipcodeResult | null> {
    let status: number;
    let body: unknown;
    try {
      const res = await request(`${this.baseUrl.replace(/\/+$/, '')}/${cep}/json/`, {
        method: 'GET',
        headers: { accept: 'application/json' },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.statusCode;
      body = status === 200 ? await res.body.json() : (await res.body.dump(), undefined);
    } catch {
      throw integrationError('The zipcode service did not answer');
    }
    if (status === 400 || status === 404) return null;
    if (status !== 200 || !body || typeof body !== 'object') throw integrationError('The zipcode service failed');
    const b = body as ViaCepBody;
    if (b.erro === true || b.erro === 'true') return null;
    if (typeof b.localidade !== 'string' || typeof b.uf !== 'string')
      throw integrationError('The zipcode service answered an unexpected body');
    return { zipcode: cep, street: b.logradouro ?? '', neighborhood: b.bairro ?? '', city: b.localidade, state: b.uf };
  }
}

const HIT_TTL_MS = 24 * 3600_000;
const MISS_TTL_MS = 3600_000;
const MAX_ENTRIES = 10_000;

/** Results are cached (product.md §11): known CEPs for a day, unknown ones for an hour; failures never. */
export class CachedZipcodes implements ZipcodeLookup {
  private readonly cache = new Map<string, { value: ZipcodeResult | null; expires: number }>();
  constructor(
    private readonly inner: ZipcodeLookup,
    private readonly clock: Clock = systemClock,
  ) {}

  async lookup(cep: string): Promise<ZipcodeResult | null> {
    const hit = this.cache.get(cep);
    const now = this.clock.now().getTime();
    if (hit && hit.expires > now) return hit.value;
    const value = await this.inner.lookup(cep);
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(cep, { value, expires: now + (value ? HIT_TTL_MS : MISS_TTL_MS) });
    return value;
  }
}

export function createZipcodeLookup(config: { zipcodeServiceUrl?: string }, clock: Clock = systemClock): ZipcodeLookup {
  return new CachedZipcodes(
    config.zipcodeServiceUrl ? new ViaCepClient(config.zipcodeServiceUrl) : new SandboxZipcodes(),
    clock,
  );
}

/** CEPs are 8 digits; the 5-digit form of old CEPs stands for its `000` suffix. Other lengths exist nowhere. */
export function toCep(id: string): string | null {
  if (id.length === 8) return id;
  if (id.length === 5) return `${id}000`;
  return null;
}
