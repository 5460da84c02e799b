import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/health.routes.js';
import platformRoutes from './platform/platform.routes.js';
import companiesRoutes from './companies/companies.routes.js';
import onboardingRoutes from './onboarding/onboarding.routes.js';
import affiliationsRoutes from './onboarding/affiliations.routes.js';
import onboardingPlatformRoutes from './onboarding/onboarding-platform.routes.js';

/** Every area's routes, registered under /core. One line per area keeps parallel work mergeable. */
export const routeModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  platformRoutes,
  companiesRoutes,
  onboardingRoutes,
  affiliationsRoutes,
  onboardingPlatformRoutes,
];
