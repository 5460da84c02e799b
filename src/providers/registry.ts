import { ProviderNotCapable } from './errors.js';
import {
  PROVIDER_NAMES,
  type OperationName,
  type PaymentProvider,
  type ProviderName,
  type ProviderOperations,
} from './port.js';
import { FaultPlan, parseFaultSpec, SandboxProvider, type SandboxOptions } from './sandbox.js';

/**
 * What the registry knows of a provider account without opening anything: enough to answer `offers` and `has`
 * synchronously. `stamp` changes whenever the account or its credentials change (the cached adapter is rebuilt).
 */
export interface AccountRef {
  id: string;
  provider: string;
  connector: 'SANDBOX' | 'ADYEN_CHECKOUT' | 'PIX_API_BCB';
  /** The operations its adapter offers (derived from the connector, R1.8). */
  operations: readonly OperationName[];
  stamp: string;
}

/**
 * How accounts that are not built into the process become adapters: supplied by the composition root, which
 * alone reads the accounts table and opens credentials (src/modules/provider-accounts/account-resolver.ts).
 */
export interface ProviderResolver {
  /** Every account other than the built-in adapters (a small table). */
  accounts(): Promise<AccountRef[]>;
  /** The adapter of one account, its credentials opened for it; `validUntil` bounds how long it may be reused. */
  build(account: AccountRef): Promise<{ adapter: PaymentProvider; validUntil: number | null }>;
  /** Real time in milliseconds (the cache's TTL). */
  nowMs(): number;
}

/** One provider call the registry handed out, as it ended (`error` null for an answer). */
/** Calls made outside the port's operations that still count as the account's calls (R6.11). */
export type ExtraCallName = 'three-ds.details';

export interface ObservedCall {
  provider: string;
  operation: OperationName | ExtraCallName;
  latencyMs: number;
  error: unknown;
}
/** Told of every provider call (the composition root keeps latencies and the circuit breaker, R6.11). */
export type CallObserver = (call: ObservedCall) => Promise<void>;

/** How long another instance's change may go unseen (docs/decisions/providers.md "Dispatch"). */
export const ACCOUNT_CACHE_TTL_MS = 2_000;

type Built = { stamp: string; validUntil: number | null; adapter: Promise<PaymentProvider> };
const upper = (name: string) => name.toUpperCase();

/**
 * The adapters by provider account name (providers.md R1: a provider is an account). Built-in adapters are
 * fixed at construction (the sandbox stand-ins); any other account is resolved lazily through the injected
 * resolver and cached until the account or its credentials change (`invalidate` on this instance, the TTL for
 * changes made by other instances). Knows no table, request or area; throws `ProviderNotCapable`, never HTTP errors.
 */
export class ProviderRegistry {
  private readonly byName = new Map<string, PaymentProvider>();
  private snapshot = new Map<string, AccountRef>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private readonly built = new Map<string, Built>();
  private observer: CallObserver | null = null;

  constructor(
    providers: PaymentProvider[],
    private readonly resolver?: ProviderResolver,
  ) {
    for (const p of providers) this.byName.set(p.name, p);
  }

  /**
   * Every call handed out by `require` from now on is timed and reported once it ends, before its caller sees the
   * answer (an observer's failure never reaches the caller). `webhook.parse` is local work, never reported.
   */
  observeCalls(observer: CallObserver | null): void {
    this.observer = observer;
  }

  /** Built-in adapters and the account adapters built so far (health checks). */
  all(): PaymentProvider[] {
    return [...this.byName.values()];
  }

  /** A built-in adapter (tests reach the sandbox's fault hooks through it). Accounts: `resolve`. */
  get(name: ProviderName): PaymentProvider {
    const provider = this.byName.get(upper(name));
    if (!provider) throw new ProviderNotCapable(name, null);
    return provider;
  }

  has(name: string): name is ProviderName {
    return this.byName.has(upper(name)) || this.snapshot.has(upper(name));
  }

  /** Synchronous: a built-in's capabilities, else the account's connector as of the last load. */
  offers(name: string, operation: OperationName): boolean {
    const provider = this.byName.get(upper(name));
    if (provider)
      return provider.capabilities.operations.includes(operation) && typeof provider[operation] === 'function';
    return this.snapshot.get(upper(name))?.operations.includes(operation) ?? false;
  }

  /**
   * Whether `name` is an account whose adapter keeps bank accounts (`bank-account.open`): null for no such
   * account. An account without banking keeps its companies' accounts on the platform ledger only (Changes 9).
   */
  async keepsBankAccounts(name: string): Promise<boolean | null> {
    if (!this.byName.has(upper(name))) await this.refresh();
    if (!this.has(name)) return null;
    return this.offers(name, 'bank-account.open');
  }

