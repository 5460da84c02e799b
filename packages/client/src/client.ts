import createFetchClient, { type Client, type FetchOptions } from 'openapi-fetch';
import type {
  ErrorResponse,
  FilterKeys,
  HttpMethod,
  PathsWithMethod,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { components, paths } from './schema.js';

/** The paths the PCI host serves (README "Card data"): the card creates, plaintext card data in. */
export type PciPath =
  | '/v1/transactions'
  | '/v1/3ds-sessions'
  | '/v1/merchants/{merchantId}/transactions'
  | '/v1/merchants/{merchantId}/3ds-sessions';
type NoMethods = {
  get?: never;
  put?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
export type PciPaths = { [P in PciPath]: NoMethods & { parameters: paths[P]['parameters']; post: paths[P]['post'] } };

export type Credentials = { apiKey: string; token?: never } | { token: string; apiKey?: never };

export type ClientOptions = Credentials & {
  /** The core API, with its `/core` prefix: `https://127.0.0.1:8443/core` in the sandbox. */
  baseUrl: string;
  /** The PCI host, for server-to-server card data (`https://127.0.0.1:8444/core` in the sandbox). */
  pciBaseUrl?: string;
  /** Headers sent with every request (besides the credential). */
  headers?: Record<string, string>;
  /** A fetch of your own (defaults to the global fetch); called with the request and `requestInitExt`. */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
  /** Extra fetch options, e.g. `{ dispatcher }` for an undici agent with your own TLS settings. */
  requestInitExt?: Record<string, unknown>;
  /** Retries of a request refused before any work (the load guard's `503`, the rate pools' `429`), 2 by default. */
  retries?: number;
};

type UnionKeys<T> = T extends unknown ? keyof T : never;
type StrictUnionOf<T, All> = T extends unknown ? T & { [K in Exclude<UnionKeys<All>, keyof T>]?: undefined } : never;
/**
 * A union whose members each name the others' keys as absent, so any of them reads without narrowing: a create's
 * answer is its 201 or, on a replay, its 200, and `merchant.api_key` is a `string` on the first, `undefined` on the
 * second. A union that already shares its keys (a transaction by `payment_method`) is unchanged.
 */
export type StrictUnion<T> = StrictUnionOf<T, T>;

type Json = `${string}/json`;
// openapi-typescript's helpers constrain generated `paths` with `any`; a narrower bound rejects them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Operations = Record<string | number, any>;
/**
 * The success data of an operation: its 2xx JSON bodies, as one `StrictUnion`. (Not openapi-fetch's `Readable`:
 * the document has no read/write markers, and `Readable` drops a key typed `null`, such as a card transaction's `pix`.)
 */
export type SuccessData<Operation extends Operations> = StrictUnion<
  SuccessResponse<ResponseObjectMap<Operation>, Json>
>;
/** The error body of an operation: its 4xx/5xx JSON bodies (the error envelope). */
export type ErrorData<Operation extends Operations> = ErrorResponse<ResponseObjectMap<Operation>, Json>;
/** A call's answer: `data` on success, `error` otherwise, and the `Response`. */
export type Answer<Operation extends Operations> =
  | { data: SuccessData<Operation>; error?: never; response: Response }
  | { data?: never; error: ErrorData<Operation>; response: Response };

/**
 * The options of one call: exactly the operation's `params` (path, query, header), `body` and fetch options.
 * Not a generic inferred from the argument (as openapi-fetch's own): an unknown query parameter or body field is
 * a compile error, not a `400` at run time.
 */
export type CallOptions<Operation> = FetchOptions<Operation>;
type CallArgs<Operation> =
  RequiredKeysOf<CallOptions<Operation>> extends never
    ? [options?: CallOptions<Operation>]
    : [options: CallOptions<Operation>];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as openapi-fetch's own Client<Paths>
type Method<Paths extends Record<string, any>, M extends HttpMethod> = <P extends PathsWithMethod<Paths, M>>(
  url: P,
  ...options: CallArgs<FilterKeys<Paths[P], M>>
) => Promise<Answer<FilterKeys<Paths[P], M>>>;

/** The API's methods over `Paths`, typed strictly (see `CallOptions`), plus openapi-fetch's middleware. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as openapi-fetch's own Client<Paths>
export type StrictClient<Paths extends Record<string, any>> = Pick<Client<Paths>, 'use' | 'eject'> & {
  GET: Method<Paths, 'get'>;
  POST: Method<Paths, 'post'>;
  PUT: Method<Paths, 'put'>;
  PATCH: Method<Paths, 'patch'>;
  DELETE: Method<Paths, 'delete'>;
};

export interface PlatformClient extends StrictClient<paths> {
  /** The PCI host's card creates (throws when `pciBaseUrl` was not given). */
  pci: StrictClient<PciPaths>;
}

export type ErrorEnvelope = components['schemas']['Error'];

/** An error answer of the API (its envelope), thrown by `unwrap`. */
export class PlatformError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;
  constructor(status: number, envelope: ErrorEnvelope | undefined, fallback: string) {
    super(envelope?.error?.message ?? fallback);
    this.name = 'PlatformError';
    this.status = status;
    // The rate pools answer 429 with no body (product.md §2): the catalogue's code for it.
    this.code = envelope?.error?.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : 'UNKNOWN');
    this.details = envelope?.error?.details;
    this.requestId = envelope?.error?.requestId;
  }
}

