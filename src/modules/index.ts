import type { FastifyInstance } from 'fastify';
import type { EventConsumerRegistry } from '../events/consumers.js';
import { webhookDeliveryConsumer } from './webhooks/webhooks.consumer.js';
import healthRoutes from './health/health.routes.js';
import platformRoutes from './platform/platform.routes.js';
import companiesRoutes from './companies/companies.routes.js';
import usersRoutes from './users/users.routes.js';
import authRoutes from './auth/auth.routes.js';
import zipcodesRoutes from './zipcodes/zipcodes.routes.js';
import webhooksRoutes from './webhooks/webhooks.routes.js';
import eventStreamRoutes from './webhooks/stream.routes.js';
import sandboxEventRoutes from './webhooks/sandbox-events.routes.js';
import { eventStreamSignalConsumer } from './webhooks/stream.signals.js';
import webhookDashboardRoutes from './webhooks/dashboard.routes.js';
import bankingRoutes from './banking/banking.routes.js';
import ledgerRoutes from './ledger/ledger.routes.js';
import feesRoutes from './fees/fees.routes.js';
import cardsRoutes from './cards/cards.routes.js';
import testCardRoutes from './cards/test-cards.js';
import encryptionKeyRoutes from './encryption-keys/keys.routes.js';
import libraryRoutes from './library/library.routes.js';
import pixRoutes from './pix/pix.routes.js';
import onboardingRoutes from './onboarding/onboarding.routes.js';
import affiliationsRoutes from './onboarding/affiliations.routes.js';
import onboardingPlatformRoutes from './onboarding/onboarding-platform.routes.js';
import affiliationsPlatformRoutes from './onboarding/affiliations-platform.routes.js';
import sandboxClockRoutes from './platform/sandbox-clock.routes.js';
import cashoutsRoutes from './cashouts/cashouts.routes.js';
import receivablesRoutes from './receivables/receivables.routes.js';
import disputesRoutes from './disputes/disputes.routes.js';
import sandboxDisputeRoutes from './disputes/disputes-sandbox.routes.js';
import anticipationsRoutes from './anticipations/anticipations.routes.js';
import apiKeysRoutes from './api-keys/api-keys.routes.js';
import webhookEndpointsRoutes from './webhooks/endpoints.routes.js';
import routingRoutes from './routing/routing.routes.js';
import requestLogsRoutes from './request-logs/request-logs.routes.js';
import providerAccountRoutes from './provider-accounts/provider-accounts.routes.js';
import reconciliationRoutes from './reconciliation/reconciliation.routes.js';
import sandboxBehaviourRoutes from './provider-accounts/sandbox-behaviour.routes.js';
import { providerEventRoutes, providerWebhookRoutes } from './provider-webhooks/index.js';
import { refundsRoutes, sandboxPaymentControlRoutes, threeDsRoutes, transactionsRoutes } from './payments/index.js';

/** Every area's routes, registered under /core. One line per area keeps parallel work mergeable. */
export const routeModules: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  platformRoutes,
  companiesRoutes,
  usersRoutes,
  authRoutes,
  zipcodesRoutes,
  webhooksRoutes,
  webhookDashboardRoutes,
  bankingRoutes,
  ledgerRoutes,
  feesRoutes,
  cardsRoutes,
  testCardRoutes,
  encryptionKeyRoutes,
  libraryRoutes,
  pixRoutes,
  onboardingRoutes,
  affiliationsRoutes,
  onboardingPlatformRoutes,
  affiliationsPlatformRoutes,
  sandboxClockRoutes,
  transactionsRoutes,
  threeDsRoutes,
  cashoutsRoutes,
  refundsRoutes,
  sandboxPaymentControlRoutes,
  receivablesRoutes,
  disputesRoutes,
  sandboxDisputeRoutes,
  anticipationsRoutes,
  apiKeysRoutes,
  webhookEndpointsRoutes,
  routingRoutes,
  requestLogsRoutes,
  eventStreamRoutes,
  sandboxEventRoutes,
  providerAccountRoutes,
  reconciliationRoutes,
  sandboxBehaviourRoutes,
  providerWebhookRoutes,
  providerEventRoutes,
];

/** Every area's event consumers, by name; composition roots register them before any event is recorded. */
export function registerEventConsumers(registry: EventConsumerRegistry): void {
  registry.register('webhook-delivery', webhookDeliveryConsumer);
  registry.register('event-stream-signals', eventStreamSignalConsumer);
}