  /** Brings the account list up to date (a create or patch on this instance awaits it through `invalidate`). */
  async refresh(force = false): Promise<void> {
    if (!this.resolver) return;
    if (!force && this.resolver.nowMs() - this.loadedAt < ACCOUNT_CACHE_TTL_MS) return;
    if (this.loading) return this.loading;
    const resolver = this.resolver;
    this.loading = (async () => {
      try {
        const refs = await resolver.accounts();
        const next = new Map(
          refs.filter((r) => !this.byName.has(upper(r.provider))).map((r) => [upper(r.provider), r]),
        );
        for (const [name, entry] of this.built) if (next.get(name)?.stamp !== entry.stamp) this.drop(name);
        this.snapshot = next;
        this.loadedAt = resolver.nowMs();
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** An account or its credentials changed on this instance: forget what was built and read the list again. */
  async invalidate(): Promise<void> {
    for (const name of [...this.built.keys()]) this.drop(name);
    this.loadedAt = Number.NEGATIVE_INFINITY;
    await this.refresh(true).catch(() => undefined);
  }

  /** The adapter of any account name; `ProviderNotCapable` when no such account exists. */
  async resolve(name: string): Promise<PaymentProvider> {
    const key = upper(name);
    const fixed = this.byName.get(key);
    if (fixed) return fixed;
    if (!this.resolver) throw new ProviderNotCapable(name, null);
    await this.refresh();
    let ref = this.snapshot.get(key);
    if (!ref) {
      await this.refresh(true);
      ref = this.snapshot.get(key);
    }
    if (!ref) throw new ProviderNotCapable(name, null);
    const cached = this.built.get(key);
    if (
      cached &&
      cached.stamp === ref.stamp &&
      (cached.validUntil === null || cached.validUntil > this.resolver.nowMs())
    )
      return cached.adapter;
    if (cached) this.drop(key);
    const entry: Built = {
      stamp: ref.stamp,
      validUntil: null,
      adapter: Promise.resolve(undefined as unknown as PaymentProvider),
    };
    entry.adapter = this.resolver.build(ref).then(
      ({ adapter, validUntil }) => {
        entry.validUntil = validUntil;
        return adapter;
      },
      (err: unknown) => {
        if (this.built.get(key) === entry) this.built.delete(key);
        throw err;
      },
    );
    this.built.set(key, entry);
    return entry.adapter;
  }

  /**
   * The provider's `operation`. A built-in answers bound at once; any other account is resolved when the
   * function is called. Either way an unknown account, or one whose connector does not list the operation,
   * throws `ProviderNotCapable` (synchronously when the last load already says so).
   */
  require<K extends OperationName>(name: string, operation: K): ProviderOperations[K] {
    const fixed = this.byName.get(upper(name));
    if (fixed) return this.observed(name, operation, bound(fixed, name, operation));
    const known = this.snapshot.get(upper(name));
    if (!this.resolver || (known && !known.operations.includes(operation)))
      throw new ProviderNotCapable(name, operation);
    return this.observed(name, operation, (async (req: unknown) => {
      const provider = await this.resolve(name);
      return (bound(provider, name, operation) as (r: unknown) => Promise<unknown>)(req);
    }) as ProviderOperations[K]);
  }

  /**
   * A provider call made outside the port's operations (a connector's own method, e.g. Adyen's
   * `/payments/details` of a 3DS challenge), timed and reported as `require`'s calls are.
   */
  async observedCall<T>(name: string, operation: ExtraCallName, call: () => Promise<T>): Promise<T> {
    const observer = this.observer;
    if (!observer) return call();
    const t0 = performance.now();
    const report = (error: unknown) =>
      observer({ provider: upper(name), operation, latencyMs: performance.now() - t0, error }).catch(() => undefined);
    let answer: T;
    try {
      answer = await call();
    } catch (err) {
      if (!(err instanceof ProviderNotCapable)) await report(err);
      throw err;
    }
    await report(null);
    return answer;
  }

  private observed<K extends OperationName>(
    name: string,
    operation: K,
    fn: ProviderOperations[K],
  ): ProviderOperations[K] {
    const observer = this.observer;
    if (!observer || operation === 'webhook.parse') return fn;
    const call = fn as (req: unknown) => Promise<unknown>;
    const report = (t0: number, error: unknown) =>
      observer({ provider: upper(name), operation, latencyMs: performance.now() - t0, error }).catch(() => undefined);
    return (async (req: unknown) => {
      const t0 = performance.now();
      let answer: unknown;
      try {
        answer = await call(req);
      } catch (err) {
        // An account that cannot do the operation made no call.
        if (!(err instanceof ProviderNotCapable)) await report(t0, err);
        throw err;
      }
      await report(t0, null);
      return answer;
    }) as ProviderOperations[K];
  }

  private drop(name: string): void {
    const entry = this.built.get(name);
    this.built.delete(name);
    // Connectors hold HTTP pools: closed once in-flight calls had time to finish.
    void entry?.adapter.then(
      (adapter) => {
        const close = (adapter as { close?: () => Promise<void> }).close;
        if (close) setTimeout(() => void close.call(adapter).catch(() => undefined), 30_000).unref();
      },
      () => undefined,
    );
  }
}

function bound<K extends OperationName>(provider: PaymentProvider, name: string, operation: K): ProviderOperations[K] {
  const fn = provider[operation];
  if (!provider.capabilities.operations.includes(operation) || typeof fn !== 'function')
    throw new ProviderNotCapable(name, operation);
  return (fn as (req: unknown) => Promise<unknown>).bind(provider) as ProviderOperations[K];
}

/**
 * Every built-in provider as a sandbox adapter, sharing one fault plan. `faultSpec` is `SANDBOX_PROVIDER_FAULTS`
 * (sandbox/faults.ts `parseFaultSpec`): the faults a spawned server starts with, for fault drills.
 */
export function sandboxProviders(
  options: SandboxOptions & { faultSpec?: string; resolver?: ProviderResolver } = {},
): ProviderRegistry {
  const faults = sandboxFaults(options);
  return new ProviderRegistry(
    PROVIDER_NAMES.map((name) => new SandboxProvider(name, { ...options, faults })),
    options.resolver,
  );
}

/** The fault plan of `options` with `faultSpec`'s faults injected (shared by built-ins and staff-created SANDBOX accounts). */
export function sandboxFaults(options: { faults?: FaultPlan; faultSpec?: string }): FaultPlan {
  const faults = options.faults ?? new FaultPlan();
  for (const { operation, fault } of parseFaultSpec(options.faultSpec)) faults.inject(operation, fault);
  return faults;
}
