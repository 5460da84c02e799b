import { describe, expect, it } from 'vitest';
import { FaultPlan, parseFaultSpec } from './faults.js';

describe('sandbox fault plan', () => {
  it.each([
    ['', []],
    [
      'internal-transfer.submit:unknown_outcome',
      [{ operation: 'internal-transfer.submit', fault: { kind: 'unknown_outcome', times: 1 } }],
    ],
    [
      'bank-account.open:refused:2:BLOCKED, pix-key.register:crash',
      [
        { operation: 'bank-account.open', fault: { kind: 'refused', times: 2, code: 'BLOCKED' } },
        { operation: 'pix-key.register', fault: { kind: 'crash', times: 1 } },
      ],
    ],
  ])('parses %j', (spec, expected) => expect(parseFaultSpec(spec)).toEqual(expected));

  it.each(['nope.op:refused', 'bank-account.open:explode', 'bank-account.open:refused:0'])(
    'refuses %j at start',
    (spec) => {
      expect(() => parseFaultSpec(spec)).toThrow(/SANDBOX_PROVIDER_FAULTS/);
    },
  );

  it('applies each fault to the next calls only, in order, and counts calls per key', async () => {
    let crashed = 0;
    const plan = new FaultPlan(() => crashed++);
    plan.inject('card.void', { kind: 'unavailable', times: 2 }).inject('card.void', { kind: 'crash' });
    let applied = 0;
    const call = () => plan.run('card.void', 'k1', async () => ++applied);
    await expect(call()).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(call()).rejects.toMatchObject({ kind: 'unavailable' });
    expect(applied).toBe(0);
    expect(await call()).toBe(1);
    expect(crashed).toBe(1);
    expect(await call()).toBe(2);
    expect([plan.calls('card.void'), plan.calls('card.void', 'k1'), plan.calls('card.void', 'k2')]).toEqual([4, 4, 0]);
  });
});
