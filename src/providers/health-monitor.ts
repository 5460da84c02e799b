import type { ProviderRegistry } from './registry.js';
import { systemClock, type Clock } from '../kernel/clock.js';
import { textOf } from '../kernel/text.js';

export interface ProviderHealth {
  name: string;
  status: 'OK' | 'ERROR';
  responseTime: number;
  lastChecked: string;
}

export type ProvidersReport =
  { enabled: number; initialized: number; health: ProviderHealth[] } | { status: 'unavailable'; error: string };

const CHECK_TIMEOUT_MS = 5000;

/** Checks provider health in the background (never per request) and keeps the last report. */
export class HealthMonitor {
  private report: ProvidersReport = { status: 'unavailable', error: 'provider health not checked yet' };
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly providers: ProviderRegistry,
    private readonly intervalMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  current(): ProvidersReport {
    return this.report;
  }

  async checkNow(): Promise<ProvidersReport> {
    try {
      const providers = this.providers.all();
      const health = await Promise.all(
        providers.map(async (p): Promise<ProviderHealth> => {
          const result = await withTimeout(p.healthCheck(), CHECK_TIMEOUT_MS).catch((err: Error) => ({
            ok: false,
            responseTimeMs: CHECK_TIMEOUT_MS,
            error: err.message,
          }));
          return {
            name: p.name,
            status: result.ok ? 'OK' : 'ERROR',
            responseTime: result.responseTimeMs,
            lastChecked: this.clock.now().toISOString(),
          };
        }),
      );
      const initialized = health.filter((h) => h.status === 'OK').length;
      this.report =
        initialized === 0 && providers.length > 0
          ? { status: 'unavailable', error: 'no provider answered its health check' }
          : { enabled: providers.length, initialized, health };
    } catch (err) {
      this.report = { status: 'unavailable', error: (err as Error).message };
    }
    return this.report;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.checkNow(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`health check timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(textOf(e)));
      },
    );
  });
}
