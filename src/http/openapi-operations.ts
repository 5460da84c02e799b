/**
 * product.md §15, per operation: the `operationId` (`<resource>.<action>`, the resource dotted when nested),
 * a description, and every error status the route can answer, declared with the envelope. Pure functions over
 * the generated document, so the rules hold for every route without each route repeating them.
 */
export type Json = Record<string, any>;
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Where the general rule below would name an operation badly. */
const OPERATION_ID_OVERRIDES: Record<string, string> = {
  'GET /v1/onboarding-documents/{documentId}/download': 'onboardingDocuments.download',
  'GET /v1/banking/bank-accounts/{id}/anticipation-limits': 'banking.bankAccounts.anticipationLimits.get',
  'GET /v1/merchants/{merchantId}/automatic-cashouts/next': 'merchants.automaticCashouts.next',
  'POST /v1/platform/sandbox/cashouts/{id}/status': 'platform.sandbox.cashouts.setStatus',
  'POST /v1/platform/sandbox/internal-transfers/{id}/status': 'platform.sandbox.internalTransfers.setStatus',
  'POST /v1/merchants/{merchantId}/fee-quote': 'merchants.feeQuote',
  'GET /v1/merchants/{merchantId}/affiliations/{affiliationId}/onboarding-documents/{documentId}':
    'merchants.affiliations.onboardingDocuments.get',
  'POST /v1/platform/provider-accounts/{id}/credentials': 'platform.providerAccounts.credentials.rotate',
  'POST /v1/provider-webhooks/{accountId}': 'providerWebhooks.receive',
  'POST /v1/provider-webhooks/{accountId}/{token}/pix': 'providerWebhooks.pix.receive',
  'POST /v1/provider-webhooks/{accountId}/{token}': 'providerWebhooks.pixWithoutSuffix.receive',
};

/** Operations that call a provider and so may answer 502 INTEGRATION_ERROR (src/kernel/provider-failures.ts). */
export const PROVIDER_OPERATIONS = new Set([
  'transactions.create',
  'merchants.transactions.create',
  'transactions.capture',
  'transactions.cancel',
  'transactions.refunds.create',
  'threeDsSessions.create',
  'merchants.threeDsSessions.create',
  'banking.bankAccounts.create',
  'banking.internalTransfers.create',
  'banking.cashouts.create',
  'merchants.pixKeys.create',
  'merchants.pixKeys.delete',
  'merchants.affiliations.settlementAccount.update',
]);

/** Sign-in steps that check credentials and open a session: public, yet a wrong password or code answers 401. */
const OPENS_SESSION = /^auth\.(login|verify)$/;

/** Sign-in steps move no resource's state, so never answer 409 (quotes do: a merchant not active, no rates). */
const NO_CONFLICT = /^(auth\.(login|verify|forgotPassword|resetPassword|selectCompany)|providerWebhooks\..*)$/;

/** Provider webhooks (providers.md R4.2): public, yet a failed signature, token or certificate answers 401. */
const PROVIDER_WEBHOOK = /^providerWebhooks\./;

const camel = (segment: string) =>
  (segment === '3ds-sessions' ? 'three-ds-sessions' : segment).replace(/-([a-z0-9])/g, (_, c: string) =>
    c.toUpperCase(),
  );
const isParam = (segment: string) => segment.startsWith('{');
// Plural nouns name collections; the actions (login, capture, review, …) are verbs. "status" is the one singular in s.
const isCollection = (segment: string) => segment.endsWith('s') && segment !== 'status';

