import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../kernel/clock.js';
import { conflictWithReason, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { currentConfiguration, insertConfiguration } from './routing.repo.js';
import {
  toRoutingView,
  type RoutingConfigurationInput,
  type RoutingConfigurationView,
  type StoredRule,
} from './routing.schemas.js';
import { usableAccounts } from '../provider-accounts/provider-accounts.repo.js';
import { roundRate } from '../../providers/routing/decide.js';
import { successRate } from '../../providers/routing/strategies.js';
import { windowsOf } from './routing-outcomes.repo.js';

export async function getRouting(db: Database, organizationId: string): Promise<RoutingConfigurationView> {
  return toRoutingView(organizationId, await currentConfiguration(db, organizationId));
}

/** Every account name in the body that the organization may not use: `INVALID_ENUM` on its path (R6.2). */
function unusableNames(body: RoutingConfigurationInput, allowed: readonly string[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const check = (field: string, name: string) => {
    if (!allowed.includes(name)) {
      issues.push({
        field,
        type: 'INVALID_ENUM',
        message: `${field} must be one of: ${allowed.join(', ')}`,
        value: name,
        constraints: { allowed },
      });
    }
  };
  body.rules.forEach((rule, r) => {
    const strategy = rule.strategy;
    if (strategy.type === 'VOLUME')
      strategy.splits.forEach((s, i) => check(`rules.${r}.strategy.splits.${i}.provider`, s.provider));
    else strategy.providers.forEach((p, i) => check(`rules.${r}.strategy.providers.${i}`, p));
  });
  body.default_providers.forEach((p, i) => check(`default_providers.${i}`, p));
  return issues;
}

/**
 * `PUT /v1/routing` (R6.2): the whole configuration replaced as one new version with new rule ids, and
 * `routing-configuration.updated`. A stale `version` answers `VERSION_MISMATCH`; two writers racing for the same
 * next version meet the primary key, and the loser answers the mismatch too (it read a version that is gone).
 */
export async function putRouting(
  db: Database,
  clock: Clock,
  organizationId: string,
  body: RoutingConfigurationInput,
  correlationId: string,
): Promise<RoutingConfigurationView> {
  try {
    return await db.transaction(async (tx) => {
      const current = await currentConfiguration(tx, organizationId);
      const currentVersion = current?.version ?? 0;
      if (body.version !== undefined && body.version !== currentVersion) {
        throw conflictWithReason(
          `The configuration is at version ${currentVersion}`,
          'version',
          body.version,
          'VERSION_MISMATCH',
        );
      }
      const issues = unusableNames(
        body,
        (await usableAccounts(tx, organizationId)).map((a) => a.provider),
      );
      if (issues.length > 0) throw validationError(issues);
      const now = clock.now(organizationId);
      const rules: StoredRule[] = body.rules.map((rule) => ({ id: randomUUID(), ...rule }));
      const row = await insertConfiguration(tx, {
        organizationId,
        version: currentVersion + 1,
        seed: body.seed ?? current?.seed ?? organizationId,
        rules,
        defaultProviders: body.default_providers,
        failover: body.failover,
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
      });
      const view = toRoutingView(organizationId, row);
      await recordEvent(
        tx,
        {
          type: 'routing-configuration.updated',
          companyId: organizationId,
          organizationId,
          payload: view,
          correlationId,
        },
        now,
      );
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'routing_configurations_pkey')) {
      throw conflictWithReason(
        'The configuration changed while this one was being saved',
        'version',
        body.version ?? null,
        'VERSION_MISMATCH',
      );
    }
    throw err;
  }
}

/** R6.10's windows of the organization: each group's last `size` outcomes. */
export async function routingStats(db: Database, organizationId: string, size: number) {
  const windows = await windowsOf(db, organizationId, size);
  return {
    data: windows.map((w) => ({
      provider: w.provider,
      provider_account_id: w.provider_account_id,
      payment_method: w.payment_method,
      samples: Number(w.samples),
      successes: Number(w.successes),
      success_rate: roundRate(successRate({ samples: Number(w.samples), successes: Number(w.successes) })),
      latency_ms_p50: w.latency_ms_p50 === null ? null : Number(w.latency_ms_p50),
      latency_ms_p95: w.latency_ms_p95 === null ? null : Number(w.latency_ms_p95),
    })),
  };
}
