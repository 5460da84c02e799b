import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { routingConfigurations, type RoutingConfigurationRow } from '../../db/schema/index.js';

/** The organization's current configuration: its highest version, or null when it never saved one. */
export async function currentConfiguration(
  tx: Executor,
  organizationId: string,
): Promise<RoutingConfigurationRow | null> {
  const [row] = await tx
    .select()
    .from(routingConfigurations)
    .where(eq(routingConfigurations.organizationId, organizationId))
    .orderBy(desc(routingConfigurations.version))
    .limit(1);
  return row ?? null;
}

export async function insertConfiguration(
  tx: Executor,
  row: RoutingConfigurationRow,
): Promise<RoutingConfigurationRow> {
  const [inserted] = await tx.insert(routingConfigurations).values(row).returning();
  return inserted!;
}
