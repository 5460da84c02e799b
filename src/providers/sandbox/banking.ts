import { refused } from '../errors.js';
import type * as B from '../banking.js';
import type { ProviderName } from '../port.js';
import { digits, hex, uuidFrom } from './derive.js';

export const BANK_NAMES: Record<ProviderName, string> = { PROVIDER_A: 'Provider A Bank', PROVIDER_B: 'Provider B Bank', INTERNAL: 'Internal Ledger' };
const BRANCHES: Record<ProviderName, string> = { PROVIDER_A: '0001', PROVIDER_B: '0002', INTERNAL: '0000' };

/**
 * Directory masking (central bank rules): the account keeps its last 4 digits, a CPF shows only its middle
 * six digits (***.456.789-**), a CNPJ is public and shown whole, the account type is fully masked.
 */
export function maskDocument(document: string): string {
  if (/^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  return document;
}
export const maskAccount = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;

interface KeyEntry {
  owner: string;
  result: B.RegisterPixKeyResult;
  ownerDocument: string;
  status: 'ACTIVE' | 'DELETED';
}

/**
 * The sandbox's banking: answers in-process. Results are functions of the idempotency key (derive.ts), so a
 * retry under the same key, even after a restart, gets the same account, transfer or EVP key; the maps only
 * remember what was applied, for syncs and for the directory. Transfer status moves after acceptance come
 * from the platform's sandbox autopilot or control (as the provider's reports), not from here.
 */
export class SandboxBanking {
  private readonly accounts = new Map<string, B.OpenAccountResult>();
  private readonly transfers = new Map<string, B.SubmitTransferResult>();
  /** The sandbox's directory: key -> who registered it. */
  private readonly directory = new Map<string, KeyEntry>();
  private readonly keysByOwner = new Map<string, string>();

  constructor(private readonly name: ProviderName) {}

  openAccount(req: B.OpenAccountRequest): B.OpenAccountResult {
    const number = digits(10, this.name, 'account', req.idempotencyKey);
    const result: B.OpenAccountResult = {
      providerAccountId: `${this.name.toLowerCase()}_acc_${hex(20, this.name, 'account-id', req.idempotencyKey)}`,
      branch: BRANCHES[this.name],
      accountNumber: `${number}${digits(1, this.name, 'check', number)}`,
      status: 'ACTIVE',
    };
    this.accounts.set(req.idempotencyKey, result);
    return result;
  }

  syncAccount(req: B.SyncAccountRequest): B.SyncAccountResult {
    const known = this.accounts.get(req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }

  submitTransfer(req: B.SubmitTransferRequest): B.SubmitTransferResult {
    const result: B.SubmitTransferResult = {
      providerTransferId: `${this.name.toLowerCase()}_tr_${req.idempotencyKey.replace(/-/g, '').slice(0, 20)}`,
      externalRequestId: uuidFrom(this.name, 'transfer-request', req.idempotencyKey),
      status: 'PENDING',
    };
    this.transfers.set(req.idempotencyKey, result);
    return result;
  }

  syncTransfer(req: B.SyncTransferRequest): B.SyncTransferResult {
    const known = this.transfers.get(req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }

  registerPixKey(req: B.RegisterPixKeyRequest): B.RegisterPixKeyResult {
    const key = req.keyType === 'EVP' ? uuidFrom(this.name, 'evp', req.idempotencyKey) : req.key!;
    const held = this.directory.get(key);
    if (held && held.status === 'ACTIVE') {
      if (held.owner === req.idempotencyKey) return held.result;
      throw refused('KEY_ALREADY_REGISTERED', 'The key is already registered in the directory', 'pix-key.register');
    }
    const dict: B.DictKeyInformation = {
      bank: BANK_NAMES[this.name],
      account: maskAccount(req.account.accountNumber),
      branch: req.account.branch,
      account_type: '****',
      owner_name: req.owner.name,
      owner_document: maskDocument(req.owner.document),
      is_owned_by_company: true,
    };
    const result = { key, dict };
    this.directory.set(key, { owner: req.idempotencyKey, result, ownerDocument: req.owner.document, status: 'ACTIVE' });
    this.keysByOwner.set(req.idempotencyKey, key);
    return result;
  }

  deletePixKey(req: B.DeletePixKeyRequest): B.DeletePixKeyResult {
    const held = this.directory.get(req.key);
    // Only the resource that registered a key removes it: a key another resource holds stays.
    if (!held || held.owner !== req.idempotencyKey) return { deleted: false };
    held.status = 'DELETED';
    this.directory.delete(req.key);
    return { deleted: true };
  }

  syncPixKey(req: B.SyncPixKeyRequest): B.SyncPixKeyResult {
    const key = this.keysByOwner.get(req.idempotencyKey);
    if (key === undefined) return { found: false };
    const held = this.directory.get(key);
    if (!held || held.owner !== req.idempotencyKey) return { found: false };
    return { found: true, status: held.status, ...held.result };
  }

  /**
   * money.md M5's sandbox directory: CPF/CNPJ keys belong to that document; keys registered here belong to
   * whoever registered them; any other key belongs to someone else (a stable stranger derived from the key).
   */
  lookup(req: B.DictLookupRequest): B.DictLookupResult {
    const held = this.directory.get(req.key);
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
        branch: BRANCHES[this.name],
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
