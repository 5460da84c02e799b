import { performance } from 'node:perf_hooks';
import {
  IDENTITY_DOCUMENT_TYPES,
  OTHER_DOCUMENT_TYPES,
  type DocumentTypeName,
  type HealthCheckResult,
  type PaymentProvider,
  type ProviderCapabilities,
  type ProviderName,
} from './port.js';
import { SandboxBanking } from './sandbox-banking.js';

const WITHOUT_RNE = IDENTITY_DOCUMENT_TYPES.filter((t) => !t.startsWith('RNE_'));

/** product.md §6: PROVIDER_A accepts CNH and RG but not RNE; PROVIDER_B accepts all three; both every other type. */
export const SANDBOX_CAPABILITIES: Record<ProviderName, ProviderCapabilities> = {
  PROVIDER_A: { companyOnboarding: true, acceptedDocumentTypes: [...WITHOUT_RNE, ...OTHER_DOCUMENT_TYPES] as DocumentTypeName[] },
  PROVIDER_B: { companyOnboarding: true, acceptedDocumentTypes: [...IDENTITY_DOCUMENT_TYPES, ...OTHER_DOCUMENT_TYPES] },
  INTERNAL: { companyOnboarding: false, acceptedDocumentTypes: [] },
};

/**
 * A sandbox provider: answers in-process, so the sandbox runs with one command. Tests can make it
 * unhealthy to see health turn ERROR.
 */
export class SandboxProvider implements PaymentProvider {
  readonly capabilities: ProviderCapabilities;
  /** Banking operations (src/providers/banking.ts). */
  readonly banking: SandboxBanking;
  private failure: string | null = null;

  constructor(readonly name: ProviderName) {
    this.capabilities = SANDBOX_CAPABILITIES[name];
    this.banking = new SandboxBanking(name);
  }

  /** Test and fault hook: a non-null reason makes every health check fail with it. */
  simulateOutage(reason: string | null): void {
    this.failure = reason;
  }

  async healthCheck(): Promise<HealthCheckResult> {
    const started = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    const responseTimeMs = Math.round(performance.now() - started);
    return this.failure ? { ok: false, responseTimeMs, error: this.failure } : { ok: true, responseTimeMs };
  }
}
