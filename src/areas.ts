import type { FastifyInstance } from 'fastify';
import type { EventConsumerRegistry } from './events/consumers.js';
import { webhookDeliveryConsumer } from './modules/webhooks/webhooks.consumer.js';
import healthRoutes from './modules/health/health.routes.js';
import platformRoutes from './modules/platform/platform.routes.js';
import companiesRoutes from './modules/companies/companies.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import zipcodesRoutes from './modules/zipcodes/zipcodes.routes.js';
import webhooksRoutes from './modules/webhooks/webhooks.routes.js';
import eventStreamRoutes from './modules/webhooks/stream.routes.js';
import sandboxEventRoutes from './modules/webhooks/sandbox-events.routes.js';
import { eventStreamSignalConsumer } from './modules/webhooks/stream.signals.js';
import webhookDashboardRoutes from './modules/webhooks/dashboard.routes.js';
import bankingRoutes from './modules/banking/banking.routes.js';
import ledgerRoutes from './modules/ledger/ledger.routes.js';
import feesRoutes from './modules/fees/fees.routes.js';
import cardsRoutes from './modules/cards/cards.routes.js';
import testCardRoutes from './modules/cards/test-cards.js';
import encryptionKeyRoutes from './modules/encryption-keys/keys.routes.js';
import libraryRoutes from './modules/library/library.routes.js';
import pixRoutes from './modules/pix/pix.routes.js';
import onboardingRoutes from './modules/onboarding/onboarding.routes.js';
import affiliationsRoutes from './modules/onboarding/affiliations.routes.js';
import onboardingPlatformRoutes from './modules/onboarding/onboarding-platform.routes.js';
import affiliationsPlatformRoutes from './modules/onboarding/affiliations-platform.routes.js';
import sandboxClockRoutes from './modules/platform/sandbox-clock.routes.js';
import cashoutsRoutes from './modules/cashouts/cashouts.routes.js';
import receivablesRoutes from './modules/receivables/receivables.routes.js';
import disputesRoutes from './modules/disputes/disputes.routes.js';
import sandboxDisputeRoutes from './modules/disputes/disputes-sandbox.routes.js';
import anticipationsRoutes from './modules/anticipations/anticipations.routes.js';
import apiKeysRoutes from './modules/api-keys/api-keys.routes.js';
import webhookEndpointsRoutes from './modules/webhooks/endpoints.routes.js';
import routingRoutes from './modules/routing/routing.routes.js';
import requestLogsRoutes from './modules/request-logs/request-logs.routes.js';
import providerAccountRoutes from './modules/provider-accounts/provider-accounts.routes.js';
import reconciliationRoutes from './modules/reconciliation/reconciliation.routes.js';
import sandboxBehaviourRoutes from './modules/provider-accounts/sandbox-behaviour.routes.js';
import { providerEventRoutes, providerWebhookRoutes } from './modules/provider-webhooks/index.js';
import {
  refundsRoutes,
  sandboxPaymentControlRoutes,
  threeDsRoutes,
  transactionsRoutes,
} from './modules/payments/index.js';

/**
 * Every area's routes, registered under /core. One line per area keeps parallel work mergeable. A composition
 * file (src/app.ts and src/composition.ts read it): the areas' list imports every area, so it sits with the root,
 * not at the modules' root, which areas read (the event catalogue, src/modules/event-payloads.ts).
 */
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
