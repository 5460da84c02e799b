/**
 * The money flow (money.md M2-M6) as the API reference shows it: one text for the OpenAPI document's
 * description (the reference renders its Markdown; a code block renders everywhere) and docs/money-flow.md, which
 * a test keeps identical to it.
 */
export const MONEY_FLOW_DIAGRAM = `\
 payment A, fee F (n installments)                       every arrow is ONE ledger transaction (its code),
   │ TRANSACTION_APPROVED                                 debits = credits; company balances are liabilities,
   │   clearing +A                                        clearing and debt are assets
   │   merchant PENDING +(A-F)   one receivable per installment (floor(A/n), floor(F/n), remainders on #1)
   │   organization REVENUE +F   the fee share, with receivables of its own (role ORGANIZATION)
   ▼
 PENDING ── settlement job, 03:00 UTC of each date ──────────────► AVAILABLE
   │          PIX at once, debit D+1, credit D+30·k (business days)   ▲  RECEIVABLE_SETTLED: pending -r,
   │                                                                  │  debt repaid first, then available +rest
   └─ anticipation (SPOT / AUTOMATIC), fee G ─────────────────────────┘  ANTICIPATION_COMPLETED: pending -N,
                                                                          available +(N-G), org. REVENUE +G
 AVAILABLE
   ├─► cashout X, price P ── CASHOUT_HOLD: available -(X+P), HELD +(X+P)
   │      ├─ COMPLETED ──── CASHOUT_COMPLETED: held -(X+P), clearing -X (PIX out), org. REVENUE +P
   │      ├─ FAILED ─────── CASHOUT_RELEASED: held -> available (no price)
   │      └─ return R ───── CASHOUT_RETURNED: clearing +R, available +R (the price is kept)
   ├─► refund R ─────────── REFUND: pending (last installment first), then available, then DEBT, into HELD;
   │                          SUCCEEDED: held -R, clearing -R · FAILED: all of it back
   └─► dispute D ────────── DISPUTE_OPENED: available -> HELD, the shortfall recorded as DEBT
          ├─ WON ────────── DISPUTE_WON: held back to available (debt repaid first)
          └─ LOST/ACCEPTED  DISPUTE_LOST: held -D, clearing -D; debt still owed: the transaction's
                              PENDING receivables pay it (CHARGEBACK), pending -x, debt -x

 organization REVENUE (no balance row) ── its account's settlement run of the date ──► its AVAILABLE
   fee shares by their payment date (PIX ones: the next date), prices and fees G the next date;
   RECEIVABLE_SETTLED: REVENUE -x, debt repaid first, then available +rest

 integrity, per provider (GET /v1/platform/ledger/integrity):
   clearing - (pending + available + held of every account + REVENUE) + debt = 0`;

export const MONEY_FLOW_MARKDOWN = `## Money flow

A payment becomes receivables (\`pending\`), each settles on its date into \`available\` (or earlier, by
anticipation), from where the merchant cashes out; refunds and disputes hold money and record a \`debt\` when
\`available\` is short. Balances: \`GET /v1/banking/bank-accounts/{id}/balance\`; entries: \`GET /v1/ledger/entries\`.

\`\`\`text
${MONEY_FLOW_DIAGRAM}
\`\`\``;
