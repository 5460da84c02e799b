import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../kernel/clock.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { PROVIDER_NAMES, type ProviderName } from '../../providers/port.js';
import type { EngineContext } from './engine.js';
import { AUTOPILOT_DELAY_MS } from './onboarding.job-kinds.js';
import { LocalFileStore, type FileStore } from './file-store.js';
import { DownloadSigner } from './signed-urls.js';
import { HostedLinkSigner, type LinkSubject } from './hosted-link.js';

/** The onboarding area's collaborators, resolved once per app so every route shares one signer and store. */
export interface OnboardingDeps {
  fileStore: FileStore;
  signer: DownloadSigner;
  /** Signs the hosted onboarding page's links (same secret as downloads, another purpose in the MAC). */
  links: HostedLinkSigner;
  accepts: (provider: string) => readonly string[];
  offersOnboarding(provider: string): boolean;
}

/** The slice of the app's dependencies onboarding needs (structural: the app passes its own; no src/deps.ts import). */
export interface OnboardingHost {
  config: { env: string; sandboxAutopilot: boolean; dataDir: string; publicBaseUrl?: string | undefined };
  providers: ProviderRegistry;
  clock: Clock;
  documentUrlSecret?: string | undefined;
  fileStore?: FileStore | undefined;
}

const resolved = new WeakMap<OnboardingHost, OnboardingDeps>();

export function onboardingDeps(deps: OnboardingHost): OnboardingDeps {
  let found = resolved.get(deps);
  if (!found) {
    const known = (p: string): p is ProviderName =>
      (PROVIDER_NAMES as readonly string[]).includes(p) && deps.providers.has(p);
    // Without a configured secret links live as long as the process (server.ts passes a persisted one).
    const secret = deps.documentUrlSecret ?? randomBytes(32).toString('hex');
    found = {
      fileStore: deps.fileStore ?? new LocalFileStore(join(deps.config.dataDir, 'files')),
      signer: new DownloadSigner(secret, deps.clock),
      links: new HostedLinkSigner(secret, deps.clock),
      accepts: (p) => (known(p) ? deps.providers.get(p).capabilities.acceptedDocumentTypes : []),
      offersOnboarding: (p) => known(p) && deps.providers.get(p).capabilities.companyOnboarding,
    };
    resolved.set(deps, found);
  }
  return found;
}

/** PUBLIC_BASE_URL when configured, else the address the request came to. */
export function baseUrlOf(deps: OnboardingHost, request: FastifyRequest): string {
  return deps.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

/** The affiliation's `onboarding_url` as a read presents it now: signed, valid 7 days from today's issue time. */
export function onboardingLinkOf(deps: OnboardingHost, request: FastifyRequest): (row: LinkSubject) => string {
  const base = baseUrlOf(deps, request);
  const { links } = onboardingDeps(deps);
  return (row) => links.url(base, row);
}

export function engineContext(deps: OnboardingHost, request: FastifyRequest): EngineContext {
  return {
    correlationId: request.id,
    baseUrl: baseUrlOf(deps, request),
    accepts: onboardingDeps(deps).accepts,
    clock: deps.clock,
    autopilotReviewMs: autopilotReviewMs(deps),
    onboardingLinkOf: onboardingLinkOf(deps, request),
  };
}

/** SANDBOX_AUTOPILOT: the sandbox providers review new documents and captures by themselves after a delay. */
export const autopilotReviewMs = (deps: OnboardingHost): number | undefined =>
  deps.config.env === 'sandbox' && deps.config.sandboxAutopilot ? AUTOPILOT_DELAY_MS : undefined;
