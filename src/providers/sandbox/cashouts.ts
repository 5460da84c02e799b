import type * as C from '../cashouts.js';
import type { ProviderName } from '../port.js';
import type { SandboxBanking } from './banking.js';
import { alnum, digits, hex } from './derive.js';
import { MemoryRecords, ProviderRecords, type SandboxRecords } from './records.js';

/**
 * Cashouts in the sandbox (money.md M5/M8): accepted PENDING; an amount ending in 91 cents fails with
 * DESTINATION_ACCOUNT_CLOSED. Completion comes from the platform's sandbox autopilot or control.
 */
export class SandboxCashouts {
  private readonly records: ProviderRecords;

  constructor(
    private readonly name: ProviderName,
    private readonly banking: SandboxBanking,
    store: SandboxRecords = new MemoryRecords(),
  ) {
    this.records = new ProviderRecords(store, name);
  }

  async submit(req: C.SubmitCashoutRequest): Promise<C.CashoutResult> {
    const known = await this.records.get<C.CashoutResult>('cashout', req.idempotencyKey);
    if (known) return known;
    const lookup = await this.banking.lookup({
      idempotencyKey: req.idempotencyKey,
      key: req.destination.key,
      keyType: req.destination.keyType,
      expectedOwnerDocument: req.destination.ownerDocument,
    });
    const failed = req.amount % 100 === 91;
    const result: C.CashoutResult = {
      providerCashoutId: `${this.name.toLowerCase()}_co_${hex(24, this.name, 'cashout', req.idempotencyKey)}`,
      status: failed ? 'FAILED' : 'PENDING',
      endToEndId: `E${digits(8, 'ispb', this.name)}${alnum(23, 'e2e', req.idempotencyKey)}`,
      failure: failed ? { code: 'DESTINATION_ACCOUNT_CLOSED', message: 'The destination account is closed' } : null,
      destination: lookup.found ? lookup.dict : null,
    };
    return this.records.claim('cashout', req.idempotencyKey, result);
  }

  async sync(req: C.SyncCashoutRequest): Promise<C.SyncCashoutResult> {
    const known = await this.records.get<C.CashoutResult>('cashout', req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }
}
