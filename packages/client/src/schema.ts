/**
 * Generated from the platform's OpenAPI document by `npm run client:generate` (openapi-typescript): do not
 * edit. test/api/openapi-client-types.test.ts fails when this file differs from what the document gives now.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Health check. No credentials.
         */
        get: operations["health.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations
         * @description List organizations. Platform staff key only.
         */
        get: operations["platform.organizations.list"];
        put?: never;
        /**
         * Create an organization
         * @description Create an organization. Platform staff key only.
         */
        post: operations["platform.organizations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an organization
         * @description Get an organization. Platform staff key only.
         */
        get: operations["platform.organizations.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change organization settings
         * @description Change organization settings. Platform staff key only.
         */
        patch: operations["platform.organizations.update"];
        trace?: never;
    };
    "/v1/platform/companies/{companyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a company status
         * @description Change a company status. Platform staff key only.
         */
        patch: operations["platform.companies.update"];
        trace?: never;
    };
    "/v1/platform/organizations/{id}/webhook-endpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the webhook endpoint
         * @description Set the webhook endpoint. Platform staff key only.
         */
        put: operations["platform.organizations.webhookEndpoint.update"];
        post?: never;
        /**
         * Remove the webhook endpoint (deliveries stop)
         * @description Remove the webhook endpoint (deliveries stop). Platform staff key only.
         */
        delete: operations["platform.organizations.webhookEndpoint.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List merchants
         * @description List merchants. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.company.list`.
         */
        get: operations["merchants.list"];
        put?: never;
        /**
         * Create a merchant
         * @description Create a merchant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.company.create`.
         */
        post: operations["merchants.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a merchant
         * @description Get a merchant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.company.view`.
         */
        get: operations["merchants.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a merchant
         * @description Update a merchant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.company.edit`.
         */
        patch: operations["merchants.update"];
        trace?: never;
    };
    "/v1/companies/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The authenticated company
         * @description The authenticated company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `company.view`.
         */
        get: operations["companies.me.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the authenticated organization
         * @description Update the authenticated organization. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `company.edit`.
         */
        patch: operations["companies.me.update"];
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the users of the caller company
         * @description List the users of the caller company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `user.list`.
         */
        get: operations["users.list"];
        put?: never;
        /**
         * Add a user to the caller company (sends a verification code)
         * @description Add a user to the caller company (sends a verification code). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `user.create`.
         */
        post: operations["users.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user
         * @description Get a user. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `user.view`.
         */
        get: operations["users.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the roles a user holds in the caller company
         * @description Replace the roles a user holds in the caller company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `user.role.edit`.
         */
        put: operations["users.roles.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend a user in the caller company (tokens stop at once)
         * @description Suspend a user in the caller company (tokens stop at once). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `user.edit`.
         */
        post: operations["users.suspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a suspended user
         * @description Activate a suspended user. A user token (`Authorization: Bearer`). Needs the permission `user.edit`.
         */
        post: operations["users.activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the roles of the caller company
         * @description List the roles of the caller company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `role.list`.
         */
        get: operations["roles.list"];
        put?: never;
        /**
         * Create a role in the caller company
         * @description Create a role in the caller company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `role.create`.
         */
        post: operations["roles.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a role
         * @description Replace a role. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `role.edit`.
         */
        put: operations["roles.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every permission the API checks (generated from the routes)
         * @description Every permission the API checks (generated from the routes). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `permission.list`.
         */
        get: operations["permissions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with an identifier and a password
         * @description Log in with an identifier and a password. No credentials.
         */
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * First access: verify the identifier with the code and set the password
         * @description First access: verify the identifier with the code and set the password. No credentials.
         */
        post: operations["auth.verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a password reset code (202 whether or not the identifier exists)
         * @description Send a password reset code (202 whether or not the identifier exists). No credentials.
         */
        post: operations["auth.forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the reset code (revokes every token)
         * @description Set a new password with the reset code (revokes every token). No credentials.
         */
        post: operations["auth.resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/select-company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose the company the token acts for
         * @description Choose the company the token acts for. A user token (`Authorization: Bearer`). Needs the permission `none`.
         */
        post: operations["auth.selectCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user, company and permissions
         * @description The signed-in user, company and permissions. A user token (`Authorization: Bearer`). Needs the permission `none`.
         */
        get: operations["auth.me.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password (revokes every token; answers with a fresh one)
         * @description Change the password (revokes every token; answers with a fresh one). A user token (`Authorization: Bearer`). Needs the permission `none`.
         */
        post: operations["auth.changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Codes the sandbox would have sent to an identifier, newest first
         * @description Codes the sandbox would have sent to an identifier, newest first. Platform staff key only.
         */
        get: operations["platform.sandbox.messages.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zipcodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up an address by CEP
         * @description Look up an address by CEP. A user token (`Authorization: Bearer`). Needs the permission `none`.
         */
        get: operations["zipcodes.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook messages and their delivery attempts
         * @description List webhook messages and their delivery attempts. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.message.list`.
         */
        get: operations["webhooks.messages.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/messages/{eventId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a webhook message (same event id): delivered, failed, or pending (sent now, not at its next retry)
         * @description Replay a webhook message (same event id): delivered, failed, or pending (sent now, not at its next retry). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.message.replay`.
         */
        post: operations["webhooks.messages.replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signed, expiring link to the delivery dashboard
         * @description A signed, expiring link to the delivery dashboard. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.dashboard.view`.
         */
        get: operations["webhooks.dashboard.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bank accounts
         * @description List bank accounts. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.list`.
         */
        get: operations["banking.bankAccounts.list"];
        put?: never;
        /**
         * Open a bank account
         * @description Open a bank account. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.create`.
         */
        post: operations["banking.bankAccounts.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/bank-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a bank account
         * @description Get a bank account. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.view`.
         */
        get: operations["banking.bankAccounts.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/internal-transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List internal transfers
         * @description List internal transfers. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.list`.
         */
        get: operations["banking.internalTransfers.list"];
        put?: never;
        /**
         * Create an internal transfer
         * @description Create an internal transfer. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.create`.
         */
        post: operations["banking.internalTransfers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/internal-transfers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an internal transfer
         * @description Get an internal transfer. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.view`.
         */
        get: operations["banking.internalTransfers.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/bank-accounts/{id}/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: deposit into a bank account
         * @description Sandbox: deposit into a bank account. Platform staff key only.
         */
        post: operations["platform.sandbox.bankAccounts.deposits.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/internal-transfers/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: report an internal transfer status as its provider
         * @description Sandbox: report an internal transfer status as its provider. Platform staff key only.
         */
        post: operations["platform.sandbox.internalTransfers.setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/bank-accounts/{id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bank account's balances, now or at an instant
         * @description A bank account's balances, now or at an instant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.balance.view`.
         */
        get: operations["banking.bankAccounts.balance.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A merchant's bank account balances with totals
         * @description A merchant's bank account balances with totals. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.balance.list`.
         */
        get: operations["merchants.balances.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ledger entries of bank accounts within reach
         * @description List ledger entries of bank accounts within reach. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `ledger.entry.list`.
         */
        get: operations["ledger.entries.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a ledger transaction with its postings
         * @description Get a ledger transaction with its postings. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `ledger.transaction.view`.
         */
        get: operations["ledger.transactions.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/ledger/integrity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Staff: ledger integrity per provider and per bank account
         * @description Staff: ledger integrity per provider and per bank account. Platform staff key only.
         */
        get: operations["platform.ledger.integrity.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing/fee-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fee policies
         * @description List fee policies. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.list`.
         */
        get: operations["pricing.feePolicies.list"];
        put?: never;
        /**
         * Create a fee policy
         * @description Create a fee policy. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.create`.
         */
        post: operations["pricing.feePolicies.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing/fee-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a fee policy
         * @description Get a fee policy. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.view`.
         */
        get: operations["pricing.feePolicies.get"];
        /**
         * Replace a fee policy
         * @description Replace a fee policy. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.edit`.
         */
        put: operations["pricing.feePolicies.update"];
        post?: never;
        /**
         * Deactivate a fee policy
         * @description Deactivate a fee policy. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.delete`.
         */
        delete: operations["pricing.feePolicies.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing/fee-policies/{id}/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote the fee of a transaction
         * @description Quote the fee of a transaction. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `fee_policy.view`.
         */
        post: operations["pricing.feePolicies.quote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/fee-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a merchant's fee and receivables
         * @description Quote a merchant's fee and receivables. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.fee_quote.view`.
         */
        post: operations["merchants.feeQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stored cards
         * @description List stored cards. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.card.list`.
         */
        get: operations["merchants.cards.list"];
        put?: never;
        /**
         * Store a card
         * @description Store a card. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.card.create`.
         */
        post: operations["merchants.cards.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/cards/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a stored card
         * @description Get a stored card. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.card.view`.
         */
        get: operations["merchants.cards.get"];
        put?: never;
        post?: never;
        /**
         * Close a stored card
         * @description Close a stored card. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.card.delete`.
         */
        delete: operations["merchants.cards.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/test-cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sandbox test cards, encrypted (ev:v1) under the current key
         * @description Sandbox test cards, encrypted (ev:v1) under the current key. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `sandbox.test_card.list`.
         */
        get: operations["sandbox.testCards.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/encryption-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys for ev:v1 card-data encryption
         * @description Public keys for ev:v1 card-data encryption. No credentials.
         */
        get: operations["encryptionKeys.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/encryption-keys/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the card-data key: a new ACTIVE key, the old one RETIRING
         * @description Rotate the card-data key: a new ACTIVE key, the old one RETIRING. Platform staff key only.
         */
        post: operations["platform.encryptionKeys.rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/pix-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List PIX keys
         * @description List PIX keys. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.banking.list`.
         */
        get: operations["merchants.pixKeys.list"];
        put?: never;
        /**
         * Register a PIX key
         * @description Register a PIX key. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.banking.create`.
         */
        post: operations["merchants.pixKeys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/pix-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a PIX key
         * @description Get a PIX key. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.banking.view`.
         */
        get: operations["merchants.pixKeys.get"];
        put?: never;
        post?: never;
        /**
         * Delete a PIX key (soft delete)
         * @description Delete a PIX key (soft delete). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.banking.delete`.
         */
        delete: operations["merchants.pixKeys.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/onboarding-requirements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Onboarding requirements of a company for a provider (oldest first)
         * @description Onboarding requirements of a company for a provider (oldest first). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.onboarding-requirement.list`.
         */
        get: operations["merchants.onboardingRequirements.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/onboarding-requirements/{requirementId}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer an INFORMATION or EVIDENCE_PACKAGE requirement
         * @description Answer an INFORMATION or EVIDENCE_PACKAGE requirement. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.onboarding-requirement.answer`.
         */
        post: operations["merchants.onboardingRequirements.answers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/onboarding-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List onboarding documents
         * @description List onboarding documents. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.onboarding-document.list`.
         */
        get: operations["merchants.onboardingDocuments.list"];
        put?: never;
        /**
         * Upload an onboarding document (JSON, base64 content)
         * @description Upload an onboarding document (JSON, base64 content). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.onboarding-document.create`.
         */
        post: operations["merchants.onboardingDocuments.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/biometric-verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a biometric verification of a subject
         * @description Start a biometric verification of a subject. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.biometric-verification.create`.
         */
        post: operations["merchants.biometricVerifications.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/onboarding-documents/{documentId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a document through its signed link
         * @description Download a document through its signed link. No credentials.
         */
        get: operations["onboardingDocuments.download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/affiliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a company's affiliations
         * @description List a company's affiliations. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.affiliation.list`.
         */
        get: operations["merchants.affiliations.list"];
        put?: never;
        /**
         * Affiliate a company with a provider
         * @description Affiliate a company with a provider. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.affiliation.create`.
         */
        post: operations["merchants.affiliations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/affiliations/{affiliationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an affiliation
         * @description Get an affiliation. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.affiliation.view`.
         */
        get: operations["merchants.affiliations.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/affiliations/{affiliationId}/onboarding-documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an onboarding document with a signed download URL (valid 1 hour)
         * @description Read an onboarding document with a signed download URL (valid 1 hour). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.affiliation.view`.
         */
        get: operations["merchants.affiliations.onboardingDocuments.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/affiliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List affiliations within reach
         * @description List affiliations within reach. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `affiliation.list`.
         */
        get: operations["affiliations.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/companies/{companyId}/onboarding-requirements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a STAFF requirement to a company
         * @description Add a STAFF requirement to a company. Platform staff key only.
         */
        post: operations["platform.companies.onboardingRequirements.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/onboarding-requirements/{id}/waive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Waive a requirement (stands whatever evidence arrives)
         * @description Waive a requirement (stands whatever evidence arrives). Platform staff key only.
         */
        post: operations["platform.onboardingRequirements.waive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/onboarding-documents/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the provider approves or refuses a document
         * @description Sandbox: the provider approves or refuses a document. Platform staff key only.
         */
        post: operations["platform.sandbox.onboardingDocuments.review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/biometric-verifications/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the provider approves or rejects a biometric verification
         * @description Sandbox: the provider approves or rejects a biometric verification. Platform staff key only.
         */
        post: operations["platform.sandbox.biometricVerifications.review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/onboarding-requirements/{id}/refuse-answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the provider refuses the latest answer
         * @description Sandbox: the provider refuses the latest answer. Platform staff key only.
         */
        post: operations["platform.sandbox.onboardingRequirements.refuseAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/companies/{companyId}/provider-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a provider rejection review adds PROVIDER_REQUEST rows
         * @description Sandbox: a provider rejection review adds PROVIDER_REQUEST rows. Platform staff key only.
         */
        post: operations["platform.sandbox.companies.providerReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/affiliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every affiliation
         * @description List every affiliation. Platform staff key only.
         */
        get: operations["platform.affiliations.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/affiliations/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an affiliation's merchant reference with its provider (ADYEN_CHECKOUT, PIX_API_BCB)
         * @description Confirm an affiliation's merchant reference with its provider (ADYEN_CHECKOUT, PIX_API_BCB). Platform staff key only.
         */
        post: operations["platform.affiliations.confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/affiliations/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject an affiliation (BLOCKED)
         * @description Reject an affiliation (BLOCKED). Platform staff key only.
         */
        post: operations["platform.affiliations.reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/organizations/{id}/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sandbox: an organization's test clock
         * @description Sandbox: an organization's test clock. Platform staff key only.
         */
        get: operations["platform.sandbox.organizations.clock.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/organizations/{id}/clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: move an organization's test clock forward, running its jobs that fall due
         * @description Sandbox: move an organization's test clock forward, running its jobs that fall due. Platform staff key only.
         */
        post: operations["platform.sandbox.organizations.clock.advance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company's transactions
         * @description List the company's transactions. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.list`.
         */
        get: operations["transactions.list"];
        put?: never;
        /**
         * Create a transaction
         * @description A card payment (credit, debit with 3DS) or a PIX charge for the caller's company. A decline is a REFUSED transaction (201), not an error.
         */
        post: operations["transactions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a transaction for a merchant
         * @description Create a transaction for a merchant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.transaction.create`.
         */
        post: operations["merchants.transactions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchants' transactions
         * @description List the merchants' transactions. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.transaction.list`.
         */
        get: operations["merchants.transactions.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transaction
         * @description Get a transaction. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.view`.
         */
        get: operations["transactions.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/3ds-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a 3DS session for the caller's company
         * @description Create a 3DS session for the caller's company. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `three_ds_session.create`.
         */
        post: operations["threeDsSessions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/3ds-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a 3DS session for a merchant
         * @description Create a 3DS session for a merchant. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.three_ds_session.create`.
         */
        post: operations["merchants.threeDsSessions.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/3ds-sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a 3DS session
         * @description Get a 3DS session. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `three_ds_session.view`.
         */
        get: operations["threeDsSessions.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/3ds-sessions/{id}/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: complete a 3DS challenge (SUCCEEDED, FAILED or CANCELLED)
         * @description Sandbox: complete a 3DS challenge (SUCCEEDED, FAILED or CANCELLED). Platform staff key only.
         */
        post: operations["platform.sandbox.threeDsSessions.challenge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/affiliations/{affiliationId}/settlement-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set an affiliation's settlement account (the PIX key cashouts go to)
         * @description Set an affiliation's settlement account (the PIX key cashouts go to). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.affiliation.edit`.
         */
        put: operations["merchants.affiliations.settlementAccount.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/cashouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List cashouts
         * @description List cashouts. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `cashout.list`.
         */
        get: operations["banking.cashouts.list"];
        put?: never;
        /**
         * Create a cashout
         * @description Create a cashout. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `cashout.create`.
         */
        post: operations["banking.cashouts.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/cashouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a cashout
         * @description Get a cashout. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `cashout.view`.
         */
        get: operations["banking.cashouts.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/automatic-cashouts/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's next automatic cashouts (per account: when, and what it would take now)
         * @description The merchant's next automatic cashouts (per account: when, and what it would take now). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `merchant.automatic-cashout.view`.
         */
        get: operations["merchants.automaticCashouts.next"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/cashouts/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: report a cashout status as its provider
         * @description Sandbox: report a cashout status as its provider. Platform staff key only.
         */
        post: operations["platform.sandbox.cashouts.setStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/cashouts/{id}/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a return of a completed cashout
         * @description Sandbox: a return of a completed cashout. Platform staff key only.
         */
        post: operations["platform.sandbox.cashouts.returns.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/affiliations/{id}/settlement-account/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: review an affiliation's settlement account
         * @description Sandbox: review an affiliation's settlement account. Platform staff key only.
         */
        post: operations["platform.sandbox.affiliations.settlementAccount.review"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorized card transaction (all, or part of it: the rest is released)
         * @description Capture an authorized card transaction (all, or part of it: the rest is released). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.capture`.
         */
        post: operations["transactions.capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an authorized card transaction (void) or a PIX waiting for payment
         * @description Cancel an authorized card transaction (void) or a PIX waiting for payment. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.cancel`.
         */
        post: operations["transactions.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A transaction's refunds, oldest first
         * @description A transaction's refunds, oldest first. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.view`.
         */
        get: operations["transactions.refunds.list"];
        put?: never;
        /**
         * Refund a transaction (created PENDING; settled by the provider)
         * @description Refund a transaction (created PENDING; settled by the provider). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.refund`.
         */
        post: operations["transactions.refunds.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a refund
         * @description Get a refund. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `transaction.view`.
         */
        get: operations["refunds.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/transactions/{id}/pix-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a PIX is paid (WAITING_PAYMENT, EXPIRED or CANCELED -> APPROVED; late after expiry)
         * @description Sandbox: a PIX is paid (WAITING_PAYMENT, EXPIRED or CANCELED -> APPROVED; late after expiry). Platform staff key only.
         */
        post: operations["platform.sandbox.transactions.pixPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/transactions/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: WAITING_PAYMENT -> EXPIRED; AUTHORIZED -> CANCELED (AUTHORIZATION_EXPIRED)
         * @description Sandbox: WAITING_PAYMENT -> EXPIRED; AUTHORIZED -> CANCELED (AUTHORIZATION_EXPIRED). Platform staff key only.
         */
        post: operations["platform.sandbox.transactions.expire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/transactions/{id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: a PROCESSING card transaction gets its outcome
         * @description Sandbox: a PROCESSING card transaction gets its outcome. Platform staff key only.
         */
        post: operations["platform.sandbox.transactions.settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/refunds/{id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: settle a PENDING refund (SUCCEEDED or FAILED)
         * @description Sandbox: settle a PENDING refund (SUCCEEDED or FAILED). Platform staff key only.
         */
        post: operations["platform.sandbox.refunds.settle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/transactions/{id}/med": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the payer's bank asks for a PIX return (MED): a PENDING refund with origin MED
         * @description Sandbox: the payer's bank asks for a PIX return (MED): a PENDING refund with origin MED. Platform staff key only.
         */
        post: operations["platform.sandbox.transactions.med"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receivables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List receivables within reach
         * @description List receivables within reach. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `receivable.list`.
         */
        get: operations["receivables.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receivables/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bank account's agenda: PENDING receivables summed per payment date, ascending
         * @description A bank account's agenda: PENDING receivables summed per payment date, ascending. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `receivable.schedule.view`.
         */
        get: operations["receivables.schedule.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/receivables/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a receivable
         * @description Get a receivable. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `receivable.view`.
         */
        get: operations["receivables.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List settlements within reach
         * @description List settlements within reach. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `settlement.list`.
         */
        get: operations["settlements.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a settlement
         * @description Get a settlement. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `settlement.view`.
         */
        get: operations["settlements.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}/receivables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The receivables a settlement paid
         * @description The receivables a settlement paid. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `settlement.view`.
         */
        get: operations["settlements.receivables.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List disputes
         * @description List disputes. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.list`.
         */
        get: operations["disputes.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a dispute
         * @description Get a dispute. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.view`.
         */
        get: operations["disputes.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an evidence document (JSON, base64 content), while the dispute is OPEN
         * @description Upload an evidence document (JSON, base64 content), while the dispute is OPEN. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.document.create`.
         */
        post: operations["disputes.documents.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the evidence draft (text and this dispute's document ids) while OPEN
         * @description Replace the evidence draft (text and this dispute's document ids) while OPEN. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.evidence.edit`.
         */
        put: operations["disputes.evidence.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the evidence (OPEN -> UNDER_REVIEW); needs a text or a document, before evidence_due_by
         * @description Submit the evidence (OPEN -> UNDER_REVIEW); needs a text or a document, before evidence_due_by. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.submit`.
         */
        post: operations["disputes.submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/disputes/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept the dispute (OPEN -> ACCEPTED): the held money is paid out
         * @description Accept the dispute (OPEN -> ACCEPTED): the held money is paid out. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `dispute.accept`.
         */
        post: operations["disputes.accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/transactions/{id}/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the cardholder disputes a card transaction (201 dispute OPEN; its amount is held)
         * @description Sandbox: the cardholder disputes a card transaction (201 dispute OPEN; its amount is held). Platform staff key only.
         */
        post: operations["platform.sandbox.transactions.disputes.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/disputes/{id}/outcome": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: the provider's decision on an UNDER_REVIEW dispute (WON releases the hold, LOST pays it out)
         * @description Sandbox: the provider's decision on an UNDER_REVIEW dispute (WON releases the hold, LOST pays it out). Platform staff key only.
         */
        post: operations["platform.sandbox.disputes.outcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banking/bank-accounts/{id}/anticipation-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a SPOT anticipation of a bank account could take on a date
         * @description What a SPOT anticipation of a bank account could take on a date. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `banking.anticipation_limit.view`.
         */
        get: operations["banking.bankAccounts.anticipationLimits.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a SPOT anticipation (valid 15 minutes)
         * @description Quote a SPOT anticipation (valid 15 minutes). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `anticipation.quote.create`.
         */
        post: operations["anticipations.quotes.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List anticipations
         * @description List anticipations. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `anticipation.list`.
         */
        get: operations["anticipations.list"];
        put?: never;
        /**
         * Anticipate the receivables of a quote (created PENDING)
         * @description Anticipate the receivables of a quote (created PENDING). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `anticipation.create`.
         */
        post: operations["anticipations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an anticipation
         * @description Get an anticipation. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `anticipation.view`.
         */
        get: operations["anticipations.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/anticipations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a PENDING anticipation (its receivables become eligible again)
         * @description Cancel a PENDING anticipation (its receivables become eligible again). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `anticipation.cancel`.
         */
        post: operations["anticipations.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/anticipations/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: approve (complete now) or refuse a PENDING anticipation
         * @description Sandbox: approve (complete now) or refuse a PENDING anticipation. Platform staff key only.
         */
        post: operations["platform.sandbox.anticipations.decision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys (never the keys themselves)
         * @description List API keys (never the keys themselves). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `api_key.list`.
         */
        get: operations["apiKeys.list"];
        put?: never;
        /**
         * Create an API key (the key is shown once)
         * @description Create an API key (the key is shown once). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `api_key.create`.
         */
        post: operations["apiKeys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll an API key: a new key now, the old one ends after the grace period
         * @description Roll an API key: a new key now, the old one ends after the grace period. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `api_key.roll`.
         */
        post: operations["apiKeys.roll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key (refused on every instance within a second)
         * @description Revoke an API key (refused on every instance within a second). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `api_key.delete`.
         */
        delete: operations["apiKeys.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's webhook endpoints
         * @description List the organization's webhook endpoints. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.list`.
         */
        get: operations["webhooks.endpoints.list"];
        put?: never;
        /**
         * Create a webhook endpoint (at most 10 per organization); answers its signing secret
         * @description Create a webhook endpoint (at most 10 per organization); answers its signing secret. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.create`.
         */
        post: operations["webhooks.endpoints.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint
         * @description Read a webhook endpoint. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.view`.
         */
        get: operations["webhooks.endpoints.get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint (its deliveries stop)
         * @description Delete a webhook endpoint (its deliveries stop). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.delete`.
         */
        delete: operations["webhooks.endpoints.delete"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint (url, description, enabled_events, disabled)
         * @description Change a webhook endpoint (url, description, enabled_events, disabled). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.edit`.
         */
        patch: operations["webhooks.endpoints.update"];
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook endpoint's signing secret
         * @description Read a webhook endpoint's signing secret. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.secret`.
         */
        get: operations["webhooks.endpoints.secret.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret (the previous one keeps signing for 24 hours)
         * @description Rotate the signing secret (the previous one keeps signing for 24 hours). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.rotate_secret`.
         */
        post: operations["webhooks.endpoints.rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay this endpoint's undelivered messages since a time (failed or waiting for a retry)
         * @description Replay this endpoint's undelivered messages since a time (failed or waiting for a retry). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.recover`.
         */
        post: operations["webhooks.endpoints.recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this endpoint only
         * @description Send a webhook.test event to this endpoint only. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.endpoint.test`.
         */
        post: operations["webhooks.endpoints.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/messages/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a webhook message with its attempts and the whole event envelope
         * @description Read a webhook message with its attempts and the whole event envelope. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.message.view`.
         */
        get: operations["webhooks.messages.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every event type with the JSON Schema of its payload
         * @description Every event type with the JSON Schema of its payload. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `webhook.event_type.list`.
         */
        get: operations["webhooks.eventTypes.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/routing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's routing configuration
         * @description Get the organization's routing configuration. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `routing.view`.
         */
        get: operations["routing.get"];
        /**
         * Replace the organization's routing configuration
         * @description Replace the organization's routing configuration. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `routing.edit`.
         */
        put: operations["routing.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/organizations/{id}/routing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an organization's routing configuration
         * @description Get an organization's routing configuration. Platform staff key only.
         */
        get: operations["platform.organizations.routing.get"];
        /**
         * Replace an organization's routing configuration
         * @description Replace an organization's routing configuration. Platform staff key only.
         */
        put: operations["platform.organizations.routing.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/routing/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run the routing of a payment
         * @description Dry-run the routing of a payment. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `routing.decide`.
         */
        post: operations["routing.decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/routing/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the success-rate windows
         * @description Get the success-rate windows. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `routing.view`.
         */
        get: operations["routing.stats.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/sandbox/organizations/{id}/routing-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Empty an organization's success-rate windows
         * @description Empty an organization's success-rate windows. Platform staff key only.
         */
        delete: operations["platform.sandbox.organizations.routingStats.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/routing/failover-table": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the failover table
         * @description Get the failover table. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `none`.
         */
        get: operations["routing.failoverTable.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/request-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recent requests
         * @description List recent requests. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `request_log.list`.
         */
        get: operations["requestLogs.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream the organization's events as they are recorded (text/event-stream)
         * @description Server-sent events: the events of the organization and its merchants as they are recorded, each as `id: <event id>`, `event: <type>`, `data: <the envelope, exactly the body a webhook delivery carries>`, in recorded order. Comment lines (`: heartbeat`) come every 15 seconds. Without `Last-Event-ID` the stream starts now; with it, after that event (one of the organization's, else `400` before the stream starts). The stream ends when the key is revoked or expires, and when the server shuts down: reconnect with the last id received. An organization API key or an organization user's token (a merchant's answers `403`). Needs the permission `webhook.stream.view`.
         */
        get: operations["webhooks.stream.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/events/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: record a sample event of a type (delivered to the webhook endpoint and the event stream)
         * @description Sandbox: record a sample event of a type (delivered to the webhook endpoint and the event stream). An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `sandbox.event.trigger`.
         */
        post: operations["sandbox.events.trigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List provider accounts
         * @description List provider accounts. Platform staff key only.
         */
        get: operations["platform.providerAccounts.list"];
        put?: never;
        /**
         * Create a provider account
         * @description Create a provider account. Platform staff key only.
         */
        post: operations["platform.providerAccounts.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a provider account
         * @description Get a provider account. Platform staff key only.
         */
        get: operations["platform.providerAccounts.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a provider account
         * @description Change a provider account. Platform staff key only.
         */
        patch: operations["platform.providerAccounts.update"];
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a provider account (no new payments; what exists continues)
         * @description Disable a provider account (no new payments; what exists continues). Platform staff key only.
         */
        post: operations["platform.providerAccounts.disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a provider account
         * @description Enable a provider account. Platform staff key only.
         */
        post: operations["platform.providerAccounts.enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a provider account's credentials (the previous set verifies inbound calls during the grace)
         * @description Rotate a provider account's credentials (the previous set verifies inbound calls during the grace). Platform staff key only.
         */
        post: operations["platform.providerAccounts.credentials.rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a provider account's credentials
         * @description Check a provider account's credentials. Platform staff key only.
         */
        post: operations["platform.providerAccounts.check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/circuit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Force a provider account's circuit open or closed
         * @description Force a provider account's circuit open or closed. Platform staff key only.
         */
        post: operations["platform.providerAccounts.circuit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/platform/provider-accounts/{id}/webhook-registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * (Re)register a PIX_API_BCB account's webhooks
         * @description (Re)register a PIX_API_BCB account's webhooks. Platform staff key only.
         */
        post: operations["platform.providerAccounts.webhookRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/provider-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the provider accounts the caller's organization may use
         * @description List the provider accounts the caller's organization may use. An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`). Needs the permission `provider_account.list`.
         */
        get: operations["providerAccounts.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "company.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The company.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `company.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.company.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "company.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The company.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `company.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.company.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The affiliation.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `affiliation.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.affiliation.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliation.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The affiliation.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `affiliation.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.affiliation.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "internal-transfer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The internal-transfer.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `internal-transfer.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.internal-transfer.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "internal-transfer.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The internal-transfer.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `internal-transfer.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.internal-transfer.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "settlement.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The settlement.completed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `settlement.completed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.settlement.completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "balance.debt-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The balance.debt-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `balance.debt-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.balance.debt-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "onboarding-document.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The onboarding-document.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `onboarding-document.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.onboarding-document.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The transaction.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `transaction.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.transaction.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The transaction.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `transaction.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.transaction.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The refund.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `refund.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.refund.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The refund.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `refund.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.refund.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The anticipation.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `anticipation.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.anticipation.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "anticipation.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The anticipation.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `anticipation.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.anticipation.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cashout.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The cashout.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `cashout.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.cashout.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "three-ds-session.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The three-ds-session.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `three-ds-session.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.three-ds-session.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The dispute.created event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `dispute.created`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.dispute.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The dispute.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `dispute.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.dispute.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cashout.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The cashout.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `cashout.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.cashout.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "cashout.returned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The cashout.returned event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `cashout.returned`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.cashout.returned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "provider-account.status-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The provider-account.status-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `provider-account.status-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.provider-account.status-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "provider-account.health-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The provider-account.health-changed event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `provider-account.health-changed`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.provider-account.health-changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.test event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `webhook.test`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "routing-configuration.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The routing-configuration.updated event
         * @description Delivered as an HTTP POST to every endpoint subscribed to `routing-configuration.updated`, signed (Standard Webhooks). Answer 2xx within 5 seconds.
         */
        post: operations["webhooks.routing-configuration.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                message: string;
                status: number;
                path: string;
                timestamp: string;
                requestId: string;
                /** @description The errors guide's section on this code */
                doc_url?: string;
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        Health: {
            /** @enum {string} */
            status: "OK" | "ERROR";
            database: string;
            environment: string;
            providers: {
                enabled: number;
                initialized: number;
                health: {
                    name: string;
                    status: string;
                    responseTime: number;
                    /** Format: date-time */
                    lastChecked: string;
                }[];
            } | {
                /** @enum {string} */
                status: "unavailable";
                error: string;
            };
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            full_name: string;
            document_number: string;
            /** @enum {string} */
            document_type: "CPF" | "CNPJ";
            /** @enum {string} */
            document_tax_type: "PF" | "PJ" | "MEI" | "ME";
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
            contact: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                role?: string;
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    state: string;
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                state: string;
                city: string;
            };
            transfer_configurations: {
                automatic_transfer_enabled?: boolean;
                transfer_frequency?: string;
                rail?: string;
                utc_hour_of_day?: number;
                day_of_week?: number | null;
                day_of_month?: number | null;
                min_balance?: number;
            } | null;
            company_logo_url: string | null;
            website_url: string | null;
            webhook_enabled: boolean;
            kyc_enabled: boolean;
            declared_revenue: number;
            /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
            fee_policy_id: string | null;
            /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
            anticipation_configurations: {
                automatic_enabled: boolean;
                delay_days: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            share_documents: boolean;
            company_onboarding_enabled: boolean;
            /** @description The organization's default fee policy: applies to its merchants that have none of their own */
            default_fee_policy_id: string | null;
        };
        Merchant: {
            /** Format: uuid */
            id: string;
            name: string;
            full_name: string;
            document_number: string;
            /** @enum {string} */
            document_type: "CPF" | "CNPJ";
            /** @enum {string} */
            document_tax_type: "PF" | "PJ" | "MEI" | "ME";
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
            contact: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                role?: string;
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    state: string;
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                state: string;
                city: string;
            };
            transfer_configurations: {
                automatic_transfer_enabled?: boolean;
                transfer_frequency?: string;
                rail?: string;
                utc_hour_of_day?: number;
                day_of_week?: number | null;
                day_of_month?: number | null;
                min_balance?: number;
            } | null;
            company_logo_url: string | null;
            website_url: string | null;
            webhook_enabled: boolean;
            kyc_enabled: boolean | null;
            declared_revenue: number;
            /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
            fee_policy_id: string | null;
            /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
            anticipation_configurations: {
                automatic_enabled: boolean;
                delay_days: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Company: {
            /** Format: uuid */
            id: string;
            name: string;
            full_name: string;
            document_number: string;
            /** @enum {string} */
            document_type: "CPF" | "CNPJ";
            /** @enum {string} */
            document_tax_type: "PF" | "PJ" | "MEI" | "ME";
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
            contact: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                role?: string;
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    state: string;
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                state: string;
                city: string;
            };
            transfer_configurations: {
                automatic_transfer_enabled?: boolean;
                transfer_frequency?: string;
                rail?: string;
                utc_hour_of_day?: number;
                day_of_week?: number | null;
                day_of_month?: number | null;
                min_balance?: number;
            } | null;
            company_logo_url: string | null;
            website_url: string | null;
            webhook_enabled: boolean;
            kyc_enabled: boolean | null;
            declared_revenue: number;
            /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
            fee_policy_id: string | null;
            /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
            anticipation_configurations: {
                automatic_enabled: boolean;
                delay_days: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The organization's default fee policy: applies to its merchants that have none of their own */
            default_fee_policy_id?: string | null;
        };
        User: {
            id: string;
            identifiers: {
                id: string;
                /** @enum {string} */
                type: "email" | "phone";
                value: string;
                verified: boolean;
                /** Format: date-time */
                created_at: string;
                verified_at: string | null;
            }[];
            primary_identifier: {
                id: string;
                /** @enum {string} */
                type: "email" | "phone";
                value: string;
                verified: boolean;
                /** Format: date-time */
                created_at: string;
                verified_at: string | null;
            } | null;
            auth_methods: ("password" | "google" | "client_platform")[];
            roles: {
                id: string;
                name: string;
                permissions: string[];
                description: string | null;
                company_id: string;
                organization_id: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
            first_name: string;
            last_name: string;
            suspended_at: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CurrentUser: {
            user: components["schemas"]["User"];
            company: components["schemas"]["Merchant"] | null;
            permissions: string[];
        };
        Zipcode: {
            zipcode: string;
            street: string;
            neighborhood: string;
            city: string;
            state: string;
        };
        DashboardLink: {
            /** @description opens the delivery dashboard in a browser; valid until expires_at */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        BankAccount: {
            id: string;
            company_id: string;
            provider: string;
            /** @description Null at a provider account without banking: the account is kept on the platform ledger only */
            branch: string | null;
            account_number: string | null;
            status: string;
            balance: {
                available: number;
                held: number;
                /** @description The net of its PENDING receivables */
                pending: number;
                /** @description What the company owes when a debit found available short; repaid first by every credit */
                debt: number;
            };
            created_at: string;
            updated_at: string;
        };
        InternalTransfer: {
            id: string;
            request_id: string;
            external_request_id: string | null;
            company_id: string;
            origin_bank_account_id: string;
            destination_bank_account_id: string;
            amount: number;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            provider_transfer_id: string | null;
            error_message?: string;
            created_at: string;
            updated_at: string;
            metadata?: {
                [key: string]: unknown;
            };
        };
        Balance: {
            bank_account_id: string;
            company_id: string;
            provider: string;
            /** @enum {string} */
            currency: "BRL";
            /** @description The net of its PENDING receivables */
            pending: number;
            /** @description Money the company may move or cash out */
            available: number;
            /** @description Open cashouts with their price, pending internal transfers, open dispute holds */
            held: number;
            /** @description What the company owes when a debit found available short; every credit repays it first */
            debt: number;
            /** @description What a SPOT anticipation could take now (the net of the eligible receivables; 0 with ?at=) */
            anticipatable: number;
            /** @description The instant these balances hold at: `at` when given, else now on the organization clock */
            as_of: string;
        };
        LedgerTransaction: {
            id: string;
            /** @enum {string} */
            code: "TRANSACTION_APPROVED" | "REFUND" | "RECEIVABLE_SETTLED" | "ANTICIPATION_COMPLETED" | "CASHOUT_HOLD" | "CASHOUT_COMPLETED" | "CASHOUT_RELEASED" | "CASHOUT_RETURNED" | "INTERNAL_TRANSFER_HOLD" | "INTERNAL_TRANSFER_COMPLETED" | "INTERNAL_TRANSFER_RELEASED" | "DISPUTE_OPENED" | "DISPUTE_WON" | "DISPUTE_LOST" | "DEPOSIT" | "ADJUSTMENT";
            source: {
                /** @enum {string} */
                type: "TRANSACTION" | "REFUND" | "SETTLEMENT" | "ANTICIPATION" | "CASHOUT" | "INTERNAL_TRANSFER" | "DISPUTE" | "DEPOSIT" | "ADJUSTMENT";
                id: string;
            };
            created_at: string;
            postings: {
                account: {
                    /** @enum {string} */
                    type: "BANK_ACCOUNT" | "CLEARING" | "REVENUE";
                    /** @description Null for clearing, revenue and accounts outside your reach */
                    bank_account_id: string | null;
                    /** @description Null for clearing and accounts outside your reach */
                    company_id: string | null;
                    provider: string;
                    /** @description The bank account balance posted to; null for clearing and revenue */
                    balance_type: ("PENDING" | "AVAILABLE" | "HELD" | "DEBT") | null;
                };
                /** @enum {string} */
                direction: "DEBIT" | "CREDIT";
                amount: number;
            }[];
        };
        LedgerIntegrity: {
            providers: {
                provider: string;
                /** @description Money held at the provider: the sum of its clearing account's entries */
                clearing: number;
                /** @description Sum of the bank accounts' pending + available + held, plus the organizations' revenue */
                liabilities: number;
                debt: number;
                /** @description clearing - liabilities + debt: 0 when the books balance */
                difference: number;
            }[];
            mismatches: {
                /** @enum {string} */
                check: "RESULTING_BALANCE" | "SEQUENCE_GAP" | "NEGATIVE_BALANCE" | "DEBT_WITH_AVAILABLE";
                bank_account_id: string;
                provider: string;
                balance_type: ("PENDING" | "AVAILABLE" | "HELD" | "DEBT") | null;
                expected: number | null;
                actual: number | null;
            }[];
        };
        FeePolicy: {
            id: string;
            name: string;
            description: string | null;
            is_active: boolean;
            cashout_price: number;
            automatic_anticipation_percentage: number;
            spot_anticipation_percentage: number;
            organization_id: string;
            rules: {
                id: string;
                conditions: {
                    field: string;
                    operator: string;
                    value: unknown;
                }[];
                price: {
                    percentage?: number;
                    flat?: number;
                    minimum_price?: number;
                };
                priority: number;
                created_at: string;
                updated_at: string;
            }[];
            created_at: string;
            updated_at: string;
        };
        Card: {
            id: string;
            /** @enum {string} */
            source: "API" | "TRANSACTION";
            /** @enum {string} */
            status: "ACTIVE" | "REPLACED" | "CLOSED" | "INVALID";
            /** @enum {string} */
            brand: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
            last_digits: string;
            expiry_month: string;
            expiry_year: string;
            funding: string | null;
            issuer: string | null;
            country: string | null;
            bin: string;
            segment: string | null;
            currency: string | null;
            cardholder_name: string;
            created_at: string;
            updated_at: string;
        };
        PixKey: {
            id: string;
            company_id: string;
            bank_account_id: string;
            /** @enum {string} */
            key_type: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP";
            key: string;
            primary: boolean;
            /** @enum {string} */
            status: "ACTIVE" | "DELETED";
            deleted_at: string | null;
            created_at: string;
            updated_at: string;
            dict_key_information: {
                bank: string;
                account: string;
                branch: string;
                account_type: string;
                owner_name: string;
                owner_document: string;
                is_owned_by_company: boolean;
            } | null;
        };
        Affiliation: {
            /** Format: uuid */
            id: string;
            company_id: string;
            /** @description The provider account, uppercase */
            provider: string;
            provider_account_id: string | null;
            /** @enum {string} */
            status: "ACTIVE" | "WAITING_DOCUMENTS" | "WAITING_CONFIRMATION" | "BLOCKED" | "INVALID_SETTLEMENT_BANK_ACCOUNT";
            /** @description While WAITING_DOCUMENTS: the signed hosted onboarding page (no API key; valid 7 days; a later read gives a fresh link). Null otherwise */
            onboarding_url: string | null;
            provider_status_message: string | null;
            /** @description Where cashouts of this affiliation go; null until set */
            settlement_account: {
                pix_key_type: string;
                pix_key: string;
                dict_key_information: {
                    [key: string]: unknown;
                } | null;
            } | null;
            /** @description ADYEN_CHECKOUT / PIX_API_BCB: what staff confirmed with the provider (R1.7); null otherwise */
            merchant_reference: {
                [key: string]: unknown;
            } | null;
            confirmed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OnboardingDocument: {
            id: string;
            company_id: string;
            file_type: string;
            file_name: string;
            subject_document_number: string;
            /** @enum {string} */
            status: "PENDING_REVIEW" | "APPROVED" | "REFUSED";
            /** @enum {string} */
            origin: "UPLOAD" | "SHARED";
            refusal_reason: string | null;
            content_type: string;
            file_size_bytes: number;
            download_url: string;
            /** Format: date-time */
            download_url_expires_at: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SandboxClock: {
            /** @description The organization's current time on its test clock (ISO 8601) */
            now: string;
            /** @description How far the clock runs ahead of real time */
            offset_seconds: number;
        };
        Transaction: {
            id: string;
            company_id: string;
            request_id: string | null;
            provider: string;
            /** @enum {string} */
            payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
            /** @enum {string} */
            status: "PROCESSING" | "AUTHORIZED" | "APPROVED" | "REFUSED" | "WAITING_PAYMENT" | "EXPIRED" | "CANCELED" | "PENDING_REFUND" | "PARTIALLY_REFUNDED" | "REFUNDED";
            amount: number;
            /** @enum {string} */
            currency: "BRL";
            installments: number;
            capture: boolean;
            captured_amount: number;
            refunded_amount: number;
            pending_refund_amount: number;
            refundable_amount: number;
            fee: {
                fee_policy_id: string;
                rule_id: string | null;
                amount: number;
            } | null;
            description: string | null;
            statement_descriptor: string | null;
            customer: {
                name: string | null;
                document_number: string | null;
                email: string | null;
                phone: string | null;
            } | null;
            card_data: {
                brand: string | null;
                bin: string | null;
                last_digits: string | null;
                expiry_month: string | null;
                expiry_year: string | null;
                holder_name: string | null;
                funding: string | null;
                wallet: ("APPLE_PAY" | "GOOGLE_PAY") | null;
                stored_card_id: string | null;
            } | null;
            three_ds: {
                /** @enum {string} */
                source: "SESSION" | "EXTERNAL";
                session_id: string | null;
                version: string | null;
                eci: string | null;
                trans_status: string | null;
                liability_shift: boolean;
            } | null;
            pix: {
                txid: string;
                br_code: string;
                qr_code_png_base64: string;
                expires_at: string;
                end_to_end_id: string | null;
                paid_at: string | null;
                payer: {
                    name: string | null;
                    document_number: string | null;
                } | null;
                late_payment: boolean;
            } | null;
            refusal: {
                code: string;
                message: string;
                provider_code: string | null;
                retryable: boolean;
            } | null;
            cancel_reason: ("REQUESTED" | "AUTHORIZATION_EXPIRED" | "PIX_CANCELED") | null;
            authorization_code: string | null;
            provider_reference: string | null;
            authorized_at: string | null;
            captured_at: string | null;
            canceled_at: string | null;
            expired_at: string | null;
            metadata: {
                [key: string]: string;
            } | null;
            created_at: string;
            updated_at: string;
        };
        ThreeDsSession: {
            id: string;
            company_id: string;
            /** @enum {string} */
            status: "ACTION_REQUIRED" | "SUCCEEDED" | "FAILED" | "EXPIRED";
            amount: number;
            /** @enum {string} */
            currency: "BRL";
            installments: number;
            card: {
                brand: string;
                bin: string;
                last_digits: string;
                expiry_month: string;
                expiry_year: string;
            };
            /** @enum {string} */
            challenge_preference: "NO_PREFERENCE" | "CHALLENGE_REQUESTED" | "CHALLENGE_MANDATED" | "NO_CHALLENGE_REQUESTED";
            initiator: {
                /** @enum {string} */
                type: "CUSTOMER" | "MERCHANT";
                reason: ("RECURRING" | "INSTALLMENT" | "ADD_CARD") | null;
            };
            /** @description While ACTION_REQUIRED: open challenge_url (a page of the platform) in a browser or an iframe */
            next_action: {
                /** @enum {string} */
                type: "CHALLENGE";
                challenge_url: string;
                expires_at: string;
            } | null;
            result: {
                flow: ("FRICTIONLESS" | "CHALLENGE") | null;
                version: string | null;
                trans_status: string | null;
                eci: string | null;
                liability_shift: boolean;
                /** @description For one hour after success, then null */
                authentication_value: string | null;
                ds_transaction_id: string | null;
                three_ds_server_trans_id: string | null;
                acs_transaction_id: string | null;
            };
            failure_reason: ("AUTHENTICATION_FAILED" | "CARD_NOT_ENROLLED" | "CHALLENGE_CANCELLED" | "TIMED_OUT" | "DIRECTORY_UNAVAILABLE" | "PROTOCOL_ERROR") | null;
            transaction_id: string | null;
            expires_at: string;
            created_at: string;
            updated_at: string;
        };
        Cashout: {
            /** Format: uuid */
            id: string;
            request_id: string;
            /** Format: uuid */
            company_id: string;
            /** Format: uuid */
            bank_account_id: string;
            provider: string;
            amount: number;
            /** @description The effective fee policy's cashout_price when created */
            price: number;
            /** @description amount + price */
            total_debited: number;
            /** @enum {string} */
            currency: "BRL";
            /** @enum {string} */
            rail: "PIX";
            destination: {
                pix_key_type: string;
                pix_key: string;
                /** @description The directory view, its document masked as the directory masks it */
                dict_key_information: {
                    [key: string]: unknown;
                } | null;
            };
            /** @enum {string} */
            status: "PENDING" | "COMPLETED" | "PARTIALLY_RETURNED" | "RETURNED" | "FAILED";
            automatic: boolean;
            schedule_slot: string | null;
            end_to_end_id: string | null;
            returned_amount: number;
            returns: {
                /** Format: uuid */
                id: string;
                amount: number;
                /** @enum {string} */
                reason: "RETURNED_BY_RECEIVER" | "MED_FRAUDE" | "MED_OPERACIONAL";
                /** Format: date-time */
                returned_at: string;
            }[];
            error_code: string | null;
            error_message: string | null;
            completed_at: string | null;
            failed_at: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Refund: {
            id: string;
            transaction_id: string;
            company_id: string;
            request_id: string | null;
            amount: number;
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            /** @enum {string} */
            reason: "REQUESTED_BY_CUSTOMER" | "DUPLICATE" | "FRAUDULENT" | "OTHER";
            description: string | null;
            /** @enum {string} */
            origin: "MERCHANT" | "MED";
            failure: {
                /** @enum {string} */
                code: "INSUFFICIENT_BALANCE" | "EXPIRED_OR_CANCELED_CARD" | "PROVIDER_DECLINED" | "TIMEOUT";
                message: string;
            } | null;
            provider_refund_id: string | null;
            pix_return_id: string | null;
            created_at: string;
            updated_at: string;
            settled_at: string | null;
        };
        ReceivableSchedule: {
            data: {
                payment_date: string;
                count: number;
                gross_amount: number;
                fee_amount: number;
                anticipation_fee_amount: number;
                net_amount: number;
            }[];
        };
        Receivable: {
            id: string;
            company_id: string;
            /** @description Null only for an organization's fee share while the organization has no account at the provider */
            bank_account_id: string | null;
            provider: string;
            /** @enum {string} */
            role: "MERCHANT" | "ORGANIZATION";
            transaction_id: string;
            /** @enum {string} */
            payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
            card_brand: string | null;
            installment: number;
            installments: number;
            gross_amount: number;
            fee_amount: number;
            anticipation_fee_amount: number;
            net_amount: number;
            /** @enum {string} */
            status: "PENDING" | "PAID" | "CANCELED";
            payment_date: string;
            original_payment_date: string;
            paid_at: string | null;
            canceled_at: string | null;
            cancel_reason: ("REFUND" | "CHARGEBACK") | null;
            anticipation_id: string | null;
            settlement_id: string | null;
            fee_policy_id: string | null;
            fee_rule_id: string | null;
            created_at: string;
            updated_at: string;
        };
        Settlement: {
            id: string;
            bank_account_id: string;
            company_id: string;
            provider: string;
            payment_date: string;
            receivable_count: number;
            gross_amount: number;
            fee_amount: number;
            anticipation_fee_amount: number;
            net_amount: number;
            created_at: string;
        };
        Dispute: {
            id: string;
            transaction_id: string;
            company_id: string;
            bank_account_id: string | null;
            provider: string;
            amount: number;
            currency: string;
            /** @enum {string} */
            reason: "FRAUD" | "COMMERCIAL_DISAGREEMENT" | "PROCESSING_ERROR" | "AUTHORIZATION" | "OTHER";
            reason_code: string | null;
            /** @enum {string} */
            status: "OPEN" | "UNDER_REVIEW" | "WON" | "LOST" | "ACCEPTED";
            evidence_due_by: string;
            evidence: {
                text: string | null;
                document_ids: string[];
                submitted_at: string | null;
            };
            /** @description What opening moved into held (the whole amount) */
            held_amount: number;
            /** @description The part of the hold that available could not cover, recorded as debt */
            debt_amount: number;
            closed_reason: ("WON" | "LOST" | "ACCEPTED" | "NO_RESPONSE") | null;
            opened_at: string;
            closed_at: string | null;
            created_at: string;
            updated_at: string;
        };
        AnticipationLimit: {
            payment_date: string;
            rate_percentage: number;
            minimum: {
                amount: number;
                fee_amount: number;
                net_amount: number;
            };
            maximum: {
                amount: number;
                fee_amount: number;
                net_amount: number;
            };
            receivable_count: number;
        };
        Anticipation: {
            id: string;
            request_id: string;
            /** @enum {string} */
            type: "SPOT" | "AUTOMATIC";
            /** @enum {string} */
            status: "PENDING" | "COMPLETED" | "REFUSED" | "CANCELED";
            bank_account_id: string;
            company_id: string;
            provider: string;
            rate_percentage: number;
            payment_date: string;
            amount: number;
            fee_amount: number;
            net_amount: number;
            receivable_ids: string[];
            refusal_reason: string | null;
            created_at: string;
            updated_at: string;
            completed_at: string | null;
        };
        Endpoint: {
            id: string;
            url: string;
            description: string | null;
            enabled_events: string[];
            disabled: boolean;
            /**
             * @description STAFF: the endpoint platform support set for the organization
             * @enum {string}
             */
            origin: "API" | "STAFF";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Secret: {
            /** @description Standard Webhooks secret (whsec_…) */
            signing_secret: string;
            /** @description Until then the previous secret signs too (after a rotation) */
            previous_secret_expires_at: string | null;
        };
        Message: {
            /** @description the event id (also the webhook-id header) */
            id: string;
            type: string;
            company_id: string;
            /**
             * @description DELIVERED when every endpoint got it, FAILED when one gave up, else PENDING
             * @enum {string}
             */
            status: "PENDING" | "DELIVERED" | "FAILED";
            attempts: {
                /** Format: date-time */
                at: string;
                /** @description The endpoint this attempt went to (null only for attempts older than endpoint ids) */
                endpoint_id: string | null;
                status_code: number | null;
                duration_ms: number;
                error: string | null;
            }[];
            /** @description The state of the message at each endpoint it goes to */
            deliveries: {
                endpoint_id: string;
                /** @enum {string} */
                status: "PENDING" | "DELIVERED" | "FAILED";
                /** @description Attempts in the current run (a replay or recover starts a new run) */
                attempt_count: number;
                next_attempt_at: string | null;
            }[];
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The whole event envelope the message delivers */
            event: {
                id: string;
                type: string;
                version: number;
                /** Format: date-time */
                timestamp: string;
                source: string;
                company_id: string;
                correlation_id: string;
                payload: {
                    [key: string]: unknown;
                };
            };
        };
        Routing: {
            organization_id: string;
            /** @description 0 until a configuration is saved; each PUT adds 1 */
            version: number;
            /** @description The draws' seed (the organization id unless set) */
            seed: string;
            rules: {
                id: string;
                name: string;
                priority: number;
                enabled: boolean;
                conditions: {
                    field: string;
                    operator: string;
                    value: string | number | (string | number)[];
                }[];
                strategy: {
                    /** @enum {string} */
                    type: "PRIORITY" | "VOLUME" | "SUCCESS_RATE";
                    providers?: string[];
                    splits?: {
                        provider: string;
                        percentage: number;
                    }[];
                    window_size?: number;
                    min_samples?: number;
                    exploration_percent?: number;
                    latency_threshold_ms?: number | null;
                };
            }[];
            default_providers: string[];
            failover: {
                enabled: boolean;
                max_attempts: number;
                on_generic_decline: boolean;
            };
            created_at: string | null;
            updated_at: string | null;
        };
        FailoverTable: {
            data: {
                outcome: string;
                code: string | null;
                /** @enum {string} */
                failover: "ALWAYS" | "NEVER" | "ON_GENERIC_DECLINE";
                /** @enum {string} */
                counts_for_circuit: "SUCCESS" | "FAILURE" | "NONE";
                counts_as_success: boolean | null;
            }[];
        };
        ProviderAccount: {
            id: string;
            provider: string;
            display_name: string;
            /** @enum {string} */
            connector: "SANDBOX" | "ADYEN_CHECKOUT" | "PIX_API_BCB";
            /** @enum {string} */
            environment: "TEST" | "LIVE";
            base_url: string | null;
            settings: {
                [key: string]: unknown;
            };
            credentials: {
                /** @description `sha256:` + 16 hex digits over the set as sent */
                fingerprint: string;
                version: number;
                /** Format: date-time */
                set_at: string;
                /** @description Until when the previous set still verifies inbound calls */
                previous_valid_until: string | null;
                /** @description Per credential given: `{ last4 }`, `{ username_last4, password_last4 }`, `{ subject, not_after, sha256 }` or `{ present: true }` */
                fields: {
                    [key: string]: {
                        [key: string]: unknown;
                    };
                };
            } | null;
            capabilities: {
                payment_methods: ("CREDIT_CARD" | "DEBIT_CARD" | "PIX")[];
                card_brands: string[];
                max_installments: number | null;
                capture_modes: ("AUTOMATIC" | "MANUAL")[];
                partial_capture: boolean;
                refunds: {
                    partial: boolean;
                    multiple: boolean;
                };
                three_ds_sessions: boolean;
                external_three_ds: boolean;
                network_tokens: boolean;
                pix_due_date: boolean;
                banking: boolean;
                company_onboarding: boolean;
            };
            /** @enum {string} */
            status: "ACTIVE" | "DISABLED";
            disabled_reason: string | null;
            built_in: boolean;
            /** @enum {string} */
            organization_access: "ALL" | "SELECTED";
            organization_ids: string[];
            timeout_ms: number;
            circuit_breaker: {
                failure_threshold: number;
                cooldown_seconds: number;
            };
            webhook: {
                url: string;
                /** @enum {string} */
                registration: "NOT_APPLICABLE" | "MANUAL" | "PENDING" | "REGISTERED" | "FAILED";
                registered_keys: string[];
                last_error: string | null;
                updated_at: string | null;
            };
            health: {
                /** @enum {string} */
                circuit_state: "CLOSED" | "OPEN" | "HALF_OPEN";
                consecutive_failures: number;
                opened_at: string | null;
                next_probe_at: string | null;
                probe_in_flight: boolean;
                last_success_at: string | null;
                last_failure_at: string | null;
                last_failure_code: string | null;
                latency_ms_p50: number | null;
                latency_ms_p95: number | null;
                credentials_check: {
                    /** @enum {string} */
                    status: "OK" | "FAILED" | "NOT_CHECKED";
                    checked_at: string | null;
                    error: string | null;
                };
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OrganizationList: {
            data: components["schemas"]["Organization"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        MerchantList: {
            data: components["schemas"]["Merchant"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        UserList: {
            data: components["schemas"]["User"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        RoleList: {
            data: {
                id: string;
                name: string;
                permissions: string[];
                description: string | null;
                company_id: string;
                organization_id: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        PermissionList: {
            data: string[];
        };
        SandboxMessageList: {
            data: {
                to: string;
                channel: string;
                /** @enum {string} */
                purpose: "VERIFY" | "RESET_PASSWORD";
                code: string;
                created_at: string;
            }[];
        };
        WebhookMessageList: {
            data: {
                /** @description the event id (also the webhook-id header) */
                id: string;
                type: string;
                company_id: string;
                /**
                 * @description DELIVERED when every endpoint got it, FAILED when one gave up, else PENDING
                 * @enum {string}
                 */
                status: "PENDING" | "DELIVERED" | "FAILED";
                attempts: {
                    /** Format: date-time */
                    at: string;
                    /** @description The endpoint this attempt went to (null only for attempts older than endpoint ids) */
                    endpoint_id: string | null;
                    status_code: number | null;
                    duration_ms: number;
                    error: string | null;
                }[];
                /** @description The state of the message at each endpoint it goes to */
                deliveries: {
                    endpoint_id: string;
                    /** @enum {string} */
                    status: "PENDING" | "DELIVERED" | "FAILED";
                    /** @description Attempts in the current run (a replay or recover starts a new run) */
                    attempt_count: number;
                    next_attempt_at: string | null;
                }[];
                next_attempt_at: string | null;
                /** Format: date-time */
                created_at: string;
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        BankAccountList: {
            data: components["schemas"]["BankAccount"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        InternalTransferList: {
            data: components["schemas"]["InternalTransfer"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        BalanceList: {
            data: components["schemas"]["Balance"][];
            totals: {
                /** @description The net of its PENDING receivables */
                pending: number;
                /** @description Money the company may move or cash out */
                available: number;
                /** @description Open cashouts with their price, pending internal transfers, open dispute holds */
                held: number;
                /** @description What the company owes when a debit found available short; every credit repays it first */
                debt: number;
            };
        };
        LedgerEntryList: {
            data: {
                id: string;
                ledger_transaction_id: string;
                /** @description Per bank account, strictly increasing without gaps across its four balances */
                sequence: number;
                bank_account_id: string;
                company_id: string;
                provider: string;
                /** @enum {string} */
                balance_type: "PENDING" | "AVAILABLE" | "HELD" | "DEBT";
                /** @description Signed: + increases that balance */
                amount: number;
                /** @description That balance right after this entry */
                resulting_balance: number;
                /** @enum {string} */
                code: "TRANSACTION_APPROVED" | "REFUND" | "RECEIVABLE_SETTLED" | "ANTICIPATION_COMPLETED" | "CASHOUT_HOLD" | "CASHOUT_COMPLETED" | "CASHOUT_RELEASED" | "CASHOUT_RETURNED" | "INTERNAL_TRANSFER_HOLD" | "INTERNAL_TRANSFER_COMPLETED" | "INTERNAL_TRANSFER_RELEASED" | "DISPUTE_OPENED" | "DISPUTE_WON" | "DISPUTE_LOST" | "DEPOSIT" | "ADJUSTMENT";
                source: {
                    /** @enum {string} */
                    type: "TRANSACTION" | "REFUND" | "SETTLEMENT" | "ANTICIPATION" | "CASHOUT" | "INTERNAL_TRANSFER" | "DISPUTE" | "DEPOSIT" | "ADJUSTMENT";
                    id: string;
                };
                created_at: string;
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        FeePolicyList: {
            data: components["schemas"]["FeePolicy"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        CardList: {
            data: components["schemas"]["Card"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        TestCardList: {
            data: {
                outcome: string;
                three_ds: string | null;
                card_data: {
                    number: string;
                    cvv: string;
                    bin: string;
                    last_digits: string;
                    /** @enum {string} */
                    brand: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
                    expiry_month: string;
                    expiry_year: string;
                    holder_name: string;
                };
            }[];
        };
        EncryptionKeyList: {
            /** @enum {string} */
            environment: "sandbox" | "production";
            current_kid: string;
            keys: {
                kid: string;
                /** @enum {string} */
                kty: "EC";
                /** @enum {string} */
                crv: "P-256";
                x: string;
                y: string;
                /** @enum {string} */
                use: "enc";
                /** @enum {string} */
                alg: "ECDH-P256+HKDF-SHA256+A256GCM";
                /** @enum {string} */
                format: "ev:v1";
                /** @enum {string} */
                status: "ACTIVE" | "RETIRING" | "RETIRED";
                created_at: string;
                not_after: string | null;
            }[];
        };
        PixKeyList: {
            data: components["schemas"]["PixKey"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        OnboardingRequirementList: {
            data: {
                /** Format: uuid */
                id: string;
                company_id: string;
                /** @enum {string} */
                provider: "PROVIDER_A" | "PROVIDER_B";
                /** @enum {string} */
                type: "IDENTITY_DOCUMENT" | "BIOMETRIC_VERIFICATION" | "ARTICLES_OF_INCORPORATION" | "POWER_OF_ATTORNEY" | "PROOF_OF_ADDRESS" | "PROOF_OF_INCOME" | "FINANCIAL_STATEMENT" | "INFORMATION" | "EVIDENCE_PACKAGE" | "OTHER";
                subject_document_number: string;
                /** @enum {string} */
                subject_role: "COMPANY" | "CONTACT" | "PARTNER_COMPANY";
                /** @enum {string} */
                origin: "BASE" | "PROVIDER_REQUEST" | "STAFF";
                description: string | null;
                /** @enum {string} */
                status: "PENDING" | "SATISFIED" | "REJECTED" | "WAIVED";
                accepted_document_types: string[] | null;
                satisfied_by: {
                    onboarding_document_ids: string[];
                    biometric_verification_id: string | null;
                    answer: string | null;
                } | null;
                waived_at: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
        };
        OnboardingDocumentList: {
            data: components["schemas"]["OnboardingDocument"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        AffiliationList: {
            data: components["schemas"]["Affiliation"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        TransactionList: {
            data: components["schemas"]["Transaction"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        CashoutList: {
            data: components["schemas"]["Cashout"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        RefundList: {
            data: components["schemas"]["Refund"][];
        };
        ReceivableList: {
            data: components["schemas"]["Receivable"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        SettlementList: {
            data: components["schemas"]["Settlement"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        DisputeList: {
            data: components["schemas"]["Dispute"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        AnticipationList: {
            data: components["schemas"]["Anticipation"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        ApiKeyList: {
            data: {
                id: string;
                company_id: string;
                description: string | null;
                last4: string | null;
                created_at: string;
                expires_at: string | null;
                revoked_at: string | null;
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        EndpointList: {
            data: components["schemas"]["Endpoint"][];
        };
        EventTypeList: {
            data: {
                type: string;
                version: number;
                /** @description JSON Schema of the payload */
                schema: {
                    [key: string]: unknown;
                };
            }[];
        };
        StatList: {
            data: {
                provider: string;
                provider_account_id: string | null;
                payment_method: string;
                samples: number;
                successes: number;
                /** @description successes / samples with 4 decimals; null without samples */
                success_rate: number | null;
                latency_ms_p50: number | null;
            }[];
        };
        RequestLogList: {
            data: {
                id: string;
                company_id: string;
                method: string;
                /** @description The path as called (card numbers redacted), without the query string */
                path: string;
                status: number;
                /** @description The error envelope's code when the request failed */
                error_code: string | null;
                duration_ms: number;
                /** @description The answer's request id (the X-Request-Id header and an error's requestId) */
                request_id: string;
                /** @description The request_id (or Idempotency-Key) a create was sent with */
                idempotency_key: string | null;
                /** @description The answer was an idempotent replay of an earlier request */
                replayed: boolean;
                api_key_id: string | null;
                /** @enum {string} */
                source: "API_KEY" | "USER_SESSION";
                ip: string | null;
                /** @description The body's top-level field names and size; values are never kept */
                body_summary: {
                    fields: string[];
                    bytes: number;
                } | null;
                created_at: string;
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        ProviderAccountList: {
            data: components["schemas"]["ProviderAccount"][];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        ProviderAccountList2: {
            data: {
                id: string;
                provider: string;
                display_name: string;
                /** @enum {string} */
                connector: "SANDBOX" | "ADYEN_CHECKOUT" | "PIX_API_BCB";
                /** @enum {string} */
                environment: "TEST" | "LIVE";
                /** @enum {string} */
                status: "ACTIVE" | "DISABLED";
                capabilities: {
                    payment_methods: ("CREDIT_CARD" | "DEBIT_CARD" | "PIX")[];
                    card_brands: string[];
                    max_installments: number | null;
                    capture_modes: ("AUTOMATIC" | "MANUAL")[];
                    partial_capture: boolean;
                    refunds: {
                        partial: boolean;
                        multiple: boolean;
                    };
                    three_ds_sessions: boolean;
                    external_three_ds: boolean;
                    network_tokens: boolean;
                    pix_due_date: boolean;
                    banking: boolean;
                    company_onboarding: boolean;
                };
                /** @enum {string} */
                circuit_state: "CLOSED" | "OPEN" | "HALF_OPEN";
            }[];
            pagination: {
                page: number;
                limit: number;
                total: number;
                totalPages: number;
                hasNext: boolean;
                hasPrev: boolean;
            };
        };
        PlatformOrganizationsCreateRequest: {
            name: string;
            full_name: string;
            /** @enum {string} */
            document_tax_type?: "PF" | "PJ" | "MEI" | "ME";
            contact: {
                first_name: string;
                last_name: string;
                /** Format: email */
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed?: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                /** @enum {string} */
                role?: "PARTNER" | "ADMINISTRATOR" | "LEGAL_REPRESENTATIVE" | "ATTORNEY" | "EMPLOYEE" | "OTHER";
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    /** @enum {string} */
                    state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                /** @enum {string} */
                state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                city: string;
            };
            transfer_configurations?: {
                automatic_transfer_enabled?: boolean;
                /** @enum {string} */
                transfer_frequency?: "DAILY" | "WEEKLY" | "MONTHLY";
                /** @enum {string} */
                rail?: "PIX";
                utc_hour_of_day?: number;
                /** @description WEEKLY only (0 Sunday); null otherwise */
                day_of_week?: number | null;
                /** @description MONTHLY only (shorter months use their last day); null otherwise */
                day_of_month?: number | null;
                /** @description The balance left after an automatic cashout [0] */
                min_balance?: number;
            };
            /** Format: uri */
            company_logo_url?: string;
            /** Format: uri */
            website_url?: string;
            webhook_enabled?: boolean;
            declared_revenue?: number;
            document_number: string;
            request_id?: string;
            kyc_enabled?: boolean;
            share_documents?: boolean;
            company_onboarding_enabled?: boolean;
        };
        CreatedOrganization: {
            /** Format: uuid */
            id: string;
            name: string;
            full_name: string;
            document_number: string;
            /** @enum {string} */
            document_type: "CPF" | "CNPJ";
            /** @enum {string} */
            document_tax_type: "PF" | "PJ" | "MEI" | "ME";
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
            contact: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                role?: string;
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    state: string;
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                state: string;
                city: string;
            };
            transfer_configurations: {
                automatic_transfer_enabled?: boolean;
                transfer_frequency?: string;
                rail?: string;
                utc_hour_of_day?: number;
                day_of_week?: number | null;
                day_of_month?: number | null;
                min_balance?: number;
            } | null;
            company_logo_url: string | null;
            website_url: string | null;
            webhook_enabled: boolean;
            kyc_enabled: boolean;
            declared_revenue: number;
            /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
            fee_policy_id: string | null;
            /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
            anticipation_configurations: {
                automatic_enabled: boolean;
                delay_days: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            share_documents: boolean;
            company_onboarding_enabled: boolean;
            /** @description The organization's default fee policy: applies to its merchants that have none of their own */
            default_fee_policy_id: string | null;
            /** @description The organization API key: shown only in this response (a replay answers 200 without it) */
            api_key: string;
        };
        PlatformOrganizationsUpdateRequest: {
            kyc_enabled?: boolean;
            share_documents?: boolean;
            company_onboarding_enabled?: boolean;
        };
        PlatformCompaniesUpdateRequest: {
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
        };
        PlatformOrganizationsWebhookEndpointUpdateRequest: {
            /** Format: uri */
            url: string;
        };
        PlatformOrganizationsWebhookEndpointUpdateResponse: {
            url: string;
            /** @description Standard Webhooks secret (whsec_…) to verify deliveries */
            signing_secret: string;
            /** Format: date-time */
            created_at: string;
        };
        PlatformOrganizationsWebhookEndpointDeleteResponse: {
            deleted: boolean;
        };
        MerchantsCreateRequest: {
            name: string;
            full_name: string;
            /** @enum {string} */
            document_tax_type?: "PF" | "PJ" | "MEI" | "ME";
            contact: {
                first_name: string;
                last_name: string;
                /** Format: email */
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed?: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                /** @enum {string} */
                role?: "PARTNER" | "ADMINISTRATOR" | "LEGAL_REPRESENTATIVE" | "ATTORNEY" | "EMPLOYEE" | "OTHER";
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    /** @enum {string} */
                    state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                /** @enum {string} */
                state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                city: string;
            };
            transfer_configurations?: {
                automatic_transfer_enabled?: boolean;
                /** @enum {string} */
                transfer_frequency?: "DAILY" | "WEEKLY" | "MONTHLY";
                /** @enum {string} */
                rail?: "PIX";
                utc_hour_of_day?: number;
                /** @description WEEKLY only (0 Sunday); null otherwise */
                day_of_week?: number | null;
                /** @description MONTHLY only (shorter months use their last day); null otherwise */
                day_of_month?: number | null;
                /** @description The balance left after an automatic cashout [0] */
                min_balance?: number;
            };
            /** Format: uri */
            company_logo_url?: string;
            /** Format: uri */
            website_url?: string;
            webhook_enabled?: boolean;
            declared_revenue?: number;
            document_number: string;
            request_id?: string;
            /** @description The merchant's own fee policy: an active policy of the organization; null detaches it */
            fee_policy_id?: string | null;
            anticipation_configurations?: {
                /** @description Default false */
                automatic_enabled?: boolean;
                /** @description 1-30, default 1: receivables of transactions approved at least this many days before */
                delay_days?: number;
            };
        };
        CreatedMerchant: {
            /** Format: uuid */
            id: string;
            name: string;
            full_name: string;
            document_number: string;
            /** @enum {string} */
            document_type: "CPF" | "CNPJ";
            /** @enum {string} */
            document_tax_type: "PF" | "PJ" | "MEI" | "ME";
            /** @enum {string} */
            status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
            contact: {
                first_name: string;
                last_name: string;
                email: string;
                phone: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                role?: string;
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    state: string;
                    city: string;
                };
            };
            address: {
                street: string;
                street_number: string;
                complement?: string;
                neighborhood: string;
                zipcode: string;
                country: string;
                state: string;
                city: string;
            };
            transfer_configurations: {
                automatic_transfer_enabled?: boolean;
                transfer_frequency?: string;
                rail?: string;
                utc_hour_of_day?: number;
                day_of_week?: number | null;
                day_of_month?: number | null;
                min_balance?: number;
            } | null;
            company_logo_url: string | null;
            website_url: string | null;
            webhook_enabled: boolean;
            kyc_enabled: boolean | null;
            declared_revenue: number;
            /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
            fee_policy_id: string | null;
            /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
            anticipation_configurations: {
                automatic_enabled: boolean;
                delay_days: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The merchant API key: shown only in this response (a replay answers 200 without it) */
            api_key: string;
        };
        MerchantsUpdateRequest: {
            name?: string;
            full_name?: string;
            /** @enum {string} */
            document_tax_type?: "PF" | "PJ" | "MEI" | "ME";
            contact?: {
                first_name?: string;
                last_name?: string;
                /** Format: email */
                email?: string;
                phone?: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed?: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                /** @enum {string} */
                role?: "PARTNER" | "ADMINISTRATOR" | "LEGAL_REPRESENTATIVE" | "ATTORNEY" | "EMPLOYEE" | "OTHER";
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    /** @enum {string} */
                    state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                    city: string;
                };
            };
            address?: {
                street?: string;
                street_number?: string;
                complement?: string;
                neighborhood?: string;
                zipcode?: string;
                country?: string;
                /** @enum {string} */
                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                city?: string;
            };
            transfer_configurations?: {
                automatic_transfer_enabled?: boolean;
                /** @enum {string} */
                transfer_frequency?: "DAILY" | "WEEKLY" | "MONTHLY";
                /** @enum {string} */
                rail?: "PIX";
                utc_hour_of_day?: number;
                /** @description WEEKLY only (0 Sunday); null otherwise */
                day_of_week?: number | null;
                /** @description MONTHLY only (shorter months use their last day); null otherwise */
                day_of_month?: number | null;
                /** @description The balance left after an automatic cashout [0] */
                min_balance?: number;
            };
            /** Format: uri */
            company_logo_url?: string;
            /** Format: uri */
            website_url?: string;
            webhook_enabled?: boolean;
            declared_revenue?: number;
            /** @description The merchant's own fee policy: an active policy of the organization; null detaches it */
            fee_policy_id?: string | null;
            anticipation_configurations?: {
                /** @description Default false */
                automatic_enabled?: boolean;
                /** @description 1-30, default 1: receivables of transactions approved at least this many days before */
                delay_days?: number;
            };
        };
        CompaniesMeUpdateRequest: {
            name?: string;
            full_name?: string;
            /** @enum {string} */
            document_tax_type?: "PF" | "PJ" | "MEI" | "ME";
            contact?: {
                first_name?: string;
                last_name?: string;
                /** Format: email */
                email?: string;
                phone?: string;
                mother_name?: string;
                birth_date?: string;
                document_number?: string;
                politically_exposed?: boolean;
                declared_income?: number;
                occupation?: string;
                net_worth?: number;
                /** @enum {string} */
                role?: "PARTNER" | "ADMINISTRATOR" | "LEGAL_REPRESENTATIVE" | "ATTORNEY" | "EMPLOYEE" | "OTHER";
                address?: {
                    street: string;
                    street_number: string;
                    complement?: string;
                    neighborhood: string;
                    zipcode: string;
                    country: string;
                    /** @enum {string} */
                    state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                    city: string;
                };
            };
            address?: {
                street?: string;
                street_number?: string;
                complement?: string;
                neighborhood?: string;
                zipcode?: string;
                country?: string;
                /** @enum {string} */
                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                city?: string;
            };
            transfer_configurations?: {
                automatic_transfer_enabled?: boolean;
                /** @enum {string} */
                transfer_frequency?: "DAILY" | "WEEKLY" | "MONTHLY";
                /** @enum {string} */
                rail?: "PIX";
                utc_hour_of_day?: number;
                /** @description WEEKLY only (0 Sunday); null otherwise */
                day_of_week?: number | null;
                /** @description MONTHLY only (shorter months use their last day); null otherwise */
                day_of_month?: number | null;
                /** @description The balance left after an automatic cashout [0] */
                min_balance?: number;
            };
            /** Format: uri */
            company_logo_url?: string;
            /** Format: uri */
            website_url?: string;
            webhook_enabled?: boolean;
            declared_revenue?: number;
            /** @description Organizations only: the policy of merchants without their own; null removes it */
            default_fee_policy_id?: string | null;
        };
        UsersCreateRequest: {
            first_name: string;
            last_name: string;
            identifier: {
                /** @enum {string} */
                type: "email" | "phone";
                value: string;
            };
            /** @default [] */
            role_ids: string[];
            metadata?: {
                [key: string]: string | number | boolean | null;
            };
            request_id?: string;
        };
        UsersRolesUpdateRequest: {
            role_ids: string[];
        };
        RolesCreateRequest: {
            name: string;
            description?: string | null;
            permissions: string[];
            request_id?: string;
        };
        RolesCreateResponse: {
            id: string;
            name: string;
            permissions: string[];
            description: string | null;
            company_id: string;
            organization_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        RolesUpdateRequest: {
            name: string;
            description?: string | null;
            permissions: string[];
        };
        AuthLoginRequest: {
            identifier: string;
            password: string;
        };
        AuthLoginResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            user: components["schemas"]["User"];
            companies: {
                id: string;
                name: string;
            }[];
            company_id: string | null;
        };
        AuthVerifyRequest: {
            identifier: string;
            code: string;
            password: string;
        };
        AuthForgotPasswordRequest: {
            identifier: string;
        };
        AuthForgotPasswordResponse: {
            message: string;
        };
        AuthResetPasswordRequest: {
            identifier: string;
            code: string;
            new_password: string;
        };
        AuthSelectCompanyRequest: {
            /** Format: uuid */
            company_id: string;
        };
        AuthChangePasswordRequest: {
            current_password: string;
            new_password: string;
        };
        WebhooksMessagesReplayResponse: {
            /** @description the event id (also the webhook-id header) */
            id: string;
            type: string;
            company_id: string;
            /**
             * @description DELIVERED when every endpoint got it, FAILED when one gave up, else PENDING
             * @enum {string}
             */
            status: "PENDING" | "DELIVERED" | "FAILED";
            attempts: {
                /** Format: date-time */
                at: string;
                /** @description The endpoint this attempt went to (null only for attempts older than endpoint ids) */
                endpoint_id: string | null;
                status_code: number | null;
                duration_ms: number;
                error: string | null;
            }[];
            /** @description The state of the message at each endpoint it goes to */
            deliveries: {
                endpoint_id: string;
                /** @enum {string} */
                status: "PENDING" | "DELIVERED" | "FAILED";
                /** @description Attempts in the current run (a replay or recover starts a new run) */
                attempt_count: number;
                next_attempt_at: string | null;
            }[];
            next_attempt_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        BankingBankAccountsCreateRequest: {
            /** @enum {string} */
            provider: "PROVIDER_A" | "PROVIDER_B" | "INTERNAL";
            /** Format: uuid */
            company_id?: string;
            request_id?: string;
        };
        BankingInternalTransfersCreateRequest: {
            request_id: string;
            /** Format: uuid */
            origin_bank_account_id: string;
            /** Format: uuid */
            destination_bank_account_id: string;
            amount: number;
            metadata?: {
                [key: string]: string | number | boolean | null;
            };
        };
        PlatformSandboxBankAccountsDepositsCreateRequest: {
            amount: number;
        };
        PlatformSandboxInternalTransfersSetStatusRequest: {
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            error_message?: string;
        };
        PricingFeePoliciesCreateRequest: {
            name: string;
            description?: string;
            is_active?: boolean;
            cashout_price: number;
            /** @description Percent, 0-100, at most 4 decimals */
            automatic_anticipation_percentage: number;
            /** @description Percent, 0-100, at most 4 decimals */
            spot_anticipation_percentage: number;
            rules: {
                conditions: {
                    /** @enum {string} */
                    field: "transaction.payment_method" | "transaction.installments" | "transaction.card_data.brand" | "transaction.amount";
                    /** @enum {string} */
                    operator: "EQUALS" | "NOT_EQUALS" | "IN" | "NOT_IN" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL";
                    value: (string | number) | (string | number)[];
                }[];
                price: {
                    /** @description Percent, 0-100, at most 4 decimals */
                    percentage?: number;
                    flat?: number;
                    minimum_price?: number;
                };
                /** @default 0 */
                priority: number;
            }[];
            request_id?: string;
        };
        PricingFeePoliciesUpdateRequest: {
            name: string;
            description?: string;
            is_active?: boolean;
            cashout_price: number;
            /** @description Percent, 0-100, at most 4 decimals */
            automatic_anticipation_percentage: number;
            /** @description Percent, 0-100, at most 4 decimals */
            spot_anticipation_percentage: number;
            rules: {
                conditions: {
                    /** @enum {string} */
                    field: "transaction.payment_method" | "transaction.installments" | "transaction.card_data.brand" | "transaction.amount";
                    /** @enum {string} */
                    operator: "EQUALS" | "NOT_EQUALS" | "IN" | "NOT_IN" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL";
                    value: (string | number) | (string | number)[];
                }[];
                price: {
                    /** @description Percent, 0-100, at most 4 decimals */
                    percentage?: number;
                    flat?: number;
                    minimum_price?: number;
                };
                /** @default 0 */
                priority: number;
            }[];
        };
        PricingFeePoliciesQuoteRequest: {
            transaction: {
                amount: number;
                payment_method?: string;
                installments?: number;
                card_data?: {
                    /** @enum {string} */
                    brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
                };
            };
        };
        PricingFeePoliciesQuoteResponse: {
            fee_policy_id: string;
            rule_id: string | null;
            fee_amount: number;
            net_amount: number;
        };
        MerchantsFeeQuoteRequest: {
            transaction: {
                amount: number;
                /** @enum {string} */
                payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
                installments?: number;
                card_data?: {
                    /** @enum {string} */
                    brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
                };
            };
        };
        MerchantsFeeQuoteResponse: {
            fee_policy_id: string | null;
            rule_id: string | null;
            fee_amount: number;
            net_amount: number;
            receivables: {
                installment: number;
                payment_date: string;
                gross_amount: number;
                fee_amount: number;
                net_amount: number;
            }[];
        };
        MerchantsCardsCreateRequest: {
            card: {
                /** @description Encrypted value (ev:v1, purpose pan), never plaintext */
                number: string;
                expiry_month: string;
                expiry_year: string;
                last_digits: string;
                cardholder_name: string;
                bin: string;
                /** @enum {string} */
                brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
                funding?: string;
                issuer?: string;
                country?: string;
                segment?: string;
                currency?: string;
            };
            request_id?: string;
        };
        PlatformEncryptionKeysRotateResponse: {
            kid: string;
            /** @enum {string} */
            kty: "EC";
            /** @enum {string} */
            crv: "P-256";
            x: string;
            y: string;
            /** @enum {string} */
            use: "enc";
            /** @enum {string} */
            alg: "ECDH-P256+HKDF-SHA256+A256GCM";
            /** @enum {string} */
            format: "ev:v1";
            /** @enum {string} */
            status: "ACTIVE" | "RETIRING" | "RETIRED";
            created_at: string;
            not_after: string | null;
        };
        MerchantsPixKeysCreateRequest: {
            /** @enum {string} */
            key_type: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP";
            key?: string;
            /** Format: uuid */
            bank_account_id: string;
            request_id?: string;
        };
        MerchantsOnboardingRequirementsAnswersCreateRequest: {
            answer: string;
            onboarding_document_ids?: string[];
            request_id?: string;
        };
        MerchantsOnboardingRequirementsAnswersCreateResponse: {
            /** Format: uuid */
            id: string;
            company_id: string;
            /** @enum {string} */
            provider: "PROVIDER_A" | "PROVIDER_B";
            /** @enum {string} */
            type: "IDENTITY_DOCUMENT" | "BIOMETRIC_VERIFICATION" | "ARTICLES_OF_INCORPORATION" | "POWER_OF_ATTORNEY" | "PROOF_OF_ADDRESS" | "PROOF_OF_INCOME" | "FINANCIAL_STATEMENT" | "INFORMATION" | "EVIDENCE_PACKAGE" | "OTHER";
            subject_document_number: string;
            /** @enum {string} */
            subject_role: "COMPANY" | "CONTACT" | "PARTNER_COMPANY";
            /** @enum {string} */
            origin: "BASE" | "PROVIDER_REQUEST" | "STAFF";
            description: string | null;
            /** @enum {string} */
            status: "PENDING" | "SATISFIED" | "REJECTED" | "WAIVED";
            accepted_document_types: string[] | null;
            satisfied_by: {
                onboarding_document_ids: string[];
                biometric_verification_id: string | null;
                answer: string | null;
            } | null;
            waived_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MerchantsOnboardingDocumentsCreateRequest: {
            /** @enum {string} */
            file_type: "CNH_FRONT" | "CNH_BACK" | "CNH_DIGITAL" | "RG_FRONT" | "RG_BACK" | "RNE_FRONT" | "RNE_BACK" | "ARTICLES_OF_INCORPORATION" | "POWER_OF_ATTORNEY" | "PROOF_OF_ADDRESS" | "PROOF_OF_INCOME" | "FINANCIAL_STATEMENT" | "OTHER" | "SELFIE";
            subject_document_number: string;
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "application/pdf";
            content_base64: string;
            file_name?: string;
            request_id?: string;
        };
        MerchantsBiometricVerificationsCreateRequest: {
            subject_document_number: string;
            request_id?: string;
        };
        MerchantsBiometricVerificationsCreateResponse: {
            /** Format: uuid */
            id: string;
            company_id: string;
            subject_document_number: string;
            /** @enum {string} */
            status: "PENDING" | "APPROVED" | "REJECTED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MerchantsAffiliationsCreateRequest: {
            provider: string;
            request_id?: string;
        };
        PlatformCompaniesOnboardingRequirementsCreateRequest: {
            /** @enum {string} */
            provider: "PROVIDER_A" | "PROVIDER_B";
            /** @enum {string} */
            type: "IDENTITY_DOCUMENT" | "BIOMETRIC_VERIFICATION" | "ARTICLES_OF_INCORPORATION" | "POWER_OF_ATTORNEY" | "PROOF_OF_ADDRESS" | "PROOF_OF_INCOME" | "FINANCIAL_STATEMENT" | "INFORMATION" | "EVIDENCE_PACKAGE" | "OTHER";
            subject_document_number: string;
            /** @enum {string} */
            subject_role: "COMPANY" | "CONTACT" | "PARTNER_COMPANY";
            description: string;
            request_id?: string;
        };
        PlatformOnboardingRequirementsWaiveRequest: {
            reason?: string;
        };
        PlatformSandboxOnboardingDocumentsReviewRequest: {
            /** @enum {string} */
            decision: "APPROVED" | "REFUSED";
            reason?: string;
        };
        PlatformSandboxBiometricVerificationsReviewRequest: {
            /** @enum {string} */
            decision: "APPROVED" | "REJECTED";
        };
        PlatformSandboxCompaniesProviderReviewRequest: {
            /** @enum {string} */
            provider: "PROVIDER_A" | "PROVIDER_B";
            requests: {
                /** @enum {string} */
                type: "IDENTITY_DOCUMENT" | "BIOMETRIC_VERIFICATION" | "ARTICLES_OF_INCORPORATION" | "POWER_OF_ATTORNEY" | "PROOF_OF_ADDRESS" | "PROOF_OF_INCOME" | "FINANCIAL_STATEMENT" | "INFORMATION" | "EVIDENCE_PACKAGE" | "OTHER";
                subject_document_number: string;
                /** @enum {string} */
                subject_role: "COMPANY" | "CONTACT" | "PARTNER_COMPANY";
                description: string;
            }[];
        };
        PlatformAffiliationsConfirmRequest: {
            merchant_reference: {
                [key: string]: unknown;
            };
        };
        PlatformAffiliationsRejectRequest: {
            reason: string;
        };
        PlatformSandboxOrganizationsClockAdvanceRequest: {
            /**
             * Format: date-time
             * @description Target instant (ISO 8601); exactly one of `to` and `seconds`
             */
            to?: string;
            /** @description Seconds to move forward (at most ten years); exactly one of `to` and `seconds` */
            seconds?: number;
        };
        TransactionsCreateRequest: {
            request_id?: string;
            /** @enum {string} */
            payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
            /** @description Cents, at least 1 (PIX: at most 999999999999) */
            amount: number;
            /** @enum {string} */
            currency?: "BRL";
            /** @description 1-12 for CREDIT_CARD, 1 otherwise (default 1) */
            installments?: number;
            capture?: boolean;
            /** @enum {string} */
            provider?: "PROVIDER_A" | "PROVIDER_B" | "INTERNAL";
            description?: string;
            statement_descriptor?: string;
            customer?: {
                name?: string;
                document_number?: string;
                /** Format: email */
                email?: string;
                phone?: string;
            };
            metadata?: {
                [key: string]: string;
            };
            card_data?: {
                /** @description Encrypted value (ev:v1, purpose pan), never plaintext */
                number?: string;
                /** @description Encrypted value (ev:v1, purpose cvv), never plaintext */
                cvv?: string;
                /** @description Encrypted value (ev:v1, purpose ntk), never plaintext */
                network_token?: string;
                /** @description Encrypted value (ev:v1, purpose cry), never plaintext */
                cryptogram?: string;
                eci?: string;
                /** @enum {string} */
                wallet?: "APPLE_PAY" | "GOOGLE_PAY";
                expiry_month?: string;
                expiry_year?: string;
                holder_name?: string;
                bin?: string;
                last_digits?: string;
                /** @enum {string} */
                brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
            };
            /** Format: uuid */
            card_id?: string;
            three_ds?: {
                /** Format: uuid */
                session_id?: string;
                external?: {
                    /** @enum {string} */
                    version: "2.1.0" | "2.2.0" | "2.3.1";
                    /** @enum {string} */
                    eci: "01" | "02" | "05" | "06" | "07";
                    authentication_value: string;
                    /** Format: uuid */
                    ds_transaction_id: string;
                    /** @enum {string} */
                    trans_status: "Y" | "A" | "U" | "N" | "R";
                    /** Format: uuid */
                    three_ds_server_trans_id?: string;
                    /** @enum {string} */
                    exemption?: "LOW_VALUE" | "TRA" | "TRUSTED_BENEFICIARY" | "SECURE_CORPORATE";
                };
            };
            pix?: {
                /** @description Seconds until the charge expires (default 86400) */
                expires_in?: number;
                /** Format: date-time */
                expires_at?: string;
                additional_information?: {
                    name: string;
                    value: string;
                }[];
            };
        };
        ThreeDsSessionsCreateRequest: {
            request_id?: string;
            amount: number;
            /** @enum {string} */
            currency?: "BRL";
            installments?: number;
            card?: {
                /** @description Encrypted value (ev:v1, purpose pan), never plaintext */
                number: string;
                expiry_month: string;
                expiry_year: string;
                holder_name: string;
                bin: string;
                last_digits: string;
                /** @enum {string} */
                brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
            };
            /** Format: uuid */
            card_id?: string;
            /** @enum {string} */
            provider?: "PROVIDER_A" | "PROVIDER_B" | "INTERNAL";
            customer?: {
                name?: string;
                document_number?: string;
                /** Format: email */
                email?: string;
                phone?: string;
            };
            /** @enum {string} */
            challenge_preference?: "NO_PREFERENCE" | "CHALLENGE_REQUESTED" | "CHALLENGE_MANDATED" | "NO_CHALLENGE_REQUESTED";
            initiator?: {
                /** @enum {string} */
                type: "CUSTOMER" | "MERCHANT";
                /** @enum {string} */
                reason?: "RECURRING" | "INSTALLMENT" | "ADD_CARD";
            };
            browser?: {
                accept_header?: string;
                user_agent?: string;
                language?: string;
                color_depth?: number;
                screen_height?: number;
                screen_width?: number;
                /** @description Minutes, as JavaScript getTimezoneOffset() */
                time_zone_offset?: number;
                ip?: string;
            };
            /** @description https URL the challenge page sends the browser to when done (sandbox: also http://localhost and http://127.0.0.1) */
            return_url?: string;
        };
        PlatformSandboxThreeDsSessionsChallengeRequest: {
            /** @enum {string} */
            outcome: "SUCCEEDED" | "FAILED" | "CANCELLED";
        };
        MerchantsAffiliationsSettlementAccountUpdateRequest: {
            /** @enum {string} */
            pix_key_type: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP";
            pix_key: string;
        };
        BankingCashoutsCreateRequest: {
            request_id: string;
            /** Format: uuid */
            bank_account_id: string;
            amount: number;
            metadata?: {
                [key: string]: string | number | boolean | null;
            };
        };
        MerchantsAutomaticCashoutsNextResponse: {
            data: {
                /** Format: uuid */
                bank_account_id: string;
                /** Format: date-time */
                at: string;
                estimated_amount: number;
                price: number;
            }[];
        };
        PlatformSandboxCashoutsSetStatusRequest: {
            /** @enum {string} */
            status: "COMPLETED" | "FAILED";
            /** @enum {string} */
            error_code?: "DESTINATION_ACCOUNT_CLOSED" | "DESTINATION_KEY_NOT_FOUND" | "DESTINATION_OWNER_MISMATCH" | "PROVIDER_REJECTED" | "PROVIDER_UNAVAILABLE";
            error_message?: string;
        };
        PlatformSandboxCashoutsReturnsCreateRequest: {
            amount: number;
            /** @enum {string} */
            reason: "RETURNED_BY_RECEIVER" | "MED_FRAUDE" | "MED_OPERACIONAL";
        };
        PlatformSandboxCashoutsReturnsCreateResponse: {
            /** Format: uuid */
            id: string;
            amount: number;
            /** @enum {string} */
            reason: "RETURNED_BY_RECEIVER" | "MED_FRAUDE" | "MED_OPERACIONAL";
            /** Format: date-time */
            returned_at: string;
            cashout: components["schemas"]["Cashout"];
        };
        PlatformSandboxAffiliationsSettlementAccountReviewRequest: {
            /** @enum {string} */
            decision: "VALID" | "INVALID";
            reason?: string;
        };
        TransactionsCaptureRequest: {
            /** @description Cents; defaults to the authorized amount */
            amount?: number;
        };
        TransactionsRefundsCreateRequest: {
            request_id?: string;
            /** @description Cents; defaults to the refundable amount */
            amount?: number;
            /**
             * @description Default REQUESTED_BY_CUSTOMER
             * @enum {string}
             */
            reason?: "REQUESTED_BY_CUSTOMER" | "DUPLICATE" | "FRAUDULENT" | "OTHER";
            description?: string;
        };
        PlatformSandboxTransactionsPixPaymentRequest: {
            payer?: {
                name?: string;
                /** @description CPF (11 digits) or CNPJ (14); shown masked */
                document_number?: string;
            };
        };
        PlatformSandboxTransactionsSettleRequest: {
            /** @enum {string} */
            status: "APPROVED" | "AUTHORIZED" | "REFUSED";
            /**
             * @description Only with REFUSED; default CARD_DECLINED
             * @enum {string}
             */
            refusal_code?: "CARD_DECLINED" | "INSUFFICIENT_FUNDS" | "EXPIRED_CARD" | "INVALID_CVV" | "INVALID_CARD_NUMBER" | "BLOCKED_CARD" | "LOST_OR_STOLEN" | "CALL_ISSUER" | "SUSPECTED_FRAUD" | "AUTHENTICATION_FAILED" | "AUTHENTICATION_REQUIRED" | "ISSUER_UNAVAILABLE" | "PROCESSING_ERROR";
        };
        PlatformSandboxRefundsSettleRequest: {
            /** @enum {string} */
            status: "SUCCEEDED" | "FAILED";
            /**
             * @description Only with FAILED; default PROVIDER_DECLINED
             * @enum {string}
             */
            failure_code?: "INSUFFICIENT_BALANCE" | "EXPIRED_OR_CANCELED_CARD" | "PROVIDER_DECLINED" | "TIMEOUT";
        };
        PlatformSandboxTransactionsMedRequest: {
            amount: number;
            /** @enum {string} */
            nature: "MED_FRAUDE" | "MED_OPERACIONAL";
        };
        DisputesDocumentsCreateRequest: {
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "application/pdf";
            content_base64: string;
            file_name?: string;
            request_id?: string;
        };
        DisputesDocumentsCreateResponse: {
            id: string;
            dispute_id: string;
            company_id: string;
            content_type: string;
            file_name: string;
            file_size_bytes: number;
            created_at: string;
        };
        DisputesEvidenceUpdateRequest: {
            text?: string;
            /** @description Ids of this dispute's documents */
            document_ids?: string[];
        };
        PlatformSandboxTransactionsDisputesCreateRequest: {
            /** @description Cents; defaults to the transaction's disputable amount */
            amount?: number;
            /** @enum {string} */
            reason: "FRAUD" | "COMMERCIAL_DISAGREEMENT" | "PROCESSING_ERROR" | "AUTHORIZATION" | "OTHER";
            reason_code?: string;
        };
        PlatformSandboxDisputesOutcomeRequest: {
            /** @enum {string} */
            outcome: "WON" | "LOST";
        };
        AnticipationsQuotesCreateRequest: {
            /** Format: uuid */
            bank_account_id: string;
            /**
             * Format: date
             * @description Default today
             */
            payment_date?: string;
            /**
             * @description Default START
             * @enum {string}
             */
            timeframe?: "START" | "END";
            requested_amount?: number;
            receivable_ids?: string[];
        };
        AnticipationsQuotesCreateResponse: {
            id: string;
            bank_account_id: string;
            /** @enum {string} */
            type: "SPOT" | "AUTOMATIC";
            rate_percentage: number;
            payment_date: string;
            amount: number;
            fee_amount: number;
            net_amount: number;
            average_days: number;
            expires_at: string;
            items: {
                receivable_id: string;
                payment_date: string;
                days: number;
                net_amount: number;
                fee_amount: number;
            }[];
        };
        AnticipationsCreateRequest: {
            request_id: string;
            /** Format: uuid */
            quote_id: string;
        };
        PlatformSandboxAnticipationsDecisionRequest: {
            /** @enum {string} */
            decision: "APPROVED" | "REFUSED";
            /** @description The refusal reason (REFUSED); default REFUSED_BY_PROVIDER */
            reason?: string;
        };
        ApiKeysCreateRequest: {
            /**
             * Format: uuid
             * @description The company the key is for: the caller (default) or, for an organization, one of its merchants
             */
            company_id?: string;
            description?: string;
            /**
             * Format: date-time
             * @description When the key stops working; must be in the future
             */
            expires_at?: string;
        };
        IssuedApiKey: {
            id: string;
            company_id: string;
            description: string | null;
            last4: string | null;
            created_at: string;
            expires_at: string | null;
            revoked_at: string | null;
            api_key: string;
        };
        ApiKeysRollRequest: {
            /** @description How long the old key keeps working (0-604800 seconds) */
            grace_seconds: number;
        };
        ApiKey: {
            id: string;
            company_id: string;
            description: string | null;
            last4: string | null;
            created_at: string;
            expires_at: string | null;
            revoked_at: string | null;
        };
        WebhooksEndpointsCreateRequest: {
            /**
             * Format: uri
             * @description https in production; the sandbox also takes http(s)://localhost, 127.0.0.1 and [::1]
             */
            url: string;
            description?: string | null;
            /** @description Event types this endpoint receives, or ["*"] for all of them */
            enabled_events?: ("*" | "company.created" | "company.status-changed" | "affiliation.created" | "affiliation.status-changed" | "internal-transfer.created" | "internal-transfer.status-changed" | "settlement.completed" | "balance.debt-changed" | "onboarding-document.status-changed" | "transaction.created" | "transaction.status-changed" | "refund.created" | "refund.status-changed" | "anticipation.created" | "anticipation.status-changed" | "cashout.created" | "three-ds-session.status-changed" | "dispute.created" | "dispute.status-changed" | "cashout.status-changed" | "cashout.returned" | "provider-account.status-changed" | "provider-account.health-changed" | "routing-configuration.updated")[];
            /** @default false */
            disabled: boolean;
        };
        WebhooksEndpointsCreateResponse: {
            id: string;
            url: string;
            description: string | null;
            enabled_events: string[];
            disabled: boolean;
            /**
             * @description STAFF: the endpoint platform support set for the organization
             * @enum {string}
             */
            origin: "API" | "STAFF";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Standard Webhooks secret (whsec_…): verify every delivery with it */
            signing_secret: string;
        };
        WebhooksEndpointsUpdateRequest: {
            /**
             * Format: uri
             * @description https in production; the sandbox also takes http(s)://localhost, 127.0.0.1 and [::1]
             */
            url?: string;
            description?: string | null;
            /** @description Event types this endpoint receives, or ["*"] for all of them */
            enabled_events?: ("*" | "company.created" | "company.status-changed" | "affiliation.created" | "affiliation.status-changed" | "internal-transfer.created" | "internal-transfer.status-changed" | "settlement.completed" | "balance.debt-changed" | "onboarding-document.status-changed" | "transaction.created" | "transaction.status-changed" | "refund.created" | "refund.status-changed" | "anticipation.created" | "anticipation.status-changed" | "cashout.created" | "three-ds-session.status-changed" | "dispute.created" | "dispute.status-changed" | "cashout.status-changed" | "cashout.returned" | "provider-account.status-changed" | "provider-account.health-changed" | "routing-configuration.updated")[];
            disabled?: boolean;
        };
        WebhooksEndpointsDeleteResponse: {
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        WebhooksEndpointsRecoverRequest: {
            /**
             * Format: date-time
             * @description Replays the messages not yet delivered to this endpoint (failed, or waiting for a retry) whose last attempt was at or after this time, or that were queued since then and not attempted yet
             */
            since: string;
        };
        WebhooksEndpointsRecoverResponse: {
            /** @description How many messages start a new run of the retry schedule */
            recovered: number;
            message_ids: string[];
        };
        RoutingUpdateRequest: {
            version?: number;
            seed?: string;
            rules?: {
                name: string;
                priority: number;
                /** @default true */
                enabled: boolean;
                conditions?: {
                    /** @enum {string} */
                    field: "transaction.payment_method" | "transaction.card_data.brand" | "transaction.card_data.bin" | "transaction.amount" | "transaction.installments" | "transaction.company_id";
                    /** @enum {string} */
                    operator: "EQUALS" | "NOT_EQUALS" | "IN" | "NOT_IN" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL" | "STARTS_WITH";
                    value: string | number | (string | number)[];
                }[];
                strategy: {
                    /** @enum {string} */
                    type: "PRIORITY";
                    providers: string[];
                } | {
                    /** @enum {string} */
                    type: "VOLUME";
                    splits: {
                        provider: string;
                        percentage: number;
                    }[];
                } | {
                    /** @enum {string} */
                    type: "SUCCESS_RATE";
                    providers: string[];
                    /** @default 100 */
                    window_size: number;
                    /** @default 20 */
                    min_samples: number;
                    /** @default 10 */
                    exploration_percent: number;
                    /** @default null */
                    latency_threshold_ms: number | null;
                };
            }[];
            default_providers?: string[];
            /**
             * @default {
             *       "enabled": true,
             *       "max_attempts": 3,
             *       "on_generic_decline": false
             *     }
             */
            failover: {
                /** @default true */
                enabled: boolean;
                /** @default 3 */
                max_attempts: number;
                /** @default false */
                on_generic_decline: boolean;
            };
        };
        RoutingDecideRequest: {
            /**
             * Format: uuid
             * @description The paying company: the organization itself [default] or one of its merchants
             */
            company_id?: string;
            /** @enum {string} */
            payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
            amount: number;
            /** @default 1 */
            installments: number;
            /** @default true */
            capture: boolean;
            card_data?: {
                /** @enum {string} */
                brand?: "VISA" | "MASTERCARD" | "AMEX" | "ELO" | "HIPERCARD" | "DINERS" | "DISCOVER" | "JCB" | "AURA" | "CABAL" | "OTHER";
                bin?: string;
            };
            three_ds?: {
                authenticated: boolean;
            };
            pix?: {
                /** Format: date */
                due_date: string;
            };
            provider?: string;
            /** @description The draw's key, as a create's request_id would be (else a random one) */
            request_id?: string;
        };
        RoutingDecideResponse: {
            organization_id: string;
            company_id: string;
            configuration_version: number;
            rule_id: string | null;
            /** @enum {string} */
            strategy: "EXPLICIT" | "PRIORITY" | "VOLUME" | "SUCCESS_RATE" | "DEFAULT_LIST" | "AFFILIATION_ORDER";
            /** @description u(key) of the published draw, when the strategy used one */
            draw: number | null;
            /** @description Where a create with the same input would go first */
            selected: string | null;
            attempt_order: string[];
            candidates: {
                provider: string;
                provider_account_id: string | null;
                /** @enum {string} */
                source: "EXPLICIT" | "RULE" | "FALLBACK" | "DEFAULT_LIST" | "AFFILIATION_ORDER";
                eligible: boolean;
                reasons: ("ACCOUNT_DISABLED" | "ACCOUNT_NOT_ALLOWED" | "CAPABILITY_MISMATCH" | "NO_ACTIVE_AFFILIATION" | "CIRCUIT_OPEN")[];
                percentage: number | null;
                score: {
                    samples: number;
                    successes: number;
                    success_rate: number | null;
                } | null;
            }[];
        };
        PlatformSandboxOrganizationsRoutingStatsDeleteResponse: {
            deleted: number;
        };
        SandboxEventsTriggerRequest: {
            /**
             * @description The event type to make a sample of
             * @enum {string}
             */
            type: "company.created" | "company.status-changed" | "affiliation.created" | "affiliation.status-changed" | "internal-transfer.created" | "internal-transfer.status-changed" | "settlement.completed" | "balance.debt-changed" | "onboarding-document.status-changed" | "transaction.created" | "transaction.status-changed" | "refund.created" | "refund.status-changed" | "anticipation.created" | "anticipation.status-changed" | "cashout.created" | "three-ds-session.status-changed" | "dispute.created" | "dispute.status-changed" | "cashout.status-changed" | "cashout.returned" | "provider-account.status-changed" | "provider-account.health-changed" | "webhook.test" | "routing-configuration.updated";
        };
        SandboxEventsTriggerResponse: {
            id: string;
            type: string;
            version: number;
            timestamp: string;
            source: string;
            company_id: string;
            correlation_id: string;
            payload: {
                [key: string]: unknown;
            };
        };
        PlatformProviderAccountsCreateRequest: {
            request_id?: string;
            provider: string;
            display_name: string;
            /** @enum {string} */
            connector: "SANDBOX" | "ADYEN_CHECKOUT" | "PIX_API_BCB";
            /** @enum {string} */
            environment: "TEST" | "LIVE";
            /** @description Where the connector's requests go (R1.3): https; null for SANDBOX; Adyen's default when absent */
            base_url?: string | null;
            /** @description The connector's non-secret settings (R1.3), strict per connector: SANDBOX `{}`; ADYEN_CHECKOUT `live_url_prefix`, `default_merchant_account`, `payment_facilitator`; PIX_API_BCB `token_url`, `scopes`, `default_chave`, `register_webhooks` */
            settings?: {
                [key: string]: unknown;
            };
            /** @description Write-only (R1.4), strict per connector: SANDBOX `webhook_secret`; ADYEN_CHECKOUT `api_key`, `hmac_key`, `basic_auth`; PIX_API_BCB `client_id`, `client_secret`, `client_certificate_pem`, `client_private_key_pem`, `webhook_client_ca_pem`. Never returned. */
            credentials?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            organization_access?: "ALL" | "SELECTED";
            organization_ids?: string[];
            timeout_ms?: number;
            circuit_breaker?: {
                failure_threshold?: number;
                cooldown_seconds?: number;
            };
        };
        PlatformProviderAccountsUpdateRequest: {
            display_name?: string;
            /** @description Where the connector's requests go (R1.3): https; null for SANDBOX; Adyen's default when absent */
            base_url?: string | null;
            /** @description The connector's non-secret settings (R1.3), strict per connector: SANDBOX `{}`; ADYEN_CHECKOUT `live_url_prefix`, `default_merchant_account`, `payment_facilitator`; PIX_API_BCB `token_url`, `scopes`, `default_chave`, `register_webhooks` */
            settings?: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            organization_access?: "ALL" | "SELECTED";
            organization_ids?: string[];
            timeout_ms?: number;
            circuit_breaker?: {
                failure_threshold?: number;
                cooldown_seconds?: number;
            };
        };
        PlatformProviderAccountsDisableRequest: {
            reason?: string;
        };
        PlatformProviderAccountsCredentialsRotateRequest: {
            /** @description Write-only (R1.4), strict per connector: SANDBOX `webhook_secret`; ADYEN_CHECKOUT `api_key`, `hmac_key`, `basic_auth`; PIX_API_BCB `client_id`, `client_secret`, `client_certificate_pem`, `client_private_key_pem`, `webhook_client_ca_pem`. Never returned. */
            credentials: {
                [key: string]: unknown;
            };
            /** @description How long the previous set still verifies inbound calls [86400] */
            grace_seconds?: number;
        };
        PlatformProviderAccountsCircuitRequest: {
            /** @enum {string} */
            state: "OPEN" | "CLOSED";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "health.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    "platform.organizations.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Loja Exemplo",
                 *       "full_name": "Loja Exemplo Ltda",
                 *       "document_number": "11.222.333/0001-81",
                 *       "contact": {
                 *         "first_name": "Ana",
                 *         "last_name": "Souza",
                 *         "email": "ana@example.com",
                 *         "phone": "+5511999998888"
                 *       },
                 *       "address": {
                 *         "street": "Av. Paulista",
                 *         "street_number": "1000",
                 *         "neighborhood": "Bela Vista",
                 *         "zipcode": "01310100",
                 *         "country": "076",
                 *         "state": "SP",
                 *         "city": "São Paulo"
                 *       },
                 *       "request_id": "org-2026-0001"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformOrganizationsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrganization"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PlatformOrganizationsUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.companies.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformCompaniesUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.webhookEndpoint.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformOrganizationsWebhookEndpointUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformOrganizationsWebhookEndpointUpdateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.webhookEndpoint.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformOrganizationsWebhookEndpointDeleteResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Padaria",
                 *       "full_name": "Padaria Pão Bom Ltda",
                 *       "document_number": "11.444.777/0001-61",
                 *       "contact": {
                 *         "first_name": "Ana",
                 *         "last_name": "Souza",
                 *         "email": "ana@example.com",
                 *         "phone": "+5511999998888"
                 *       },
                 *       "address": {
                 *         "street": "Av. Paulista",
                 *         "street_number": "1000",
                 *         "neighborhood": "Bela Vista",
                 *         "zipcode": "01310100",
                 *         "country": "076",
                 *         "state": "SP",
                 *         "city": "São Paulo"
                 *       },
                 *       "request_id": "merchant-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedMerchant"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MerchantsUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Merchant"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "companies.me.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "companies.me.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CompaniesMeUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Bruno",
                 *       "last_name": "Lima",
                 *       "identifier": {
                 *         "type": "email",
                 *         "value": "bruno@example.com"
                 *       },
                 *       "role_ids": [
                 *         "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42"
                 *       ],
                 *       "request_id": "user-0001"
                 *     }
                 */
                "application/json": components["schemas"]["UsersCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.roles.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UsersRolesUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.suspend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "users.activate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "roles.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "roles.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Finance",
                 *       "description": "Sees money, moves none",
                 *       "permissions": [
                 *         "transaction.view",
                 *         "receivable.list"
                 *       ],
                 *       "request_id": "role-0001"
                 *     }
                 */
                "application/json": components["schemas"]["RolesCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolesCreateResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolesCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "roles.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RolesUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RolesCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "permissions.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthLoginRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthVerifyRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.forgotPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthForgotPasswordResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthForgotPasswordResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.selectCompany": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthSelectCompanyRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.me.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "auth.changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthChangePasswordRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.messages.list": {
        parameters: {
            query: {
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxMessageList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "zipcodes.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Zipcode"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.messages.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookMessageList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.messages.replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhooksMessagesReplayResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.dashboard.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardLink"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.bankAccounts.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                /** @description A provider account name, any case */
                provider?: string;
                company_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankAccountList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.bankAccounts.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "PROVIDER_A",
                 *       "company_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "request_id": "account-0001"
                 *     }
                 */
                "application/json": components["schemas"]["BankingBankAccountsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankAccount"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.bankAccounts.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.internalTransfers.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransferList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.internalTransfers.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "transfer-0001",
                 *       "origin_bank_account_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "destination_bank_account_id": "9b2d4e6f-1a3c-4e5f-8a7b-0c1d2e3f4a5b",
                 *       "amount": 15000,
                 *       "metadata": {
                 *         "order": "42"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BankingInternalTransfersCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransfer"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransfer"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.internalTransfers.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransfer"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.bankAccounts.deposits.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 100000
                 *     }
                 */
                "application/json": components["schemas"]["PlatformSandboxBankAccountsDepositsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.internalTransfers.setStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxInternalTransfersSetStatusRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalTransfer"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.bankAccounts.balance.get": {
        parameters: {
            query?: {
                /** @description ISO 8601 instant: the balances then, replayed from the ledger entries (zeros before the account existed; not in the future) */
                at?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.balances.list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "ledger.entries.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                amount_from?: number;
                amount_to?: number;
                bank_account_id?: string;
                company_id?: string;
                balance_type?: string;
                code?: string;
                source_type?: string;
                source_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerEntryList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "ledger.transactions.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerTransaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.ledger.integrity.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerIntegrity"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                is_active?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicyList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "standard-2026",
                 *       "description": "Card 3.99%, PIX 0.99%",
                 *       "cashout_price": 200,
                 *       "automatic_anticipation_percentage": 1.99,
                 *       "spot_anticipation_percentage": 2.49,
                 *       "rules": [
                 *         {
                 *           "conditions": [
                 *             {
                 *               "field": "transaction.payment_method",
                 *               "operator": "EQUALS",
                 *               "value": "PIX"
                 *             }
                 *           ],
                 *           "price": {
                 *             "percentage": 0.99
                 *           },
                 *           "priority": 1
                 *         },
                 *         {
                 *           "conditions": [
                 *             {
                 *               "field": "transaction.payment_method",
                 *               "operator": "IN",
                 *               "value": [
                 *                 "CREDIT_CARD",
                 *                 "DEBIT_CARD"
                 *               ]
                 *             }
                 *           ],
                 *           "price": {
                 *             "percentage": 3.99,
                 *             "flat": 30
                 *           },
                 *           "priority": 2
                 *         }
                 *       ],
                 *       "request_id": "policy-0001"
                 *     }
                 */
                "application/json": components["schemas"]["PricingFeePoliciesCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicy"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicy"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicy"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PricingFeePoliciesUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicy"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeePolicy"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "pricing.feePolicies.quote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PricingFeePoliciesQuoteRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingFeePoliciesQuoteResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.feeQuote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MerchantsFeeQuoteRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsFeeQuoteResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.cards.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.cards.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "card": {
                 *         "number": "ev:v1:sandbox-key-1:number:Q2lwaGVydGV4dCBzdGFuZHMgaGVyZQ==",
                 *         "cardholder_name": "ANA SOUZA",
                 *         "expiry_month": "12",
                 *         "expiry_year": "2030",
                 *         "bin": "411111",
                 *         "last_digits": "1111",
                 *         "brand": "VISA"
                 *       },
                 *       "request_id": "card-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsCardsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.cards.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.cards.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Card"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.testCards.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestCardList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "encryptionKeys.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EncryptionKeyList"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.encryptionKeys.rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformEncryptionKeysRotateResponse"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.pixKeys.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                key_type?: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP";
                bank_account_id?: string;
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixKeyList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.pixKeys.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "key_type": "EVP",
                 *       "bank_account_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "request_id": "pix-key-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsPixKeysCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixKey"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.pixKeys.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.pixKeys.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.onboardingRequirements.list": {
        parameters: {
            query: {
                provider: "PROVIDER_A" | "PROVIDER_B";
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingRequirementList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.onboardingRequirements.answers.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
                requirementId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "answer": "We sell bread and coffee at one shop in São Paulo.",
                 *       "request_id": "answer-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.onboardingDocuments.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingDocumentList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.onboardingDocuments.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file_type": "RG_FRONT",
                 *       "subject_document_number": "529.982.247-25",
                 *       "content_type": "image/png",
                 *       "content_base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
                 *       "file_name": "rg-front.png",
                 *       "request_id": "document-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsOnboardingDocumentsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingDocument"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingDocument"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.biometricVerifications.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject_document_number": "529.982.247-25",
                 *       "request_id": "biometric-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsBiometricVerificationsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsBiometricVerificationsCreateResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsBiometricVerificationsCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "onboardingDocuments.download": {
        parameters: {
            query?: {
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "image/jpeg": string;
                    "image/png": string;
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.affiliations.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliationList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.affiliations.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "PROVIDER_A",
                 *       "request_id": "affiliation-0001"
                 *     }
                 */
                "application/json": components["schemas"]["MerchantsAffiliationsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.affiliations.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                affiliationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.affiliations.onboardingDocuments.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                affiliationId: string;
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingDocument"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "affiliations.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliationList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.companies.onboardingRequirements.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "PROVIDER_A",
                 *       "type": "INFORMATION",
                 *       "subject_document_number": "529.982.247-25",
                 *       "subject_role": "CONTACT",
                 *       "description": "Describe what the company sells",
                 *       "request_id": "requirement-0001"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformCompaniesOnboardingRequirementsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.onboardingRequirements.waive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PlatformOnboardingRequirementsWaiveRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.onboardingDocuments.review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxOnboardingDocumentsReviewRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingDocument"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.biometricVerifications.review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxBiometricVerificationsReviewRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsBiometricVerificationsCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.onboardingRequirements.refuseAnswer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PlatformOnboardingRequirementsWaiveRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsOnboardingRequirementsAnswersCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.companies.providerReview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "PROVIDER_A",
                 *       "requests": [
                 *         {
                 *           "type": "PROOF_OF_ADDRESS",
                 *           "subject_document_number": "11.444.777/0001-61",
                 *           "subject_role": "COMPANY",
                 *           "description": "A utility bill from the last 90 days"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PlatformSandboxCompaniesProviderReviewRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingRequirementList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.affiliations.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                provider?: string;
                company_id?: string;
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliationList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.affiliations.confirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformAffiliationsConfirmRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.affiliations.reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformAffiliationsRejectRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.organizations.clock.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.organizations.clock.advance": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxOrganizationsClockAdvanceRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxClock"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
                payment_method?: string;
                provider?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "order-1001",
                 *       "payment_method": "CREDIT_CARD",
                 *       "amount": 30000,
                 *       "installments": 3,
                 *       "description": "Order 1001",
                 *       "customer": {
                 *         "name": "Carla Dias",
                 *         "email": "carla@example.com"
                 *       },
                 *       "card_data": {
                 *         "number": "ev:v1:sandbox-key-1:number:Q2lwaGVydGV4dCBzdGFuZHMgaGVyZQ==",
                 *         "cvv": "ev:v1:sandbox-key-1:cvv:Q2lwaGVydGV4dCBzdGFuZHMgaGVyZQ==",
                 *         "holder_name": "CARLA DIAS",
                 *         "expiry_month": "12",
                 *         "expiry_year": "2030",
                 *         "bin": "411111",
                 *         "last_digits": "1111",
                 *         "brand": "VISA"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TransactionsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.transactions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "order-1002",
                 *       "payment_method": "PIX",
                 *       "amount": 4990,
                 *       "pix": {
                 *         "expires_in": 3600
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TransactionsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.transactions.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
                payment_method?: string;
                provider?: string;
                merchant_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "threeDsSessions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "3ds-0001",
                 *       "amount": 12000,
                 *       "card": {
                 *         "number": "ev:v1:sandbox-key-1:number:Q2lwaGVydGV4dCBzdGFuZHMgaGVyZQ==",
                 *         "holder_name": "CARLA DIAS",
                 *         "expiry_month": "12",
                 *         "expiry_year": "2030",
                 *         "bin": "411111",
                 *         "last_digits": "1111",
                 *         "brand": "VISA"
                 *       },
                 *       "challenge_preference": "NO_PREFERENCE",
                 *       "return_url": "https://shop.example.com/checkout/3ds-return"
                 *     }
                 */
                "application/json": components["schemas"]["ThreeDsSessionsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.threeDsSessions.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "3ds-0002",
                 *       "amount": 12000,
                 *       "card_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "return_url": "https://shop.example.com/checkout/3ds-return"
                 *     }
                 */
                "application/json": components["schemas"]["ThreeDsSessionsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "threeDsSessions.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.threeDsSessions.challenge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxThreeDsSessionsChallengeRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ThreeDsSession"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.affiliations.settlementAccount.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
                affiliationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MerchantsAffiliationsSettlementAccountUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.cashouts.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
                bank_account_id?: string;
                company_id?: string;
                automatic?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashoutList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.cashouts.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "cashout-0001",
                 *       "bank_account_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "amount": 50000
                 *     }
                 */
                "application/json": components["schemas"]["BankingCashoutsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashout"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashout"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.cashouts.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashout"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "merchants.automaticCashouts.next": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantsAutomaticCashoutsNextResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.cashouts.setStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxCashoutsSetStatusRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cashout"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.cashouts.returns.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 2500,
                 *       "reason": "RETURNED_BY_RECEIVER"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformSandboxCashoutsReturnsCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformSandboxCashoutsReturnsCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.affiliations.settlementAccount.review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxAffiliationsSettlementAccountReviewRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.capture": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TransactionsCaptureRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.refunds.list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "transactions.refunds.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "request_id": "refund-0001",
                 *       "amount": 5000,
                 *       "reason": "REQUESTED_BY_CUSTOMER",
                 *       "description": "One item returned"
                 *     }
                 */
                "application/json": components["schemas"]["TransactionsRefundsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "refunds.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.transactions.pixPayment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxTransactionsPixPaymentRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.transactions.expire": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.transactions.settle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxTransactionsSettleRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.refunds.settle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxRefundsSettleRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.transactions.med": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 1990,
                 *       "nature": "MED_FRAUDE"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformSandboxTransactionsMedRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "receivables.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                /** @description On net_amount, inclusive */
                amount_from?: number;
                /** @description On net_amount, inclusive */
                amount_to?: number;
                company_id?: string;
                bank_account_id?: string;
                provider?: string;
                role?: "MERCHANT" | "ORGANIZATION";
                transaction_id?: string;
                payment_method?: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
                payment_date_from?: string;
                payment_date_to?: string;
                anticipation_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivableList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "receivables.schedule.get": {
        parameters: {
            query: {
                bank_account_id: string;
                payment_date_from?: string;
                payment_date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivableSchedule"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "receivables.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Receivable"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settlements.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                bank_account_id?: string;
                payment_date_from?: string;
                payment_date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settlements.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settlement"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settlements.receivables.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                amount_from?: number;
                amount_to?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivableList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
                company_id?: string;
                transaction_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.documents.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content_type": "application/pdf",
                 *       "content_base64": "JVBERi0xLjQKJcfsj6IK",
                 *       "file_name": "delivery-receipt.pdf",
                 *       "request_id": "evidence-0001"
                 *     }
                 */
                "application/json": components["schemas"]["DisputesDocumentsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputesDocumentsCreateResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputesDocumentsCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.evidence.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DisputesEvidenceUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "disputes.accept": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.transactions.disputes.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 30000,
                 *       "reason": "FRAUD",
                 *       "reason_code": "4837"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformSandboxTransactionsDisputesCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.disputes.outcome": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxDisputesOutcomeRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "banking.bankAccounts.anticipationLimits.get": {
        parameters: {
            query?: {
                /** @description Default today (São Paulo, on the organization's clock) */
                payment_date?: string;
                /** @description Default START */
                timeframe?: "START" | "END";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationLimit"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "anticipations.quotes.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bank_account_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "requested_amount": 100000
                 *     }
                 */
                "application/json": components["schemas"]["AnticipationsQuotesCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationsQuotesCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "anticipations.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                amount_from?: number;
                amount_to?: number;
                type?: string;
                bank_account_id?: string;
                company_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnticipationList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "anticipations.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "anticipation-0001",
                 *       "quote_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42"
                 *     }
                 */
                "application/json": components["schemas"]["AnticipationsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "anticipations.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "anticipations.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.anticipations.decision": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlatformSandboxAnticipationsDecisionRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Anticipation"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "apiKeys.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                company_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "apiKeys.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "company_id": "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42",
                 *       "description": "Checkout service, production",
                 *       "expires_at": "2027-12-31T23:59:59Z"
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeysCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "apiKeys.roll": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grace_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeysRollRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "apiKeys.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/payments",
                 *       "description": "Orders service",
                 *       "enabled_events": [
                 *         "transaction.status-changed",
                 *         "refund.status-changed"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WebhooksEndpointsCreateRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhooksEndpointsCreateResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Endpoint"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhooksEndpointsDeleteResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhooksEndpointsUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Endpoint"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.secret.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Secret"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Secret"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.recover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhooksEndpointsRecoverRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhooksEndpointsRecoverResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.endpoints.test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhooksMessagesReplayResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.messages.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.eventTypes.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "routing.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Routing"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "routing.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RoutingUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Routing"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.routing.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Routing"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.organizations.routing.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RoutingUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Routing"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "routing.decide": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoutingDecideRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoutingDecideResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "routing.stats.list": {
        parameters: {
            query?: {
                window?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.sandbox.organizations.routingStats.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformSandboxOrganizationsRoutingStatsDeleteResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "routing.failoverTable.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FailoverTable"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "requestLogs.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                /** @description Only answers with this HTTP status */
                status?: number;
                /** @description Only answers of this class */
                status_class?: "2xx" | "4xx" | "5xx";
                /** @description Only paths starting with this */
                path?: string;
                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                request_id?: string;
                /** @description An organization key: one company's requests (itself or a merchant) */
                company_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.stream.get": {
        parameters: {
            query?: {
                /** @description The same as the Last-Event-ID header, for tools that cannot set headers (the header wins) */
                last_event_id?: string;
            };
            header?: {
                /** @description Resume after this event (sent by EventSource clients on reconnect): events recorded after it, in recorded order */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream (stays open) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "sandbox.events.trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "transaction.created"
                 *     }
                 */
                "application/json": components["schemas"]["SandboxEventsTriggerRequest"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxEventsTriggerResponse"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                provider?: string;
                connector?: string;
                environment?: string;
                built_in?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccountList"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). A replay answers 200 with `Idempotent-Replayed: true`. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "provider-account-0001",
                 *       "provider": "ADYEN_BR",
                 *       "display_name": "Adyen Brazil (test)",
                 *       "connector": "ADYEN_CHECKOUT",
                 *       "environment": "TEST",
                 *       "settings": {
                 *         "default_merchant_account": "ExampleMerchantECOM"
                 *       },
                 *       "credentials": {
                 *         "api_key": "AQE1hmfxExampleApiKey",
                 *         "hmac_key": "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"
                 *       },
                 *       "organization_access": "SELECTED",
                 *       "organization_ids": [
                 *         "3f7c1c9e-8d4b-4f1e-9a35-2b6f0d7a1c42"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["PlatformProviderAccountsCreateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    /** @description Present on a replay of an earlier create */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Adyen Brazil",
                 *       "timeout_ms": 8000,
                 *       "circuit_breaker": {
                 *         "failure_threshold": 10
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PlatformProviderAccountsUpdateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Provider maintenance window"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformProviderAccountsDisableRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.credentials.rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credentials": {
                 *         "api_key": "AQE1hmfxNewExampleApiKey",
                 *         "hmac_key": "0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9"
                 *       },
                 *       "grace_seconds": 86400
                 *     }
                 */
                "application/json": components["schemas"]["PlatformProviderAccountsCredentialsRotateRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.check": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.circuit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "OPEN"
                 *     }
                 */
                "application/json": components["schemas"]["PlatformProviderAccountsCircuitRequest"];
            };
        };
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body exceeds the size limit (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "platform.providerAccounts.webhookRegistration": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (or the replay of the same request) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccount"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "providerAccounts.list": {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sort?: string;
                created_at_from?: string;
                created_at_to?: string;
                status?: string;
                connector?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderAccountList2"];
                };
            };
            /** @description Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks.company.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "company.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        full_name: string;
                        document_number: string;
                        /** @enum {string} */
                        document_type: "CPF" | "CNPJ";
                        /** @enum {string} */
                        document_tax_type: "PF" | "PJ" | "MEI" | "ME";
                        /** @enum {string} */
                        status: "PENDING_ACTIVATION" | "ACTIVE" | "INACTIVE" | "BLOCKED";
                        contact: {
                            first_name: string;
                            last_name: string;
                            email: string;
                            phone: string;
                            mother_name?: string;
                            birth_date?: string;
                            document_number?: string;
                            politically_exposed: boolean;
                            declared_income?: number;
                            occupation?: string;
                            net_worth?: number;
                            role?: string;
                            address?: {
                                street: string;
                                street_number: string;
                                complement?: string;
                                neighborhood: string;
                                zipcode: string;
                                country: string;
                                state: string;
                                city: string;
                            };
                        };
                        address: {
                            street: string;
                            street_number: string;
                            complement?: string;
                            neighborhood: string;
                            zipcode: string;
                            country: string;
                            state: string;
                            city: string;
                        };
                        transfer_configurations: {
                            automatic_transfer_enabled?: boolean;
                            transfer_frequency?: string;
                            rail?: string;
                            utc_hour_of_day?: number;
                            day_of_week?: number | null;
                            day_of_month?: number | null;
                            min_balance?: number;
                        } | null;
                        company_logo_url: string | null;
                        website_url: string | null;
                        webhook_enabled: boolean;
                        kyc_enabled: boolean | null;
                        declared_revenue: number;
                        /** @description The merchant's own fee policy (null on organizations, and on merchants that use their organization's default) */
                        fee_policy_id: string | null;
                        /** @description Automatic anticipation: whether it runs and after how many days (a merchant starts with its organization's defaults) */
                        anticipation_configurations: {
                            automatic_enabled: boolean;
                            delay_days: number;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.company.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "company.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        company_id: string;
                        old_status: string;
                        new_status: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.affiliation.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "affiliation.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        /** Format: uuid */
                        id: string;
                        company_id: string;
                        /** @description The provider account, uppercase */
                        provider: string;
                        provider_account_id: string | null;
                        /** @enum {string} */
                        status: "ACTIVE" | "WAITING_DOCUMENTS" | "WAITING_CONFIRMATION" | "BLOCKED" | "INVALID_SETTLEMENT_BANK_ACCOUNT";
                        /** @description While WAITING_DOCUMENTS: the signed hosted onboarding page (no API key; valid 7 days; a later read gives a fresh link). Null otherwise */
                        onboarding_url: string | null;
                        provider_status_message: string | null;
                        /** @description Where cashouts of this affiliation go; null until set */
                        settlement_account: {
                            pix_key_type: string;
                            pix_key: string;
                            dict_key_information: {
                                [key: string]: unknown;
                            } | null;
                        } | null;
                        /** @description ADYEN_CHECKOUT / PIX_API_BCB: what staff confirmed with the provider (R1.7); null otherwise */
                        merchant_reference: {
                            [key: string]: unknown;
                        } | null;
                        confirmed_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.affiliation.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "affiliation.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        affiliation_id: string;
                        old_status: string | null;
                        new_status: string;
                        /** @description Present when the status is WAITING_DOCUMENTS */
                        onboarding_url?: string | null;
                        provider_status_message: string | null;
                        affiliation: {
                            /** Format: uuid */
                            id: string;
                            company_id: string;
                            /** @description The provider account, uppercase */
                            provider: string;
                            provider_account_id: string | null;
                            /** @enum {string} */
                            status: "ACTIVE" | "WAITING_DOCUMENTS" | "WAITING_CONFIRMATION" | "BLOCKED" | "INVALID_SETTLEMENT_BANK_ACCOUNT";
                            /** @description While WAITING_DOCUMENTS: the signed hosted onboarding page (no API key; valid 7 days; a later read gives a fresh link). Null otherwise */
                            onboarding_url: string | null;
                            provider_status_message: string | null;
                            /** @description Where cashouts of this affiliation go; null until set */
                            settlement_account: {
                                pix_key_type: string;
                                pix_key: string;
                                dict_key_information: {
                                    [key: string]: unknown;
                                } | null;
                            } | null;
                            /** @description ADYEN_CHECKOUT / PIX_API_BCB: what staff confirmed with the provider (R1.7); null otherwise */
                            merchant_reference: {
                                [key: string]: unknown;
                            } | null;
                            confirmed_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.internal-transfer.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "internal-transfer.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        request_id: string;
                        external_request_id: string | null;
                        company_id: string;
                        origin_bank_account_id: string;
                        destination_bank_account_id: string;
                        amount: number;
                        /** @enum {string} */
                        status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                        provider_transfer_id: string | null;
                        error_message?: string;
                        created_at: string;
                        updated_at: string;
                        metadata?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.internal-transfer.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "internal-transfer.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        internal_transfer_id: string;
                        old_status: string | null;
                        new_status: string;
                        /** @description On FAILED, when available */
                        error_message?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.settlement.completed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "settlement.completed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        bank_account_id: string;
                        company_id: string;
                        provider: string;
                        payment_date: string;
                        receivable_count: number;
                        gross_amount: number;
                        fee_amount: number;
                        anticipation_fee_amount: number;
                        net_amount: number;
                        created_at: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.balance.debt-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "balance.debt-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        bank_account_id: string;
                        old_debt: number;
                        new_debt: number;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.onboarding-document.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "onboarding-document.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        onboarding_document_id: string;
                        company_id: string;
                        file_type: string;
                        subject_document_number: string | null;
                        origin: string;
                        old_status: string | null;
                        new_status: string;
                        refusal_reason: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.transaction.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "transaction.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        company_id: string;
                        request_id: string | null;
                        provider: string;
                        /** @enum {string} */
                        payment_method: "CREDIT_CARD" | "DEBIT_CARD" | "PIX";
                        /** @enum {string} */
                        status: "PROCESSING" | "AUTHORIZED" | "APPROVED" | "REFUSED" | "WAITING_PAYMENT" | "EXPIRED" | "CANCELED" | "PENDING_REFUND" | "PARTIALLY_REFUNDED" | "REFUNDED";
                        amount: number;
                        /** @constant */
                        currency: "BRL";
                        installments: number;
                        capture: boolean;
                        captured_amount: number;
                        refunded_amount: number;
                        pending_refund_amount: number;
                        refundable_amount: number;
                        fee: {
                            fee_policy_id: string;
                            rule_id: string | null;
                            amount: number;
                        } | null;
                        description: string | null;
                        statement_descriptor: string | null;
                        customer: {
                            name: string | null;
                            document_number: string | null;
                            email: string | null;
                            phone: string | null;
                        } | null;
                        card_data: {
                            brand: string | null;
                            bin: string | null;
                            last_digits: string | null;
                            expiry_month: string | null;
                            expiry_year: string | null;
                            holder_name: string | null;
                            funding: string | null;
                            wallet: ("APPLE_PAY" | "GOOGLE_PAY") | null;
                            stored_card_id: string | null;
                        } | null;
                        three_ds: {
                            /** @enum {string} */
                            source: "SESSION" | "EXTERNAL";
                            session_id: string | null;
                            version: string | null;
                            eci: string | null;
                            trans_status: string | null;
                            liability_shift: boolean;
                        } | null;
                        pix: {
                            txid: string;
                            br_code: string;
                            qr_code_png_base64: string;
                            expires_at: string;
                            end_to_end_id: string | null;
                            paid_at: string | null;
                            payer: {
                                name: string | null;
                                document_number: string | null;
                            } | null;
                            late_payment: boolean;
                        } | null;
                        refusal: {
                            code: string;
                            message: string;
                            provider_code: string | null;
                            retryable: boolean;
                        } | null;
                        cancel_reason: ("REQUESTED" | "AUTHORIZATION_EXPIRED" | "PIX_CANCELED") | null;
                        authorization_code: string | null;
                        provider_reference: string | null;
                        authorized_at: string | null;
                        captured_at: string | null;
                        canceled_at: string | null;
                        expired_at: string | null;
                        metadata: {
                            [key: string]: string;
                        } | null;
                        created_at: string;
                        updated_at: string;
                        /** @description The merchant's bank account the payment's money moves on (null while it has none) */
                        bank_account_id: string | null;
                        /** @description That account's last ledger sequence after the change; null when the change moves no money */
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.transaction.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "transaction.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        transaction_id: string;
                        /** @enum {string} */
                        old_status: "PROCESSING" | "AUTHORIZED" | "APPROVED" | "REFUSED" | "WAITING_PAYMENT" | "EXPIRED" | "CANCELED" | "PENDING_REFUND" | "PARTIALLY_REFUNDED" | "REFUNDED";
                        /** @enum {string} */
                        new_status: "PROCESSING" | "AUTHORIZED" | "APPROVED" | "REFUSED" | "WAITING_PAYMENT" | "EXPIRED" | "CANCELED" | "PENDING_REFUND" | "PARTIALLY_REFUNDED" | "REFUNDED";
                        /** @description The refund that caused the move, or null */
                        refund_id: string | null;
                        /** @description The refusal code or cancel reason where one applies */
                        reason: string | null;
                        /** @description The merchant's bank account the payment's money moves on (null while it has none) */
                        bank_account_id: string | null;
                        /** @description That account's last ledger sequence after the change; null when the change moves no money */
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.refund.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "refund.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        transaction_id: string;
                        company_id: string;
                        request_id: string | null;
                        amount: number;
                        /** @enum {string} */
                        status: "PENDING" | "SUCCEEDED" | "FAILED";
                        /** @enum {string} */
                        reason: "REQUESTED_BY_CUSTOMER" | "DUPLICATE" | "FRAUDULENT" | "OTHER";
                        description: string | null;
                        /** @enum {string} */
                        origin: "MERCHANT" | "MED";
                        failure: {
                            /** @enum {string} */
                            code: "INSUFFICIENT_BALANCE" | "EXPIRED_OR_CANCELED_CARD" | "PROVIDER_DECLINED" | "TIMEOUT";
                            message: string;
                        } | null;
                        provider_refund_id: string | null;
                        pix_return_id: string | null;
                        created_at: string;
                        updated_at: string;
                        settled_at: string | null;
                        bank_account_id: string | null;
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.refund.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "refund.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        refund_id: string;
                        transaction_id: string;
                        /** @enum {string} */
                        old_status: "PENDING" | "SUCCEEDED" | "FAILED";
                        /** @enum {string} */
                        new_status: "PENDING" | "SUCCEEDED" | "FAILED";
                        failure: {
                            /** @enum {string} */
                            code: "INSUFFICIENT_BALANCE" | "EXPIRED_OR_CANCELED_CARD" | "PROVIDER_DECLINED" | "TIMEOUT";
                            message: string;
                        } | null;
                        bank_account_id: string | null;
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.anticipation.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "anticipation.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        request_id: string;
                        /** @enum {string} */
                        type: "SPOT" | "AUTOMATIC";
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "REFUSED" | "CANCELED";
                        bank_account_id: string;
                        company_id: string;
                        provider: string;
                        rate_percentage: number;
                        payment_date: string;
                        amount: number;
                        fee_amount: number;
                        net_amount: number;
                        receivable_ids: string[];
                        refusal_reason: string | null;
                        created_at: string;
                        updated_at: string;
                        completed_at: string | null;
                        anticipation_id: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.anticipation.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "anticipation.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        anticipation_id: string;
                        /** @enum {string} */
                        old_status: "PENDING" | "COMPLETED" | "REFUSED" | "CANCELED";
                        /** @enum {string} */
                        new_status: "PENDING" | "COMPLETED" | "REFUSED" | "CANCELED";
                        refusal_reason: string | null;
                        anticipation: {
                            id: string;
                            request_id: string;
                            /** @enum {string} */
                            type: "SPOT" | "AUTOMATIC";
                            /** @enum {string} */
                            status: "PENDING" | "COMPLETED" | "REFUSED" | "CANCELED";
                            bank_account_id: string;
                            company_id: string;
                            provider: string;
                            rate_percentage: number;
                            payment_date: string;
                            amount: number;
                            fee_amount: number;
                            net_amount: number;
                            receivable_ids: string[];
                            refusal_reason: string | null;
                            created_at: string;
                            updated_at: string;
                            completed_at: string | null;
                        };
                        bank_account_id: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.cashout.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "cashout.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        /** Format: uuid */
                        id: string;
                        request_id: string;
                        /** Format: uuid */
                        company_id: string;
                        /** Format: uuid */
                        bank_account_id: string;
                        provider: string;
                        amount: number;
                        /** @description The effective fee policy's cashout_price when created */
                        price: number;
                        /** @description amount + price */
                        total_debited: number;
                        /** @constant */
                        currency: "BRL";
                        /** @constant */
                        rail: "PIX";
                        destination: {
                            pix_key_type: string;
                            pix_key: string;
                            /** @description The directory view, its document masked as the directory masks it */
                            dict_key_information: {
                                [key: string]: unknown;
                            } | null;
                        };
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "PARTIALLY_RETURNED" | "RETURNED" | "FAILED";
                        automatic: boolean;
                        schedule_slot: string | null;
                        end_to_end_id: string | null;
                        returned_amount: number;
                        returns: {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            /** @enum {string} */
                            reason: "RETURNED_BY_RECEIVER" | "MED_FRAUDE" | "MED_OPERACIONAL";
                            /** Format: date-time */
                            returned_at: string;
                        }[];
                        error_code: string | null;
                        error_message: string | null;
                        completed_at: string | null;
                        failed_at: string | null;
                        metadata: {
                            [key: string]: unknown;
                        } | null;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        cashout_id: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.three-ds-session.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "three-ds-session.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        three_ds_session_id: string;
                        old_status: ("ACTION_REQUIRED" | "SUCCEEDED" | "FAILED" | "EXPIRED") | null;
                        /** @enum {string} */
                        new_status: "ACTION_REQUIRED" | "SUCCEEDED" | "FAILED" | "EXPIRED";
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.dispute.created": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "dispute.created";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        id: string;
                        transaction_id: string;
                        company_id: string;
                        bank_account_id: string | null;
                        provider: string;
                        amount: number;
                        currency: string;
                        /** @enum {string} */
                        reason: "FRAUD" | "COMMERCIAL_DISAGREEMENT" | "PROCESSING_ERROR" | "AUTHORIZATION" | "OTHER";
                        reason_code: string | null;
                        /** @enum {string} */
                        status: "OPEN" | "UNDER_REVIEW" | "WON" | "LOST" | "ACCEPTED";
                        evidence_due_by: string;
                        evidence: {
                            text: string | null;
                            document_ids: string[];
                            submitted_at: string | null;
                        };
                        /** @description What opening moved into held (the whole amount) */
                        held_amount: number;
                        /** @description The part of the hold that available could not cover, recorded as debt */
                        debt_amount: number;
                        closed_reason: ("WON" | "LOST" | "ACCEPTED" | "NO_RESPONSE") | null;
                        opened_at: string;
                        closed_at: string | null;
                        created_at: string;
                        updated_at: string;
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.dispute.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "dispute.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        dispute_id: string;
                        transaction_id: string;
                        /** @enum {string} */
                        old_status: "OPEN" | "UNDER_REVIEW" | "WON" | "LOST" | "ACCEPTED";
                        /** @enum {string} */
                        new_status: "OPEN" | "UNDER_REVIEW" | "WON" | "LOST" | "ACCEPTED";
                        closed_reason: ("WON" | "LOST" | "ACCEPTED" | "NO_RESPONSE") | null;
                        amount: number;
                        bank_account_id: string | null;
                        sequence: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.cashout.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "cashout.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        cashout_id: string;
                        /** @enum {string} */
                        old_status: "PENDING" | "COMPLETED" | "PARTIALLY_RETURNED" | "RETURNED" | "FAILED";
                        /** @enum {string} */
                        new_status: "PENDING" | "COMPLETED" | "PARTIALLY_RETURNED" | "RETURNED" | "FAILED";
                        /** @description On FAILED, when available; null otherwise */
                        error_message: string | null;
                        bank_account_id: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.cashout.returned": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "cashout.returned";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        cashout_id: string;
                        return_id: string;
                        amount: number;
                        returned_amount: number;
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "PARTIALLY_RETURNED" | "RETURNED" | "FAILED";
                        bank_account_id: string;
                        sequence: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.provider-account.status-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "provider-account.status-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        provider_account_id: string;
                        /** @description The account's name */
                        provider: string;
                        /** @enum {string} */
                        old_status: "ACTIVE" | "DISABLED";
                        /** @enum {string} */
                        new_status: "ACTIVE" | "DISABLED";
                        /** @description The reason given to disable; null on enable */
                        reason: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.provider-account.health-changed": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "provider-account.health-changed";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        provider_account_id: string;
                        provider: string;
                        /** @enum {string} */
                        old_state: "CLOSED" | "OPEN" | "HALF_OPEN";
                        /** @enum {string} */
                        new_state: "CLOSED" | "OPEN" | "HALF_OPEN";
                        consecutive_failures: number;
                        last_failure_code: string | null;
                        next_probe_at: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.webhook.test": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "webhook.test";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        /** @description The endpoint the test was sent to */
                        endpoint_id: string;
                        /** @description A fixed text: this delivery is a test */
                        message: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhooks.routing-configuration.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-id": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-timestamp": string;
                /** @description Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails) */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique event id: deduplicate by it (a delivery may repeat) */
                    id: string;
                    /**
                     * @description The event type
                     * @constant
                     */
                    type: "routing-configuration.updated";
                    /** @description The payload schema version */
                    version: number;
                    /** @description When the event occurred (ISO 8601) */
                    timestamp: string;
                    /** @description The emitting service */
                    source: string;
                    /** @description The company the event concerns */
                    company_id: string;
                    /** @description Ties together the events of one request or job */
                    correlation_id: string;
                    payload: {
                        organization_id: string;
                        /** @description 0 until a configuration is saved; each PUT adds 1 */
                        version: number;
                        /** @description The draws' seed (the organization id unless set) */
                        seed: string;
                        rules: {
                            id: string;
                            name: string;
                            priority: number;
                            enabled: boolean;
                            conditions: {
                                field: string;
                                operator: string;
                                value: string | number | (string | number)[];
                            }[];
                            strategy: {
                                /** @enum {string} */
                                type: "PRIORITY" | "VOLUME" | "SUCCESS_RATE";
                                providers?: string[];
                                splits?: {
                                    provider: string;
                                    percentage: number;
                                }[];
                                window_size?: number;
                                min_samples?: number;
                                exploration_percent?: number;
                                latency_threshold_ms?: number | null;
                            };
                        }[];
                        default_providers: string[];
                        failover: {
                            enabled: boolean;
                            max_attempts: number;
                            on_generic_decline: boolean;
                        };
                        created_at: string | null;
                        updated_at: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature did not verify */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
