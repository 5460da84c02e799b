import { randomInt, randomUUID } from 'node:crypto';
import type {
  BankingOperations,
  DictKeyInformation,
  OpenAccountRequest,
  OpenAccountResult,
  RegisterPixKeyRequest,
  RegisterPixKeyResult,
  SubmitTransferRequest,
  SubmitTransferResult,
} from './banking.js';
import type { ProviderName } from './port.js';

const BANK_NAMES: Record<ProviderName, string> = { PROVIDER_A: 'Provider A Bank', PROVIDER_B: 'Provider B Bank', INTERNAL: 'Internal Ledger' };
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

/** The sandbox's banking: answers in-process; status moves come from the autopilot or the sandbox control. */
export class SandboxBanking implements BankingOperations {
  constructor(private readonly name: ProviderName) {}

  async openAccount(_req: OpenAccountRequest): Promise<OpenAccountResult> {
    await tick();
    const number = String(randomInt(10_000_000, 99_999_999));
    return { branch: BRANCHES[this.name], accountNumber: `${number}${randomInt(10)}` };
  }

  async submitInternalTransfer(req: SubmitTransferRequest): Promise<SubmitTransferResult> {
    await tick();
    return { providerTransferId: `${this.name.toLowerCase()}_tr_${req.transferId.replace(/-/g, '').slice(0, 20)}`, externalRequestId: randomUUID() };
  }

  async registerPixKey(req: RegisterPixKeyRequest): Promise<RegisterPixKeyResult> {
    await tick();
    const key = req.keyType === 'EVP' ? randomUUID() : req.key!;
    const dict: DictKeyInformation = {
      bank: BANK_NAMES[this.name],
      account: maskAccount(req.account.accountNumber),
      branch: req.account.branch,
      account_type: '****',
      owner_name: req.owner.name,
      owner_document: maskDocument(req.owner.document),
      is_owned_by_company: true,
    };
    return { key, dict };
  }

  async deletePixKey(_key: string): Promise<void> {
    await tick();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
