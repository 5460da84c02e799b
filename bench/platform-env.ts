import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The environment a bench starts the platform with (dist/server.js): its database, ports, the staff key the
 * bench calls with, no rate limits (the bench measures the request path, not the pools), warnings only, and
 * the sandbox's autopilot off (nothing settles behind the measured requests). One place for every bench.
 */
export function platformEnv(o: {
  dbUrl: string;
  port: number;
  pciPort: number;
  platformKey: string;
  dataDir?: string;
}): Record<string, string> {
  return {
    DATABASE_URL: o.dbUrl,
    DATA_DIR: o.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-')),
    PORT: String(o.port),
    PCI_PORT: String(o.pciPort),
    TRUST_PROXY: 'true',
    PLATFORM_ADMIN_KEY: o.platformKey,
    RATE_LIMIT_STANDARD_RPS: '1000000000',
    RATE_LIMIT_HIGH_RPS: '1000000000',
    LOG_LEVEL: 'warn',
    SANDBOX_AUTOPILOT: 'false',
  };
}

/** What dist/server.js prints once it listens (the sandbox's first banner line). */
export const PLATFORM_READY = 'sandbox organization key';

/**
 * The node flags the platform is deployed with (package.json `config.nodeFlags`, which `start:prod` and
 * `worker:prod` pass to node; decision in docs/decisions/benchmarks.md), then BENCH_NODE_ARGS (e.g. --cpu-prof).
 * The bench measures the platform as deployed: its peak RSS and CPU include the heap bound's GCs.
 * BENCH_DEPLOYED_FLAGS=0 leaves the deployed flags out (an A/B of the flags themselves).
 */
export function platformNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    config?: { nodeFlags?: string };
  };
  const deployed = process.env.BENCH_DEPLOYED_FLAGS === '0' ? '' : (pkg.config?.nodeFlags ?? '');
  return [...deployed.split(' '), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ')].filter(Boolean);
}
