import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_EXAMPLES } from '../../src/http/openapi-examples.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { inlinedDocument } from '../helpers/openapi.js';
import { createVerifiedUser } from '../helpers/users.js';

/**
 * Issue 27 (finding 6, item 5): the document's request schemas were looser than the server (amounts `number` with
 * minimum -2^53 where the server wants an integer of at least 1). This walks EVERY operation of the document and,
 * for each request property and query parameter with a constraint the document states (integer, minimum, maximum,
 * exclusive bounds, enum, format, length), sends the server probes derived from the document alone:
 *  - just outside the constraint: the server must refuse it, naming that field (the document is not stricter
 *    than the server, so nothing the document refuses gets through);
 *  - at the bound itself (each enum value, the minimum, the maximum, a valid uuid/date-time/email): the server must
 *    not refuse it on that field (the document is not looser: what it accepts, the server accepts).
 * The second direction starts from the operation's documented example where there is one (so a rule checked only
 * on an otherwise valid body, a refinement or a service rule, is reached too), else from an empty body.
 */
type Json = Record<string, any>;
let t: TestApp;
let doc: { paths: Record<string, Record<string, Json>> };
let orgKey: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  doc = inlinedDocument((await t.request({ method: 'GET', url: '/core/openapi.json' })).json());
  const org = await t.createOrganization();
  orgKey = org.apiKey;
  token = (await createVerifiedUser(t, org.apiKey)).token;
}, 60_000);
afterAll(async () => t?.close());

/** The one non-null branch of a nullable schema; undefined for a real union (its branches are judged as a whole). */
function plain(schema: Json | undefined): Json | undefined {
  if (!schema) return undefined;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (!branches) return schema;
  const rest = branches.filter((b) => b.type !== 'null');
  return rest.length === 1 ? plain(rest[0]) : undefined;
}

/** Every leaf property of a body schema with its path as the server names fields (`rules.0.price.percentage`). */
function leaves(
  schema: Json | undefined,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: Json; description: string }[] {
  const s = plain(schema);
  if (!s) return [];
  if (s.type === 'object' || s.properties)
    return Object.entries<Json>(s.properties ?? {}).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (s.type === 'array' && s.items) return leaves(s.items, [...path, 0]);
  return path.length ? [{ path, schema: s, description: String(schema?.description ?? s.description ?? '') }] : [];
}

/** Values just outside each constraint the schema states (what the server must refuse). */
function outside(s: Json): unknown[] {
  const out: unknown[] = [];
  const types = [s.type].flat();
  if (types.includes('integer')) out.push((s.minimum ?? 0) + 0.5);
  if (typeof s.minimum === 'number') out.push(s.minimum - 1);
  if (typeof s.maximum === 'number') out.push(s.maximum + 1);
  if (typeof s.exclusiveMinimum === 'number') out.push(s.exclusiveMinimum);
  if (typeof s.exclusiveMaximum === 'number') out.push(s.exclusiveMaximum);
  if (Array.isArray(s.enum) && s.enum.every((v: unknown) => typeof v === 'string')) out.push('NOT_A_KNOWN_VALUE_ZZ');
  if (s.format === 'uuid') out.push('not-a-uuid');
  if (s.format === 'date-time') out.push('not a date');
  if (s.format === 'email') out.push('not-an-email');
  if (typeof s.maxLength === 'number' && s.maxLength < 10_000 && !s.enum && !s.pattern && !s.format)
    out.push('x'.repeat(s.maxLength + 1));
  return out;
}

/** Values the schema accepts at its edges (what the server must not refuse on that field). */
function inside(s: Json): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(s.enum)) out.push(...s.enum.filter((v: unknown) => v !== null));
  if (typeof s.minimum === 'number') out.push(s.minimum);
  if (typeof s.maximum === 'number' && s.maximum <= Number.MAX_SAFE_INTEGER) out.push(s.maximum);
  if (s.format === 'uuid') out.push(randomUUID());
  if (s.format === 'email') out.push('probe@example.com');
  return out;
}

