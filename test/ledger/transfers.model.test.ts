import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/**
 * Model-based: random sequences of deposits, transfers (alone and in concurrent bursts from one origin, which
 * the batcher groups), completions and failures through the HTTP API, checked against a model of the
 * balances after every step, and the ledger invariants after every run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

interface Model {
  key: string;
  accounts: string[];
  available: number[];
  held: number[];
  open: { id: string; from: number; to: number; amount: number }[];
}
interface Real {
  model: Model;
}
type Cmd = fc.AsyncCommand<Model, Real>;

const call = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown) =>
  t.request({ method, url: `/core${url}`, key, ...(payload ? { payload } : {}) });

async function expectBalances(m: Model) {
  for (const [i, id] of m.accounts.entries()) {
    const res = await call('GET', `/v1/banking/bank-accounts/${id}`, m.key);
    expect(res.json().balance).toEqual({ available: m.available[i], held: m.held[i], pending: 0, debt: 0 });
  }
}

class Deposit implements Cmd {
  constructor(
    readonly i: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model) {
    expect(
      (
        await call('POST', `/v1/platform/sandbox/bank-accounts/${m.accounts[this.i]}/deposits`, t.platformKey, {
          amount: this.amount,
        })
      ).statusCode,
    ).toBe(200);
    m.available[this.i]! += this.amount;
    await expectBalances(m);
  }
  toString = () => `deposit(${this.i}, ${this.amount})`;
}

class Transfers implements Cmd {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amounts: number[],
  ) {}
  check = () => this.from !== this.to;
  async run(m: Model) {
    const replies = await Promise.all(
      this.amounts.map((amount) =>
        call('POST', '/v1/banking/internal-transfers', m.key, {
          request_id: randomUUID(),
          origin_bank_account_id: m.accounts[this.from],
          destination_bank_account_id: m.accounts[this.to],
          amount,
        }),
      ),
    );
    let taken = 0;
    for (const [k, r] of replies.entries()) {
      expect([201, 409]).toContain(r.statusCode);
      if (r.statusCode === 201) {
        taken += this.amounts[k]!;
        m.open.push({ id: r.json().id, from: this.from, to: this.to, amount: this.amounts[k]! });
      }
    }
    // Whatever order the concurrent creates ran in, each refusal was a real shortfall at its turn (the
    // available balance only went down during the burst, so it was at least what is left at the end).
    expect(taken).toBeLessThanOrEqual(m.available[this.from]!);
    for (const amount of this.amounts.filter((_, k) => replies[k]!.statusCode === 409))
      expect(amount).toBeGreaterThan(m.available[this.from]! - taken);
    m.available[this.from]! -= taken;
    m.held[this.from]! += taken;
    await expectBalances(m);
  }
  toString = () => `transfers(${this.from} -> ${this.to}, [${this.amounts.join(',')}])`;
}

class Finish implements Cmd {
  constructor(
    readonly pick: number,
    readonly outcome: 'COMPLETED' | 'FAILED',
  ) {}
  check = (m: Readonly<Model>) => m.open.length > 0;
  async run(m: Model) {
    const [tr] = m.open.splice(this.pick % m.open.length, 1);
    if (this.outcome === 'COMPLETED')
      expect(
        (
          await call('POST', `/v1/platform/sandbox/internal-transfers/${tr!.id}/status`, t.platformKey, {
            status: 'PROCESSING',
          })
        ).statusCode,
      ).toBe(200);
    expect(
      (
        await call('POST', `/v1/platform/sandbox/internal-transfers/${tr!.id}/status`, t.platformKey, {
          status: this.outcome,
        })
      ).statusCode,
    ).toBe(200);
    m.held[tr!.from]! -= tr!.amount;
    m.available[this.outcome === 'COMPLETED' ? tr!.to : tr!.from]! += tr!.amount;
    await expectBalances(m);
  }
  toString = () => `finish(${this.pick}, ${this.outcome})`;
}

describe('internal transfers against a model', () => {
  it('keep the balances of the model and the ledger invariants', async () => {
    const idx = fc.integer({ min: 0, max: 2 });
    const commands = [
      fc.tuple(idx, fc.integer({ min: 1, max: 5_000 })).map(([i, a]) => new Deposit(i, a)),
      fc
        .tuple(idx, idx, fc.array(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 8 }))
        .map(([f, to, a]) => new Transfers(f, to, a)),
      fc.tuple(fc.nat(), fc.constantFrom('COMPLETED' as const, 'FAILED' as const)).map(([p, o]) => new Finish(p, o)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (cmds) => {
        const org = await t.createOrganization();
        const accounts: string[] = [];
        for (let i = 0; i < 3; i++)
          accounts.push(
            (await call('POST', '/v1/banking/bank-accounts', org.apiKey, { provider: 'PROVIDER_A' })).json().id,
          );
        const model: Model = { key: org.apiKey, accounts, available: [0, 0, 0], held: [0, 0, 0], open: [] };
        await fc.asyncModelRun(() => ({ model, real: { model } }), cmds);
        await expectLedgerInvariants(t.db.db);
      }),
      { numRuns: 8 },
    );
  }, 180_000); // 8 runs of up to 12 HTTP commands, each checked: slow on a loaded machine
});
