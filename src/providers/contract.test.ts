import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isProviderError, ProviderNotCapable } from './errors.js';
import { OPERATION_NAMES, type OperationName, type PaymentProvider, type RequestOf } from './port.js';
import { sandboxProviders } from './registry.js';
import {
  SANDBOX_CARDS,
  SANDBOX_STATUS_MAP,
  SANDBOX_WEBHOOK_SECRET,
  SandboxProvider,
  signSandboxWebhook,
} from './sandbox.js';

/**
 * The provider contract: what every adapter in the registry must do, whatever provider it speaks to.
 * - capabilities are honest: every listed operation works, every other one is refused by the registry;
 * - idempotency: the same key gives the same result (an account, a key, a transfer, an authorization), a
 *   different key a different resource;
 * - statuses are ours (the adapter maps the provider's), including in parsed webhooks;
 * - errors come as ProviderError kinds: unavailable (nothing applied), unknown_outcome (applied; a retry
 *   under the same key gives the same result), refused (definitive, with a code).
 * A new adapter joins by being in the registry; the fault-kind tests need its test hooks (the sandbox's).
 */
const registry = sandboxProviders();
const account = { branch: '0001', accountNumber: '12345678901' };
const owner = { name: 'Contract Owner', document: '11144477735' };
const card = { number: '4111111111111111', expiryMonth: '12', expiryYear: '2040', holderName: 'Card Holder' };

/** A valid request per operation; `setup` creates what the operation acts on (a payment to capture, ...). */
async function sample(provider: PaymentProvider, op: OperationName, key: string): Promise<RequestOf<OperationName>> {
  const call = <K extends OperationName>(k: K, req: RequestOf<K>) =>
    (provider[k] as (r: RequestOf<K>) => Promise<unknown>)(req);
  const paymentKey = `pay-${key}`;
  switch (op) {
    case 'bank-account.open':
      return { idempotencyKey: key, companyId: randomUUID(), owner };
    case 'internal-transfer.submit':
      return {
        idempotencyKey: key,
        origin: account,
        destination: { ...account, accountNumber: '10987654321' },
        amount: 1234,
      };
    case 'pix-key.register':
      return { idempotencyKey: key, keyType: 'EVP', account, owner };
    case 'pix-key.delete':
      return { idempotencyKey: key, key: 'nobody-registered-this' };
    case 'dict.lookup':
      return { idempotencyKey: key, key: owner.document, keyType: 'CPF', expectedOwnerDocument: owner.document };
    case 'card.authorize':
      return { idempotencyKey: key, amount: 5000, currency: 'BRL', installments: 1, capture: false, card };
    case 'card.capture':
    case 'card.void':
      await call('card.authorize', {
        idempotencyKey: paymentKey,
        amount: 5000,
        currency: 'BRL',
        installments: 1,
        capture: false,
        card,
      });
      return op === 'card.capture'
        ? { idempotencyKey: key, paymentKey, amount: 5000 }
        : { idempotencyKey: key, paymentKey };
    case 'card.refund':
    case 'pix.refund':
      await call('card.authorize', {
        idempotencyKey: paymentKey,
        amount: 5000,
        currency: 'BRL',
        installments: 1,
        capture: true,
        card,
      });
      return { idempotencyKey: key, paymentKey, amount: 100 };
    case 'pix.charge':
      return {
        idempotencyKey: key,
        amount: 990,
        expiresAt: new Date('2040-01-01T00:00:00Z'),
        receiver: { name: 'Loja', city: 'Sao Paulo', account },
      };
    case 'pix.cancel':
      await call('pix.charge', {
        idempotencyKey: key,
        amount: 990,
        expiresAt: new Date('2040-01-01T00:00:00Z'),
        receiver: { name: 'Loja', city: 'Sao Paulo', account },
      });
      return { idempotencyKey: key };
    case 'three-ds.authenticate':
      return {
        idempotencyKey: key,
        amount: 5000,
        currency: 'BRL',
        installments: 1,
        card,
        challengePreference: 'NO_PREFERENCE',
      };
    case 'cashout.submit':
      return {
        idempotencyKey: key,
        origin: account,
        amount: 10_000,
        destination: { keyType: 'CPF', key: owner.document, ownerDocument: owner.document },
      };
    case 'webhook.parse': {
      const rawBody = JSON.stringify({
        id: `evt-${key}`,
        type: 'transfer.updated',
        created_at: '2030-01-01T00:00:00Z',
        data: { reference: key, status: 'settled' },
      });
      return { headers: { 'x-sandbox-signature': signSandboxWebhook(SANDBOX_WEBHOOK_SECRET, rawBody) }, rawBody };
    }
    default:
      return { idempotencyKey: key };
  }
}