function setAt(body: unknown, path: (string | number)[], value: unknown): Json {
  const root = structuredClone(body ?? {}) as Json;
  let at: Json = root;
  path.forEach((step, i) => {
    if (i === path.length - 1) at[step] = value;
    else {
      const next = path[i + 1];
      if (at[step] === undefined || at[step] === null || typeof at[step] !== 'object')
        at[step] = typeof next === 'number' ? [] : {};
      at = at[step];
    }
  });
  return root;
}

/**
 * Rules between fields that each field's description states (the probe sets the sibling they need): a transfer
 * day belongs to its frequency ("WEEKLY only", "MONTHLY only").
 */
const DUE = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const DUE_PIX = { 'pix.due_date': DUE };
const NEEDS: Record<string, { set: Record<string, unknown>; described: RegExp; perMode?: true }> = {
  'transfer_configurations.day_of_week': {
    set: { 'transfer_configurations.transfer_frequency': 'WEEKLY' },
    described: /WEEKLY only/,
  },
  'transfer_configurations.day_of_month': {
    set: { 'transfer_configurations.transfer_frequency': 'MONTHLY' },
    described: /MONTHLY only/,
  },
  // A due-date PIX's fields need its due date; a charge's value its mode. The document's bounds hold in every mode
  // (cents in the FIXED ones, a percentage in the others), so only the outside probes apply; the description says the rest.
  'pix.days_after_due': { set: DUE_PIX, described: /due date/ },
  'pix.fine.value': { set: { ...DUE_PIX, 'pix.fine.mode': 'PERCENTAGE' }, described: /FIXED modes/, perMode: true },
  'pix.interest.value': {
    set: { ...DUE_PIX, 'pix.interest.mode': 'PERCENTAGE_PER_DAY' },
    described: /FIXED modes/,
    perMode: true,
  },
  'pix.discount.value': {
    set: { ...DUE_PIX, 'pix.discount.mode': 'PERCENTAGE_PER_DAY_IN_ADVANCE' },
    described: /FIXED modes/,
    perMode: true,
  },
  'pix.discount.tiers.0.value': {
    set: { ...DUE_PIX, 'pix.discount.mode': 'PERCENTAGE_UNTIL_DATE', 'pix.discount.tiers.0.until': DUE },
    described: /FIXED modes/,
    perMode: true,
  },
};
/** Rules against the stored resource, not the body: the calling organization has a CNPJ, so its tax type is never PF. */
const STORED_STATE = new Set(['PATCH /v1/companies/me document_tax_type="PF"']);
/**
 * Bodies to probe from where the documented example cannot be sent as is (its `ev:` card values are placeholders
 * the server cannot decrypt, and decryption comes first): a PIX, where the amount and expiry rules apply.
 */
const BASES: Record<string, Json> = {
  'transactions.create': { payment_method: 'PIX', amount: 1990 },
  'merchants.transactions.create': { payment_method: 'PIX', amount: 1990 },
};

/** The body with `value` at the leaf and the siblings its rule needs. */
function probeBody(base: unknown, path: (string | number)[], value: unknown): Json {
  let body = setAt(base ?? {}, path, value);
  const needs = NEEDS[path.join('.')];
  if (needs)
    for (const [k, v] of Object.entries(needs.set))
      body = setAt(
        body,
        k.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        v,
      );
  return body;
}

type Probe = { method: string; url: string; payload?: Json; field: string };

function credentialOf(op: Json): { key?: string; token?: string } {
  const schemes = ((op.security ?? []) as Json[]).flatMap((s) => Object.keys(s));
  if (schemes.includes('platformKey')) return { key: t.platformKey };
  if (schemes.includes('apiKey')) return { key: orgKey };
  if (schemes.includes('bearerAuth')) return { token };
  return {};
}

