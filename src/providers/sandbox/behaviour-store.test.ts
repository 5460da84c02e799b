import { describe, expect, it } from 'vitest';
import { DEFAULT_BEHAVIOUR_OPERATIONS, freshCounters, type SandboxBehaviour } from './behaviour.js';
import { BEHAVIOUR_KEY, BEHAVIOUR_KIND, forgetAbsentBehaviour, withBehaviour } from './behaviour-store.js';
import { MemoryRecords, type SandboxRecords } from './records.js';

const decline: SandboxBehaviour = {
  operations: DEFAULT_BEHAVIOUR_OPERATIONS,
  technical_failure: null,
  decline: { refusal_code: 'CARD_DECLINED', next: 1 },
  latency_ms: 0,
  seed: 'acct-race',
};

describe('the sandbox behaviour store remembers "no behaviour" only from reads after the last write', () => {
  it('a read that began before a staff write does not hide the new behaviour for the next second', async () => {
    const provider = 'PROVIDER_RACE';
    const records = new MemoryRecords();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A read that saw no behaviour, and whose answer arrives only after the staff write (a loaded machine's order).
    const stale: SandboxRecords = {
      read: async () => {
        await gate;
        return undefined;
      },
      claim: (...a) => records.claim(...a),
      replace: (...a) => records.replace(...a),
      remove: (...a) => records.remove(...a),
    };
    const normal = () => Promise.resolve({ status: 'APPROVED' });
    const first = withBehaviour(stale, provider, 'card.authorize', 'k1', normal, () => 0);
    await records.claim(provider, BEHAVIOUR_KIND, BEHAVIOUR_KEY, {
      behaviour: decline,
      counters: freshCounters(decline),
      timeout_ms: 10_000,
      updated_at: '2026-11-28T00:00:00Z',
    });
    forgetAbsentBehaviour(provider);
    release();
    expect(await first).toEqual({ status: 'APPROVED' });
    // Within the first call's TTL: the store is read again, and the decline applies.
    expect(await withBehaviour(records, provider, 'card.authorize', 'k2', normal, () => 1)).toMatchObject({
      status: 'REFUSED',
    });
  });
});
