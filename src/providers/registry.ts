import { badRequest } from '../http/errors.js';
import { PROVIDER_NAMES, type PaymentProvider, type ProviderName } from './port.js';
import { SandboxProvider } from './sandbox.js';

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
    if (!provider) throw badRequest(`Provider ${name} is not enabled`, 'provider', name);
    return provider;
  }

  has(name: string): name is ProviderName {
    return this.byName.has(name as ProviderName);
  }
}

export function sandboxProviders(): ProviderRegistry {
  return new ProviderRegistry(PROVIDER_NAMES.map((name) => new SandboxProvider(name)));
}
