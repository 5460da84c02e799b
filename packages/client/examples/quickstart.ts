import { readFileSync } from 'node:fs';
import { createClient, PlatformError, unwrap } from '@payment-platform/client';

// What `npm start` wrote: the URLs and the sandbox organization's key.
const sandbox = JSON.parse(readFileSync(`${process.env.DATA_DIR ?? 'data'}/sandbox.json`, 'utf8')) as {
  core_url: string;
  pci_url: string;
  organization: { api_key: string };
};
const api = createClient({ baseUrl: sandbox.core_url, pciBaseUrl: sandbox.pci_url, apiKey: sandbox.organization.api_key });

const merchant = await unwrap(
  api.POST('/v1/merchants', {
    body: {
      name: 'Mercado', full_name: 'Mercado Bom Preço', document_number: '390.533.447-05',
      contact: { first_name: 'Rui', last_name: 'Lima', email: 'rui@example.com', phone: '+5511988887777' },
      address: { street: 'Rua Augusta', street_number: '500', neighborhood: 'Consolação', zipcode: '01304000', country: '076', state: 'SP', city: 'São Paulo' },
    },
  }),
);
// The merchant's own key is shown once, on the 201 (a replay of the same request_id answers 200 without it).
if (merchant.api_key) console.log('merchant key:', merchant.api_key.slice(0, 12) + '…');

const affiliation = await unwrap(api.POST('/v1/merchants/{merchantId}/affiliations', { params: { path: { merchantId: merchant.id } }, body: { provider: 'PROVIDER_A' } }));
console.log(merchant.id, merchant.status, affiliation.provider, affiliation.status);

try {
  await unwrap(api.POST('/v1/merchants/{merchantId}/transactions', { params: { path: { merchantId: merchant.id } }, body: { payment_method: 'PIX', amount: 1990 } }));
} catch (err) {
  if (!(err instanceof PlatformError)) throw err;
  console.log(err.status, err.code, err.details); // 409: the merchant is not ACTIVE yet
}

// List filters are typed (an unknown parameter or status does not compile); a transaction is a union by
// payment_method, so a PIX waiting for payment has its BR Code, with no null check.
const waiting = await unwrap(api.GET('/v1/transactions', { params: { query: { payment_method: ['PIX'], status: ['WAITING_PAYMENT'], limit: 5 } } }));
for (const transaction of waiting.data) {
  if (transaction.payment_method === 'PIX' && transaction.status === 'WAITING_PAYMENT') console.log(transaction.id, transaction.pix.br_code.slice(0, 24) + '…');
}
