import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/**
 * A provider's official OpenAPI document (vendored unchanged beside its connector) and the checks of a request
 * or an answer against the schema it gives an operation. The connectors' tests and the doubles use it so that
 * "every request the platform sends validates against the provider's document" (providers.md) is checked, not
 * assumed. Schemas compile lazily, once per pointer, from the whole document (their `$ref`s stay inside it).
 */
type Json = Record<string, unknown>;
export interface RequestToCheck {
  method: string;
  /** The document's path template, e.g. `/payments/{paymentPspReference}/captures`. */
  path: string;
  pathParams?: Record<string, string>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

// ajv-formats is CommonJS with a default export: under NodeNext its function is `.default` (or the module itself).
const formatsModule = addFormatsModule as unknown as { default?: (ajv: Ajv) => Ajv };
const addFormats: (ajv: Ajv) => Ajv = formatsModule.default ?? (addFormatsModule as unknown as (ajv: Ajv) => Ajv);
const DOC_ID = 'official';
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class OfficialDocument {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    readonly doc: Json,
    dialect: 'openapi-3.0' | 'openapi-3.1',
  ) {
    // strict off: the documents carry OpenAPI keywords (example, x-*, discriminator) a JSON Schema validator
    // does not know; they describe, they do not constrain. 3.0's `nullable` is an Ajv keyword by default.
    const options = { strict: false, allErrors: true, validateSchema: false, logger: false } as const;
    this.ajv = dialect === 'openapi-3.1' ? new Ajv2020(options) : new Ajv(options);
    addFormats(this.ajv);
    this.ajv.addSchema(doc, DOC_ID);
  }

  /**
   * Loads a vendored document. `readings` correct, in memory and by name, the few places where the document
   * as written cannot mean what it says (each is listed in docs/decisions/providers.md); the file stays as published.
   */
  static fromFile(url: URL, readings: ReadonlyArray<(doc: Json) => void> = []): OfficialDocument {
    const file = fileURLToPath(url);
    const text = readFileSync(file, 'utf8');
    const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Json;
    for (const read of readings) read(doc);
    return new OfficialDocument(doc, String(doc.openapi).startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.0');
  }

  /** Every problem of a request against the operation's parameters and JSON body ([] when it validates). */
  checkRequest(req: RequestToCheck): string[] {
    const pointer = `/paths/${escapePointer(req.path)}/${req.method.toLowerCase()}`;
    const operation = this.at(pointer) as Json | undefined;
    if (!operation) return [`the document has no ${req.method.toUpperCase()} ${req.path}`];
    const problems: string[] = [];
    const pathLevel = `/paths/${escapePointer(req.path)}/parameters`;
    const params = [
      ...((this.at(pathLevel) as Json[]) ?? []).map((raw, i) => ({ raw, at: `${pathLevel}/${i}` })),
      ...((operation.parameters as Json[]) ?? []).map((raw, i) => ({ raw, at: `${pointer}/parameters/${i}` })),
    ];
    for (const { raw, at } of params) {
      const param = this.deref(raw);
      const where = param.in as string;
      if (where !== 'path' && where !== 'header') continue;
      const name = param.name as string;
      const value = where === 'path' ? req.pathParams?.[name] : headerOf(req.headers, name);
      if (value === undefined) {
        if (param.required) problems.push(`${where} ${name} is required`);
        continue;
      }
      problems.push(...this.run(`${this.refPointer(raw, at)}/schema`, value, `${where} ${name}`));
    }
    const body = operation.requestBody as Json | undefined;
    if (body) {
      const ref = this.deref(body);
      if (req.body === undefined) {
        if (ref.required) problems.push('a JSON body is required');
      } else {
        problems.push(
          ...this.run(
            `${this.refPointer(body, `${pointer}/requestBody`)}/content/application~1json/schema`,
            req.body,
            'body',
          ),
        );
      }
    }
    return problems;
  }

  /** Problems of an answer's JSON body against the operation's response of that status. */
  checkResponse(method: string, path: string, status: number, body: unknown): string[] {
    const pointer = `/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${status}`;
    const response = this.at(pointer) as Json | undefined;
    if (!response) return [`the document has no ${status} answer to ${method.toUpperCase()} ${path}`];
    const resolved = `${this.refPointer(response, pointer)}/content`;
    const content = this.at(resolved) as Json | undefined;
    const type = content && Object.keys(content).find((t) => t.includes('json'));
    if (!type) return [];
    return this.run(`${resolved}/${escapePointer(type)}/schema`, body, 'answer');
  }

  /** Problems of a value against one of the document's component schemas (e.g. `NotificationRequest`). */
  checkComponent(name: string, value: unknown): string[] {
    return this.run(`/components/schemas/${escapePointer(name)}`, value, name);
  }

  private run(pointer: string, value: unknown, label: string): string[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 20)
      .map(
        (e) =>
          `${label}${e.instancePath} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      );
  }

  /** The pointer of an object that may be a `$ref` (then its target's), else `fallback`. */
  private refPointer(obj: Json, fallback: string): string {
    let current = obj;
    let pointer = fallback;
    while (typeof current.$ref === 'string') {
      pointer = current.$ref.replace(/^#/, '');
      current = this.at(pointer) as Json;
    }
    return pointer;
  }

  private deref(obj: Json): Json {
    let current = obj;
    while (typeof current.$ref === 'string') current = this.at(current.$ref.replace(/^#/, '')) as Json;
    return current;
  }

  private at(pointer: string): unknown {
    let node: unknown = this.doc;
    for (const part of pointer.split('/').slice(1)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  }
}

function headerOf(headers: Record<string, string | undefined> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}
