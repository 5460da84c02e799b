import { HTTP_METHODS, type Json } from './openapi-operations.js';

/**
 * product.md §15: every request and response body is a named component schema. Bodies are lifted out of the
 * operations after generation: a resource's shape takes its singular name from its `get` operation
 * (`transactions.get` -> `Transaction`), lists `<Name>List`, the rest `<OperationId>Request|Response`; equal
 * shapes share one component, and a resource's shape inside another body becomes a `$ref` to it.
 */
const pascal = (s: string) => s.replace(/(^|\.)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** `merchants.cards.get` -> `Card`; `banking.bankAccounts.get` -> `BankAccount`. */
export function resourceName(operationId: string): string {
  const parts = operationId.split('.');
  return pascal(singular(parts[parts.length - 2] ?? parts[0]!));
}

/** Response names the rule would get wrong (two `me`s, the ledger's transactions beside the payments'). */
const RESPONSE_NAMES: Record<string, string> = {
  'companies.me.get': 'Company',
  'auth.me.get': 'CurrentUser',
  'ledger.transactions.get': 'LedgerTransaction',
  'ledger.entries.list': 'LedgerEntryList',
  'platform.ledger.integrity.get': 'LedgerIntegrity',
  'receivables.schedule.get': 'ReceivableSchedule',
  'platform.sandbox.organizations.clock.get': 'SandboxClock',
  'platform.sandbox.messages.list': 'SandboxMessageList',
  'webhooks.messages.list': 'WebhookMessageList',
  'webhooks.dashboard.get': 'DashboardLink',
  'merchants.create': 'CreatedMerchant',
  'platform.organizations.create': 'CreatedOrganization',
  'apiKeys.create': 'IssuedApiKey',
  'apiKeys.roll': 'IssuedApiKey',
  'apiKeys.delete': 'ApiKey',
};

const canonical = (schema: unknown): string =>
  JSON.stringify(schema, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

interface Body {
  operationId: string;
  kind: 'request' | 'response';
  holder: Json;
}

function bodiesOf(doc: Json): Body[] {
  const out: Body[] = [];
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const request = operation.requestBody?.content?.['application/json'];
      if (request?.schema) out.push({ operationId: operation.operationId, kind: 'request', holder: request });
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        const content = response.content?.['application/json'];
        // Error answers are the Error component already; any other inline body (health's 503) is named too.
        if (content?.schema && (/^2/.test(status) || !content.schema.$ref))
          out.push({ operationId: operation.operationId, kind: 'response', holder: content });
      }
    }
  }
  return out;
}

/** Moves every inline body schema into `components.schemas`, named and shared. */
export function nameBodySchemas(doc: Json): void {
  const schemas = ((doc.components ??= {}).schemas ??= {}) as Json;
  const byShape = new Map<string, string>();
  const resources: string[] = [];
  const place = (schema: Json, wanted: string): string => {
    const key = canonical(schema);
    const known = byShape.get(key);
    if (known) return known;
    let name = wanted;
    for (let n = 2; name in schemas; n++) name = `${wanted}${n}`;
    schemas[name] = schema;
    byShape.set(key, name);
    return name;
  };
  const bodies = bodiesOf(doc).filter((b) => !b.holder.schema.$ref);
  // Resources first, so that their shapes get the plain names wherever else they appear.
  const rank = (b: Body) =>
    b.kind === 'response' && b.operationId.endsWith('.get')
      ? 0
      : b.kind === 'response' && b.operationId.endsWith('.list')
        ? 1
        : 2;
  for (const body of [...bodies].sort((a, b) => rank(a) - rank(b))) {
    const r = rank(body);
    const named = body.kind === 'response' ? RESPONSE_NAMES[body.operationId] : undefined;
    const wanted = named
      ? named
      : r === 0
        ? resourceName(body.operationId)
        : r === 1
          ? `${resourceName(`${body.operationId.slice(0, -5)}.get`)}List`
          : `${pascal(body.operationId)}${body.kind === 'request' ? 'Request' : 'Response'}`;
    const name = place(body.holder.schema, wanted);
    if (r === 0 && !resources.includes(name)) resources.push(name);
    body.holder.schema = { $ref: `#/components/schemas/${name}` };
  }
  refResources(schemas, resources);
}

/** A resource's exact shape nested in another component (a list's items, a created object) becomes a `$ref`. */
function refResources(schemas: Json, resources: string[]): void {
  const shapes = new Map(
    resources
      .filter((n) => Object.keys(schemas[n]?.properties ?? {}).length >= 3)
      .map((n) => [canonical(schemas[n]), n]),
  );
  const visit = (node: unknown, owner: string): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((n) => visit(n, owner));
    const found = shapes.get(canonical(node));
    if (found && found !== owner) return { $ref: `#/components/schemas/${found}` };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, owner)]));
  };
  for (const name of Object.keys(schemas)) {
    const schema = schemas[name] as Json;
    schemas[name] = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, visit(v, name)]));
  }
}