/**
 * A client of the platform API: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` over the document's paths, bodies,
 * parameters and answers typed (openapi-fetch). Each call answers `{ data, error, response }`; `unwrap` turns
 * that into the data or a thrown `PlatformError`.
 */
export function createClient(options: ClientOptions): PlatformClient {
  const credential: Record<string, string> =
    options.apiKey !== undefined ? { 'x-api-key': options.apiKey } : { authorization: `Bearer ${options.token}` };
  const shared = {
    // A list filter (`status`, `payment_method`, `sort`) is one comma-separated value, as the document states.
    querySerializer: { array: { style: 'form', explode: false } } as const,
    headers: { ...options.headers, ...credential },
    fetch: retrying(options.fetch ?? ((request, init) => globalThis.fetch(request, init)), options.retries ?? 2),
    ...(options.requestInitExt && { requestInitExt: options.requestInitExt }),
  };
  const core = createFetchClient<paths>({ baseUrl: options.baseUrl, ...shared });
  const pci = options.pciBaseUrl ? createFetchClient<PciPaths>({ baseUrl: options.pciBaseUrl, ...shared }) : undefined;
  return Object.defineProperty(core as unknown as PlatformClient, 'pci', {
    enumerable: true,
    get() {
      if (!pci) throw new Error('createClient: pass pciBaseUrl to send card data through the PCI host');
      return pci;
    },
  });
}

type Fetch = (request: Request, init?: RequestInit) => Promise<Response>;

/**
 * How long to wait before sending again, only for answers the platform gives before any work: a `503` of its
 * load guard (`Retry-After`) or a `429` of its rate pools (empty, `x-ratelimited: true`, `x-ratelimit-reset`
 * seconds). Anything else, including a provider's 503, is the caller's to decide.
 */
function retryAfterMs(response: Response): number | undefined {
  const header =
    response.status === 503
      ? response.headers.get('retry-after')
      : response.status === 429 && response.headers.get('x-ratelimited') === 'true'
        ? (response.headers.get('retry-after') ?? response.headers.get('x-ratelimit-reset') ?? '1')
        : null;
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 10) * 1000 : undefined;
}

/**
 * The platform sheds load (`503`) and limits rates (`429`) before authenticating or validating: such a request
 * was not processed, so sending it again is safe, even a create.
 */
function retrying(base: Fetch, retries: number): Fetch {
  return async (request, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      const response = await base(last ? request : request.clone(), init);
      const wait = last ? undefined : retryAfterMs(response);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}

type AnyAnswer = { data?: unknown; error?: unknown; response: Response };

/** The answer's data, or a `PlatformError` carrying the error envelope (status, code, details). */
export async function unwrap<A extends AnyAnswer>(answer: A | Promise<A>): Promise<NonNullable<A['data']>> {
  const { data, error, response } = await answer;
  if (error !== undefined || !response.ok) {
    throw new PlatformError(response.status, error as ErrorEnvelope | undefined, `HTTP ${response.status}`);
  }
  return data as NonNullable<A['data']>;
}
