import { ProviderNotCapable } from './errors.js';
import { PROVIDER_NAMES, type OperationName, type PaymentProvider, type ProviderName, type ProviderOperations } from './port.js';
import { FaultPlan, parseFaultSpec, SandboxProvider, type SandboxOptions } from './sandbox.js';

/** The enabled adapters by name. Knows no table, request or area; throws `ProviderNotCapable`, never HTTP errors. */
export class ProviderRegistry {
  private readonly byName = new Map<ProviderName, PaymentProvider>();

  constructor(providers: PaymentProvider[]) {
    for (const p of providers) this.byName.set(p.name, p);
  }

  all(): PaymentProvider[] {
    return [...this.byName.values()];
  }

  get(name: ProviderName): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) throw new ProviderNotCapable(name, null);
    return provider;
  }

  has(name: string): name is ProviderName {
    return this.byName.has(name as ProviderName);
  }

  offers(name: string, operation: OperationName): boolean {
    const provider = this.byName.get(name as ProviderName);
    return !!provider && provider.capabilities.operations.includes(operation) && typeof provider[operation] === 'function';
  }

  /** The provider's `operation`, bound: throws `ProviderNotCapable` when it is not enabled or does not list it. */
  require<K extends OperationName>(name: string, operation: K): ProviderOperations[K] {
    const provider = this.byName.get(name as ProviderName);
    if (!provider) throw new ProviderNotCapable(name, null);
    const fn = provider[operation];
    if (!provider.capabilities.operations.includes(operation) || typeof fn !== 'function') throw new ProviderNotCapable(name, operation);
    return (fn as (req: unknown) => Promise<unknown>).bind(provider) as ProviderOperations[K];
  }
}

/**
 * Every provider as a sandbox adapter, sharing one fault plan. `faultSpec` is `SANDBOX_PROVIDER_FAULTS`
 * (sandbox/faults.ts `parseFaultSpec`): the faults a spawned server starts with, for fault drills.
 */
export function sandboxProviders(options: SandboxOptions & { faultSpec?: string } = {}): ProviderRegistry {
  const faults = options.faults ?? new FaultPlan();
  for (const { operation, fault } of parseFaultSpec(options.faultSpec)) faults.inject(operation, fault);
  return new ProviderRegistry(PROVIDER_NAMES.map((name) => new SandboxProvider(name, { ...options, faults })));
}