async function send(op: Json, probe: Probe) {
  const res = await t.request({
    method: probe.method,
    url: probe.url,
    ...credentialOf(op),
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  });
  let body: Json = {};
  try {
    body = res.json();
  } catch {
    /* a page or an empty answer */
  }
  const details = body.error?.details ?? {};
  const named = [
    ...((details.issues ?? []) as Json[]).map((i) => String(i.field)),
    ...(details.invalidField ? [String(details.invalidField)] : []),
  ];
  // A union refuses at its own level: the field's path or an ancestor of it (what `outside` probes accept). A rule
  // of the object that holds the field (exactly one of two siblings) names the object: not a refusal of this field.
  const refused = res.statusCode === 400 && named.includes(probe.field);
  return {
    status: res.statusCode,
    refused,
    named,
    body:
      JSON.stringify((details.issues ?? []).map((i: Json) => [i.field, i.type, i.message])).slice(0, 300) ||
      res.body.slice(0, 300),
  };
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
const urlOf = (path: string) => `/core${path.replace(/\{[^}]+\}/g, () => randomUUID())}`;

describe("the document's request constraints are the server's", () => {
  it('every stated constraint of every operation: the server refuses just outside it and takes its edge', async () => {
    const looser: string[] = [];
    const stricter: string[] = [];
    const crossField: string[] = [];
    let probes = 0;
    for (const { path, method, op } of operations()) {
      // The event stream never ends on a valid request; its query has no constraint the probes need.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const url = urlOf(path);
      const example = BASES[op.operationId] ?? CREATE_EXAMPLES[op.operationId];
      const body = op.requestBody?.content?.['application/json']?.schema;
      for (const leaf of leaves(body)) {
        const field = leaf.path.join('.');
        if (NEEDS[field])
          expect(leaf.description, `${method} ${path} ${field} states the rule it depends on`).toMatch(
            NEEDS[field].described,
          );
        for (const value of outside(leaf.schema)) {
          probes++;
          const r = await send(op, { method, url, field, payload: probeBody(example, leaf.path, value) });
          if (!r.refused)
            stricter.push(
              `${method} ${path} body ${field}=${JSON.stringify(value).slice(0, 40)} -> ${r.status} ${r.body}`,
            );
        }
        for (const value of NEEDS[field]?.perMode ? [] : inside(leaf.schema)) {
          probes++;
          const r = await send(op, { method, url, field, payload: probeBody(example, leaf.path, value) });
          if (!r.refused) continue;
          if (STORED_STATE.has(`${method} ${path} ${field}=${JSON.stringify(value)}`)) continue;
          // Refused beside the example's other fields: a rule between fields (a CNPJ's tax type, a PIX's maximum, a
          // wallet token instead of a card number), stated in the field's description. Alone the value must pass.
          const alone = example ? await send(op, { method, url, field, payload: probeBody({}, leaf.path, value) }) : r;
          if (alone.refused)
            looser.push(
              `${method} ${path} body ${field}=${JSON.stringify(value).slice(0, 40)} -> ${alone.status} ${alone.body}`,
            );
          else
            crossField.push(
              `${method} ${path} ${field}=${JSON.stringify(value).slice(0, 40)}: ${
                r.body
                  .match(/"message":"([^"]*)"/g)
                  ?.slice(1, 3)
                  .join(' ') ?? r.status
              }`,
            );
        }
      }
      for (const parameter of (op.parameters ?? []) as Json[]) {
        if (parameter.in !== 'query') continue;
        const s = plain(parameter.schema);
        if (!s) continue;
        const query = (value: unknown) => `${url}?${new URLSearchParams({ [parameter.name]: String(value) })}`;
        for (const value of outside(s)) {
          probes++;
          const r = await send(op, { method, url: query(value), field: parameter.name });
          if (!r.refused)
            stricter.push(
              `${method} ${path} query ${parameter.name}=${String(value).slice(0, 40)} -> ${r.status} ${r.body}`,
            );
        }
        for (const value of inside(s)) {
          probes++;
          const r = await send(op, { method, url: query(value), field: parameter.name });
          if (r.refused)
            looser.push(
              `${method} ${path} query ${parameter.name}=${String(value).slice(0, 40)} -> ${r.status} ${r.body}`,
            );
        }
      }
    }
    console.info(`rules between fields (refused beside the example, accepted alone):\n${crossField.join('\n')}`);
    expect({ looser, stricter }).toEqual({ looser: [], stricter: [] });
    expect(probes).toBeGreaterThan(500);
    console.info(`openapi validators: ${probes} probes over ${operations().length} operations`);
  }, 300_000);
});
