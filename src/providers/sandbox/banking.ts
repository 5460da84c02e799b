import { refused } from '../errors.js';
import type * as B from '../banking.js';
import type { ProviderName } from '../port.js';
import { digits, hex, uuidFrom } from './derive.js';
import { MemoryRecords, ProviderRecords, type SandboxRecords } from './records.js';

export const BANK_NAMES: Record<ProviderName, string> = {
  PROVIDER_A: 'Provider A Bank',
  PROVIDER_B: 'Provider B Bank',
  INTERNAL: 'Internal Ledger',
};
const BRANCHES: Record<ProviderName, string> = { PROVIDER_A: '0001', PROVIDER_B: '0002', INTERNAL: '0000' };
/** A staff-created SANDBOX account's branch: four digits derived from its name (fixed per account). */
const branchOf = (name: string) => BRANCHES[name as ProviderName] ?? digits(4, name, 'branch');

/**
 * Directory masking (central bank rules): the account keeps its last 4 digits, a CPF shows only its middle
 * six digits (***.456.789-**), a CNPJ is public and shown whole, the account type is fully masked.
 */
export function maskDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  return document;
}
export const maskAccount = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

/** A key in the sandbox's directory: who registered it (their idempotency key) and for which document. */
interface KeyEntry {
  owner: string;
  result: B.RegisterPixKeyResult;
  ownerDocument: string;
}

const KIND = {
  account: 'bank-account',
  transfer: 'internal-transfer',
  directory: 'dict-key',
  keyOf: 'pix-key-of',
} as const;

/**
 * The sandbox's banking: answers in-process. Results are functions of the idempotency key (derive.ts), so a
 * retry under the same key, even after a restart, gets the same account, transfer or EVP key; the records
 * (records.ts) remember what was applied, for syncs and for the directory, whichever instance asks. Transfer
 * status moves after acceptance come from the platform's sandbox autopilot or control (as the provider's
 * reports), not from here.
 */
export class SandboxBanking {
  private readonly records: ProviderRecords;

  constructor(
    private readonly name: ProviderName,
    store: SandboxRecords = new MemoryRecords(),
  ) {
    this.records = new ProviderRecords(store, name);
  }

  async openAccount(req: B.OpenAccountRequest): Promise<B.OpenAccountResult> {
    const number = digits(10, this.name, 'account', req.idempotencyKey);
    const result: B.OpenAccountResult = {
      providerAccountId: `${this.name.toLowerCase()}_acc_${hex(20, this.name, 'account-id', req.idempotencyKey)}`,
      branch: branchOf(this.name),
      accountNumber: `${number}${digits(1, this.name, 'check', number)}`,
      status: 'ACTIVE',
    };
    return this.records.claim(KIND.account, req.idempotencyKey, result);
  }

  async syncAccount(req: B.SyncAccountRequest): Promise<B.SyncAccountResult> {
    const known = await this.records.get<B.OpenAccountResult>(KIND.account, req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }

  async submitTransfer(req: B.SubmitTransferRequest): Promise<B.SubmitTransferResult> {
    const result: B.SubmitTransferResult = {
      providerTransferId: `${this.name.toLowerCase()}_tr_${req.idempotencyKey.replace(/-/g, '').slice(0, 20)}`,
      externalRequestId: uuidFrom(this.name, 'transfer-request', req.idempotencyKey),
      status: 'PENDING',
    };
    return this.records.claim(KIND.transfer, req.idempotencyKey, result);
  }

  async syncTransfer(req: B.SyncTransferRequest): Promise<B.SyncTransferResult> {
    const known = await this.records.get<B.SubmitTransferResult>(KIND.transfer, req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }

  async registerPixKey(req: B.RegisterPixKeyRequest): Promise<B.RegisterPixKeyResult> {
    const key = req.keyType === 'EVP' ? uuidFrom(this.name, 'evp', req.idempotencyKey) : req.key!;
    const dict: B.DictKeyInformation = {
      bank: BANK_NAMES[this.name],
      account: maskAccount(req.account.accountNumber),
      branch: req.account.branch,
      account_type: '****',
      owner_name: req.owner.name,
      owner_document: maskDocument(req.owner.document),
      is_owned_by_company: true,
    };
    // The directory holds a key once: of two resources registering it at once, the first stands.
    const held = await this.records.claim<KeyEntry>(KIND.directory, key, {
      owner: req.idempotencyKey,
      result: { key, dict },
      ownerDocument: req.owner.document,
    });
    if (held.owner !== req.idempotencyKey)
      throw refused('KEY_ALREADY_REGISTERED', 'The key is already registered in the directory', 'pix-key.register');
    await this.records.claim(KIND.keyOf, req.idempotencyKey, key);
    return held.result;
  }

  async deletePixKey(req: B.DeletePixKeyRequest): Promise<B.DeletePixKeyResult> {
    // Only the resource that registered a key removes it: a key another resource holds stays.
    const deleted = await this.records.removeIf<KeyEntry>(
      KIND.directory,
      req.key,
      (held) => held.owner === req.idempotencyKey,
    );
    return { deleted };
  }

  async syncPixKey(req: B.SyncPixKeyRequest): Promise<B.SyncPixKeyResult> {
    const key = await this.records.get<string>(KIND.keyOf, req.idempotencyKey);
    if (key === undefined) return { found: false };
    const held = await this.records.get<KeyEntry>(KIND.directory, key);
    if (!held || held.owner !== req.idempotencyKey) return { found: false };
    return { found: true, status: 'ACTIVE', ...held.result };
  }

  /**
   * money.md M5's sandbox directory: CPF/CNPJ keys belong to that document; keys registered here belong to
   * whoever registered them; any other key belongs to someone else (a stable stranger derived from the key).
   */
  async lookup(req: B.DictLookupRequest): Promise<B.DictLookupResult> {
    const held = await this.records.get<KeyEntry>(KIND.directory, req.key);
    const keyType = req.keyType ?? guessKeyType(req.key);
    let ownerDocument: string;
    let dict: B.DictKeyInformation;
    if (held) {
      ownerDocument = held.ownerDocument;
      dict = { ...held.result.dict };
    } else {
      ownerDocument = keyType === 'CPF' || keyType === 'CNPJ' ? req.key : digits(11, 'stranger', req.key);
      dict = {
        bank: BANK_NAMES[this.name],
        account: maskAccount(digits(9, 'stranger-account', req.key)),
        branch: branchOf(this.name),
        account_type: '****',
        owner_name: keyType === 'CPF' || keyType === 'CNPJ' ? 'Directory Owner' : 'Someone Else',
        owner_document: maskDocument(ownerDocument),
        is_owned_by_company: false,
      };
    }
    dict.is_owned_by_company = req.expectedOwnerDocument !== undefined && req.expectedOwnerDocument === ownerDocument;
    return { found: true, keyType, dict };
  }
}

function guessKeyType(key: string): B.PixKeyType {
  if (/^\d{11}$/.test(key)) return 'CPF';
  if (/^\d{14}$/.test(key)) return 'CNPJ';
  if (key.includes('@')) return 'EMAIL';
  if (key.startsWith('+')) return 'PHONE';
  return 'EVP';
}