/** `<resource>.<action>` from the method and path (see OPERATION_ID_OVERRIDES for the exceptions). */
export function operationIdFor(method: string, path: string): string {
  const upper = method.toUpperCase();
  const override = OPERATION_ID_OVERRIDES[`${upper} ${path}`];
  if (override) return override;
  const segments = path.split('/').filter((s) => s && s !== 'v1');
  const statics = segments.filter((s) => !isParam(s)).map(camel);
  const last = segments[segments.length - 1] ?? '';
  const resource = statics.join('.');
  if (isParam(last)) {
    const action = { GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[upper] ?? method.toLowerCase();
    return `${resource}.${action}`;
  }
  switch (upper) {
    case 'GET':
      return `${resource}.${isCollection(last) ? 'list' : 'get'}`;
    case 'POST':
      return isCollection(last) ? `${resource}.create` : resource;
    case 'PUT':
    case 'PATCH':
      return `${resource}.update`;
    default:
      return `${resource}.${method.toLowerCase()}`;
  }
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400':
    'Invalid request: `VALIDATION_ERROR` (a field breaks its schema) or `BAD_REQUEST` (a rule; `details.invalidField` names it)',
  '401': 'Missing, invalid, expired or revoked credentials (`AUTHENTICATION_ERROR`)',
  '403': 'The credentials lack the permission this operation needs (`AUTHORIZATION_ERROR`)',
  '404': "Not found, or outside the caller's reach (`RESOURCE_NOT_FOUND`)",
  '409':
    "The resource's state does not allow this, or a conflicting request (`CONFLICT_ERROR`; `details.reason` says why)",
  '413': 'The body exceeds the size limit (`PAYLOAD_TOO_LARGE`)',
  '500': 'Unexpected error (`INTERNAL_SERVER_ERROR`); nothing internal is shown',
  '502':
    'The provider refused, was unavailable, or did not answer in time (`INTEGRATION_ERROR`; retry with the same `request_id`)',
  '503':
    'Temporarily unavailable: the server is overloaded or cannot reach its database (`SERVICE_UNAVAILABLE`, with `Retry-After`); retry shortly',
};

/** Body fields naming other resources (`bank_account_id`, `role_ids`): an id outside the caller's reach is a 404. */
function bodyIdFields(operation: Json): string[] {
  const schema = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const objects = [schema, ...((schema?.anyOf ?? schema?.oneOf ?? []) as Json[])].filter(Boolean) as Json[];
  return objects.flatMap((o) => Object.keys(o.properties ?? {})).filter((k) => /_ids?$/.test(k) && k !== 'request_id');
}

/** The error statuses of §15's rule for one operation. */
export function errorStatusesFor(operationId: string, method: string, operation: Json): string[] {
  const parameters = (operation.parameters ?? []) as { in: string }[];
  const hasBody = operation.requestBody !== undefined;
  const hasPath = parameters.some((p) => p.in === 'path');
  const hasQuery = parameters.some((p) => p.in === 'query');
  const credentialed = Array.isArray(operation.security) && operation.security.length > 0;
  const write = method !== 'get';
  const statuses: string[] = [];
  if (hasBody || hasQuery || hasPath) statuses.push('400');
  if (credentialed) statuses.push('401', '403');
  else if (OPENS_SESSION.test(operationId) || PROVIDER_WEBHOOK.test(operationId)) statuses.push('401');
  if (hasPath || bodyIdFields(operation).length > 0) statuses.push('404');
  if (write && !NO_CONFLICT.test(operationId)) statuses.push('409');
  if (hasBody) statuses.push('413');
  statuses.push('500');
  if (PROVIDER_OPERATIONS.has(operationId)) statuses.push('502');
  // Any operation may meet the load guard or a database that is restarting (health declares its own body).
  statuses.push('503');
  return statuses;
}

/** Sets operationId, description and the declared errors on every operation of the document. */
export function finishOperations(doc: Json, errorRef: Json): void {
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      dropEmptyBody(operation);
      commaSeparatedLists(operation);
      const id = operationIdFor(method, path);
      operation.operationId = id;
      operation.description ??= describe(operation);
      const responses = (operation.responses ??= {}) as Json;
      for (const [status, response] of Object.entries(responses) as [string, Json][]) {
        if (/^2/.test(status) && response.description === 'Default Response')
          response.description = successDescription(method, status);
      }
      for (const status of errorStatusesFor(id, method, operation)) {
        responses[status] ??= {
          description: ERROR_DESCRIPTIONS[status],
          content: { 'application/json': { schema: errorRef } },
        };
      }
      responses['429'] = {
        description: 'Rate limit exceeded: an empty body; the `x-ratelimit-*` headers say when to retry',
      };
    }
  }
}

/** A query list (a filter's enum values, sort fields) is sent comma-separated, as the server reads it. */
function commaSeparatedLists(operation: Json): void {
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    if (parameter.in === 'query' && parameter.schema?.type === 'array')
      Object.assign(parameter, { style: 'form', explode: false });
  }
}

/** A bodiless action declares no body; a body that may be omitted is not required (§15). */
function dropEmptyBody(operation: Json): void {
  const content = operation.requestBody?.content?.['application/json'];
  if (!content?.schema) return;
  let schema = content.schema as Json;
  let nullable = false;
  while (Array.isArray(schema.anyOf) && schema.anyOf.some((s: Json) => s.type === 'null')) {
    nullable = true;
    const rest = schema.anyOf.filter((s: Json) => s.type !== 'null');
    if (rest.length !== 1) break;
    schema = rest[0];
  }
  if (schema.type === 'object' && Object.keys(schema.properties ?? {}).length === 0 && !schema.additionalProperties) {
    delete operation.requestBody;
    return;
  }
  content.schema = schema;
  if (nullable || !(schema.required?.length > 0)) operation.requestBody.required = false;
}

function describe(operation: Json): string {
  const summary = String(operation.summary ?? '').replace(/\.?$/, '.');
  const permission = operation['x-permission'] ? ` Needs the permission \`${operation['x-permission']}\`.` : '';
  const security = (operation.security ?? []) as Json[];
  const who =
    security.length === 0
      ? ' No credentials.'
      : security.some((s) => 'platformKey' in s)
        ? ' Platform staff key only.'
        : security.some((s) => 'apiKey' in s)
          ? ' An organization or merchant API key (`x-api-key`), or a user token (`Authorization: Bearer`).'
          : ' A user token (`Authorization: Bearer`).';
  return `${summary}${who}${permission}`;
}

const successDescription = (method: string, status: string) =>
  status === '201'
    ? 'Created'
    : status === '202'
      ? 'Accepted'
      : status === '204'
        ? 'No content'
        : method === 'get'
          ? 'OK'
          : 'Done (or the replay of the same request)';