const invoke = (provider: PaymentProvider, op: OperationName, req: unknown) =>
  (provider[op] as (r: unknown) => Promise<unknown>)(req);

const OUR_STATUSES: Record<string, readonly string[]> = {
  'internal-transfer': ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'],
  'card-payment': ['AUTHORIZED', 'CAPTURED', 'REFUSED', 'PROCESSING', 'VOIDED'],
  refund: ['PENDING', 'SUCCEEDED', 'FAILED'],
  'pix-charge': ['WAITING_PAYMENT', 'PAID', 'EXPIRED', 'CANCELED'],
  cashout: ['PENDING', 'COMPLETED', 'FAILED'],
  'three-ds': ['ACTION_REQUIRED', 'SUCCEEDED', 'FAILED'],
};

for (const provider of registry.all()) {
  describe(`provider contract: ${provider.name}`, () => {
    const offered = provider.capabilities.operations;

    it('lists only operations it implements, and the registry refuses the others', () => {
      for (const op of OPERATION_NAMES) {
        if (offered.includes(op)) {
          expect(typeof provider[op], op).toBe('function');
          expect(registry.offers(provider.name, op)).toBe(true);
        } else {
          expect(() => registry.require(provider.name, op)).toThrow(ProviderNotCapable);
        }
      }
      expect(() => registry.require('NOPE', 'bank-account.open')).toThrow(ProviderNotCapable);
    });

    it.each(offered.filter((op) => op !== 'webhook.parse'))(
      '%s: the same idempotency key gives the same result',
      async (op) => {
        const key = randomUUID();
        const first = await invoke(provider, op, await sample(provider, op, key));
        const again = await invoke(provider, op, await sample(provider, op, key));
        expect(again).toEqual(first);
      },
    );

    it('creates different resources under different keys, and syncs find what was created', async () => {
      const creates: Array<[OperationName, OperationName, string]> = [
        ['bank-account.open', 'bank-account.sync', 'accountNumber'],
        ['internal-transfer.submit', 'internal-transfer.sync', 'providerTransferId'],
        ['pix-key.register', 'pix-key.sync', 'key'],
        ['card.authorize', 'card.sync', 'providerPaymentId'],
        ['pix.charge', 'pix.sync', 'txid'],
        ['three-ds.authenticate', 'three-ds.sync', 'dsTransactionId'],
        ['cashout.submit', 'cashout.sync', 'providerCashoutId'],
      ];
      for (const [create, sync, field] of creates.filter(([c]) => offered.includes(c))) {
        const [k1, k2] = [randomUUID(), randomUUID()];
        const a = (await invoke(provider, create, await sample(provider, create, k1))) as Record<string, unknown>;
        const b = (await invoke(provider, create, await sample(provider, create, k2))) as Record<string, unknown>;
        expect(a[field], create).not.toEqual(b[field]);
        expect(await invoke(provider, sync, { idempotencyKey: k1 }), sync).toMatchObject({
          found: true,
          [field]: a[field],
        });
        expect(await invoke(provider, sync, { idempotencyKey: randomUUID() }), sync).toEqual({ found: false });
      }
    });

    it.skipIf(!offered.includes('webhook.parse'))(
      'maps every status its webhooks carry onto ours, and refuses bad signatures and unknown statuses',
      async () => {
        const parse = registry.require(provider.name, 'webhook.parse');
        for (const [type, { resource, statuses }] of Object.entries(SANDBOX_STATUS_MAP)) {
          for (const [native, ours] of Object.entries(statuses)) {
            const rawBody = JSON.stringify({
              id: randomUUID(),
              type,
              created_at: '2030-01-01T00:00:00Z',
              data: { reference: 'ref-1', status: native },
            });
            const parsed = await parse({
              headers: { 'x-sandbox-signature': signSandboxWebhook(SANDBOX_WEBHOOK_SECRET, rawBody) },
              rawBody,
            });
            expect(parsed.reports[0]).toMatchObject({ resource, resourceId: 'ref-1', status: ours });
            expect(OUR_STATUSES[resource]).toContain(ours);
          }
        }
        const rawBody = JSON.stringify({
          id: 'e',
          type: 'transfer.updated',
          created_at: '2030-01-01T00:00:00Z',
          data: { reference: 'r', status: 'settled' },
        });
        await expect(parse({ headers: { 'x-sandbox-signature': 'sha256=00' }, rawBody })).rejects.toMatchObject({
          kind: 'refused',
          code: 'INVALID_SIGNATURE',
        });
        const odd = JSON.stringify({
          id: 'e',
          type: 'transfer.updated',
          created_at: '2030-01-01T00:00:00Z',
          data: { reference: 'r', status: 'teleported' },
        });
        await expect(
          parse({ headers: { 'x-sandbox-signature': signSandboxWebhook(SANDBOX_WEBHOOK_SECRET, odd) }, rawBody: odd }),
        ).rejects.toMatchObject({ kind: 'refused', code: 'UNKNOWN_EVENT' });
      },
    );

    it('answers statuses of ours for what it creates', async () => {
      if (offered.includes('card.authorize')) {
        const auth = (n: string, capture = true) =>
          registry.require(
            provider.name,
            'card.authorize',
          )({
            idempotencyKey: randomUUID(),
            amount: 100,
            currency: 'BRL',
            installments: 1,
            capture,
            card: { ...card, number: n },
          });
        expect(await auth(card.number)).toMatchObject({ status: 'CAPTURED', capturedAmount: 100, refusal: null });
        expect(await auth(card.number, false)).toMatchObject({ status: 'AUTHORIZED', capturedAmount: 0 });
        expect(await auth(SANDBOX_CARDS.declined)).toMatchObject({
          status: 'REFUSED',
          refusal: { code: 'CARD_DECLINED' },
        });
        expect(await auth(SANDBOX_CARDS.insufficientFunds)).toMatchObject({
          status: 'REFUSED',
          refusal: { code: 'INSUFFICIENT_FUNDS' },
        });
        expect(await auth(SANDBOX_CARDS.processingThenApproved)).toMatchObject({ status: 'PROCESSING' });
      }
      if (offered.includes('internal-transfer.submit')) {
        const submitted = await registry.require(
          provider.name,
          'internal-transfer.submit',
        )((await sample(provider, 'internal-transfer.submit', randomUUID())) as never);
        expect(OUR_STATUSES['internal-transfer']).toContain(submitted.status);
      }
    });

    describe.runIf(provider instanceof SandboxProvider)("error kinds (through the adapter's test hooks)", () => {
      const sandbox = provider as SandboxProvider;

      it('unavailable: nothing was applied; a retry under the same key succeeds', async () => {
        const key = randomUUID();
        const req = await sample(provider, 'internal-transfer.submit', key);
        sandbox.faults.inject('internal-transfer.submit', { kind: 'unavailable' });
        const err = await invoke(provider, 'internal-transfer.submit', req).catch((e) => e);
        expect(isProviderError(err) && err.kind).toBe('unavailable');
        expect(await invoke(provider, 'internal-transfer.sync', { idempotencyKey: key })).toEqual({ found: false });
        expect(await invoke(provider, 'internal-transfer.submit', req)).toMatchObject({ status: 'PENDING' });
      });

      it('unknown_outcome: it was applied; a retry under the same key gives the same result', async () => {
        const key = randomUUID();
        const req = await sample(provider, 'bank-account.open', key);
        sandbox.faults.inject('bank-account.open', { kind: 'unknown_outcome' });
        const err = await invoke(provider, 'bank-account.open', req).catch((e) => e);
        expect(isProviderError(err) && err.kind).toBe('unknown_outcome');
        const synced = (await invoke(provider, 'bank-account.sync', { idempotencyKey: key })) as {
          found: boolean;
          accountNumber: string;
        };
        expect(synced.found).toBe(true);
        expect(await invoke(provider, 'bank-account.open', req)).toMatchObject({ accountNumber: synced.accountNumber });
        expect(sandbox.faults.calls('bank-account.open', key)).toBe(2);
      });

      it('refused: definitive, with a code', async () => {
        sandbox.faults.inject('pix-key.register', { kind: 'refused', code: 'ACCOUNT_BLOCKED', message: 'blocked' });
        const err = await invoke(
          provider,
          'pix-key.register',
          await sample(provider, 'pix-key.register', randomUUID()),
        ).catch((e) => e);
        expect(err).toMatchObject({ kind: 'refused', code: 'ACCOUNT_BLOCKED', operation: 'pix-key.register' });
      });

      it('refuses a key another resource holds, and never removes it for someone else', async () => {
        const register = registry.require(provider.name, 'pix-key.register');
        const req = { keyType: 'EMAIL' as const, key: `${randomUUID()}@example.com`, account, owner };
        await register({ ...req, idempotencyKey: 'holder' });
        await expect(register({ ...req, idempotencyKey: 'intruder' })).rejects.toMatchObject({
          kind: 'refused',
          code: 'KEY_ALREADY_REGISTERED',
        });
        expect(
          await registry.require(provider.name, 'pix-key.delete')({ idempotencyKey: 'intruder', key: req.key }),
        ).toEqual({ deleted: false });
        expect(await registry.require(provider.name, 'pix-key.sync')({ idempotencyKey: 'holder' })).toMatchObject({
          found: true,
          status: 'ACTIVE',
          key: req.key,
        });
      });
    });
  });
}
