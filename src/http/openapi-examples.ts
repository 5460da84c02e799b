/**
 * product.md §15: every create has a request example (test/api/openapi-document.test.ts validates each against
 * its schema). Ids are placeholders; `ev:` values stand for what the browser library or the PCI host encrypts.
 */
const address = {
  street: 'Av. Paulista',
  street_number: '1000',
  neighborhood: 'Bela Vista',
  zipcode: '01310100',
  country: '076',
  state: 'SP',
  city: 'São Paulo',
};
const contact = { first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', phone: '+5511999998888' };
const ID = '3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42';
const OTHER_ID = '9b2d4e6f-1a3c-4e5f-8a7b-0c1d2e3f4a5b';
const EV = (field: string) => `ev:v1:sandbox-key-1:${field}:Q2lwaGVydGV4dCBzdGFuZHMgaGVyZQ==`;
const cardFields = { expiry_month: '12', expiry_year: '2030', bin: '411111', last_digits: '1111', brand: 'VISA' };

export const CREATE_EXAMPLES: Record<string, unknown> = {
  'webhooks.endpoints.create': {
    url: 'https://hooks.example.com/payments',
    description: 'Orders service',
    enabled_events: ['transaction.status-changed', 'refund.status-changed'],
  },
  'sandbox.events.trigger': { type: 'transaction.created' },
  'platform.sandbox.providerAccounts.behaviour.update': {
    operations: ['card.authorize'],
    technical_failure: { kind: 'UNAVAILABLE', next: 3 },
    decline: { refusal_code: 'CARD_DECLINED', rate_percent: 20 },
    latency_ms: 250,
    seed: 'demo-1',
  },
  'platform.organizations.create': {
    name: 'Loja Exemplo',
    full_name: 'Loja Exemplo Ltda',
    document_number: '11.222.333/0001-81',
    contact,
    address,
    request_id: 'org-2026-0001',
  },
  'merchants.create': {
    name: 'Padaria',
    full_name: 'Padaria Pão Bom Ltda',
    document_number: '11.444.777/0001-61',
    contact,
    address,
    request_id: 'merchant-0001',
  },
  'users.create': {
    first_name: 'Bruno',
    last_name: 'Lima',
    identifier: { type: 'email', value: 'bruno@example.com' },
    role_ids: [ID],
    request_id: 'user-0001',
  },
  'roles.create': {
    name: 'Finance',
    description: 'Sees money, moves none',
    permissions: ['transaction.view', 'receivable.list'],
    request_id: 'role-0001',
  },
  'banking.bankAccounts.create': { provider: 'PROVIDER_A', company_id: ID, request_id: 'account-0001' },
  'banking.internalTransfers.create': {
    request_id: 'transfer-0001',
    origin_bank_account_id: ID,
    destination_bank_account_id: OTHER_ID,
    amount: 15000,
    metadata: { order: '42' },
  },
  'platform.sandbox.bankAccounts.deposits.create': { amount: 100000 },
  'pricing.feePolicies.create': {
    name: 'standard-2026',
    description: 'Card 3.99%, PIX 0.99%',
    cashout_price: 200,
    automatic_anticipation_percentage: 1.99,
    spot_anticipation_percentage: 2.49,
    rules: [
      {
        conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'PIX' }],
        price: { percentage: 0.99 },
        priority: 1,
      },
      {
        conditions: [{ field: 'transaction.payment_method', operator: 'IN', value: ['CREDIT_CARD', 'DEBIT_CARD'] }],
        price: { percentage: 3.99, flat: 30 },
        priority: 2,
      },
    ],
    request_id: 'policy-0001',
  },
  'merchants.cards.create': {
    card: { number: EV('number'), cardholder_name: 'ANA SOUZA', ...cardFields },
    request_id: 'card-0001',
  },
  'merchants.pixKeys.create': { key_type: 'EVP', bank_account_id: ID, request_id: 'pix-key-0001' },
  'merchants.onboardingRequirements.answers.create': {
    answer: 'We sell bread and coffee at one shop in São Paulo.',
    request_id: 'answer-0001',
  },
  'merchants.onboardingDocuments.create': {
    file_type: 'RG_FRONT',
    subject_document_number: '529.982.247-25',
    content_type: 'image/png',
    content_base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    file_name: 'rg-front.png',
    request_id: 'document-0001',
  },
  'merchants.biometricVerifications.create': {
    subject_document_number: '529.982.247-25',
    request_id: 'biometric-0001',
  },
  'merchants.affiliations.create': { provider: 'PROVIDER_A', request_id: 'affiliation-0001' },
  'platform.companies.onboardingRequirements.create': {
    provider: 'PROVIDER_A',
    type: 'INFORMATION',
    subject_document_number: '529.982.247-25',
    subject_role: 'CONTACT',
    description: 'Describe what the company sells',
    request_id: 'requirement-0001',
  },
  'transactions.create': {
    request_id: 'order-1001',
    payment_method: 'CREDIT_CARD',
    amount: 30000,
    installments: 3,
    description: 'Order 1001',
    customer: { name: 'Carla Dias', email: 'carla@example.com' },
    card_data: { number: EV('number'), cvv: EV('cvv'), holder_name: 'CARLA DIAS', ...cardFields },
  },
  'merchants.transactions.create': {
    request_id: 'order-1002',
    payment_method: 'PIX',
    amount: 4990,
    pix: { expires_in: 3600 },
  },
  'threeDsSessions.create': {
    request_id: '3ds-0001',
    amount: 12000,
    card: { number: EV('number'), holder_name: 'CARLA DIAS', ...cardFields },
    challenge_preference: 'NO_PREFERENCE',
    return_url: 'https://shop.example.com/checkout/3ds-return',
  },
  'merchants.threeDsSessions.create': {
    request_id: '3ds-0002',
    amount: 12000,
    card_id: ID,
    return_url: 'https://shop.example.com/checkout/3ds-return',
  },
  'banking.cashouts.create': { request_id: 'cashout-0001', bank_account_id: ID, amount: 50000 },
  'platform.sandbox.cashouts.returns.create': { amount: 2500, reason: 'RETURNED_BY_RECEIVER' },
  'transactions.refunds.create': {
    request_id: 'refund-0001',
    amount: 5000,
    reason: 'REQUESTED_BY_CUSTOMER',
    description: 'One item returned',
  },
  'disputes.documents.create': {
    content_type: 'application/pdf',
    content_base64: 'JVBERi0xLjQKJcfsj6IK',
    file_name: 'delivery-receipt.pdf',
    request_id: 'evidence-0001',
  },
  'platform.sandbox.transactions.disputes.create': { amount: 30000, reason: 'FRAUD', reason_code: '4837' },
  'anticipations.quotes.create': { bank_account_id: ID, requested_amount: 100000 },
  'anticipations.create': { request_id: 'anticipation-0001', quote_id: ID },
  'platform.providerAccounts.create': {
    request_id: 'provider-account-0001',
    provider: 'ADYEN_BR',
    display_name: 'Adyen Brazil (test)',
    connector: 'ADYEN_CHECKOUT',
    environment: 'TEST',
    settings: { default_merchant_account: 'ExampleMerchantECOM' },
    credentials: {
      api_key: 'AQE1hmfxExampleApiKey',
      hmac_key: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
    },
    organization_access: 'SELECTED',
    organization_ids: [ID],
  },
  'platform.providerAccounts.update': {
    display_name: 'Adyen Brazil',
    timeout_ms: 8000,
    circuit_breaker: { failure_threshold: 10 },
  },
  'platform.providerAccounts.disable': { reason: 'Provider maintenance window' },
  'platform.providerAccounts.credentials.rotate': {
    credentials: {
      api_key: 'AQE1hmfxNewExampleApiKey',
      hmac_key: '0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9',
    },
    grace_seconds: 86400,
  },
  'platform.providerAccounts.circuit': { state: 'OPEN' },
  'platform.reconciliationRuns.create': {
    request_id: 'recon-2026-11-02',
    provider_account_id: '7d3f1c2a-5b6e-4a8f-9c0d-1e2f3a4b5c6d',
    from: '2026-11-02',
    to: '2026-11-02',
    statement: {
      lines: [
        {
          type: 'CAPTURE',
          provider_reference: 'NC6HT9CRT65ZGN82',
          merchant_reference: '0b7e7c1e-3a5f-4d2b-8c9e-6f1a2b3c4d5e',
          amount: 1990,
          booked_on: '2026-11-02',
        },
      ],
    },
  },
  'apiKeys.create': { company_id: ID, description: 'Checkout service, production', expires_at: '2027-12-31T23:59:59Z' },
  // Creates whose operationId is not `.create` (they answer 201 all the same).
  'platform.sandbox.companies.providerReview': {
    provider: 'PROVIDER_A',
    requests: [
      {
        type: 'PROOF_OF_ADDRESS',
        subject_document_number: '11.444.777/0001-61',
        subject_role: 'COMPANY',
        description: 'A utility bill from the last 90 days',
      },
    ],
  },
  'platform.sandbox.transactions.med': { amount: 1990, nature: 'MED_FRAUDE' },
  'apiKeys.roll': { grace_seconds: 3600 },
  // The sandbox controls an organization drives itself (issue 27, item 6).
  'sandbox.transactions.pixPayment': { payer: { name: 'Ana Souza', document_number: '52998224725' } },
  'sandbox.refunds.settle': { status: 'SUCCEEDED' },
  'sandbox.onboardingDocuments.review': { decision: 'APPROVED' },
  'sandbox.biometricVerifications.review': { decision: 'APPROVED' },
  'sandbox.clock.advance': { seconds: 86400 },
};
