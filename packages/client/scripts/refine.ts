/**
 * What the client's types say beyond the document, each a fact of the server the document's JSON Schema cannot
 * express on its own (issue 27, finding 8): a transaction is a union by `payment_method`, so code that checked
 * `payment_method === 'PIX'` (and that the charge exists) reads `transaction.pix` without a null check.
 *
 * The server (src/modules/transactions): a card transaction never has `pix`; a PIX transaction has no `card_data`
 * or `three_ds`, and has its `pix` from the provider's charge on: it is null only while the charge's outcome is
 * unknown (`PROCESSING`) or when the provider refused it (`REFUSED`).
 */
type Json = Record<string, any>;

const CARD_METHODS = ['CREDIT_CARD', 'DEBIT_CARD'];
/** The statuses of a PIX transaction whose charge was never made: no `pix`. */
export const PIX_WITHOUT_CHARGE = ['PROCESSING', 'REFUSED'];

const nullSchema = { type: 'null' };
const nonNull = (schema: Json): Json => {
  if (Array.isArray(schema.anyOf)) {
    const rest = schema.anyOf.filter((s: Json) => s.type !== 'null');
    return rest.length === 1 ? rest[0] : { ...schema, anyOf: rest };
  }
  return schema;
};

function variant(base: Json, description: string, overrides: Json): Json {
  return { ...base, description, properties: { ...base.properties, ...overrides } };
}

/** The `Transaction` schema as a union: a card transaction, a PIX with its charge, a PIX without one. */
function transactionUnion(schemas: Json): void {
  const base = schemas.Transaction;
  if (!base?.properties?.payment_method || !base.properties.pix) return;
  const statuses: string[] = base.properties.status.enum;
  const noCardFields = { card_data: nullSchema, three_ds: nullSchema };
  schemas.CardTransaction = variant(base, 'A card transaction (`CREDIT_CARD` or `DEBIT_CARD`): never a `pix`.', {
    payment_method: { type: 'string', enum: CARD_METHODS },
    pix: nullSchema,
  });
  schemas.PixTransaction = variant(
    base,
    'A PIX transaction whose charge exists: its `pix` (BR Code, QR image, expiry).',
    {
      payment_method: { type: 'string', enum: ['PIX'] },
      status: { type: 'string', enum: statuses.filter((s) => !PIX_WITHOUT_CHARGE.includes(s)) },
      pix: nonNull(base.properties.pix),
      ...noCardFields,
    },
  );
  schemas.UnchargedPixTransaction = variant(
    base,
    'A PIX transaction whose charge was refused or whose outcome is not known yet: no `pix`.',
    {
      payment_method: { type: 'string', enum: ['PIX'] },
      status: { type: 'string', enum: PIX_WITHOUT_CHARGE },
      pix: nullSchema,
      ...noCardFields,
    },
  );
  schemas.Transaction = {
    description: base.description ?? 'A transaction: narrow it by `payment_method` (and a PIX by `status`).',
    oneOf: ['CardTransaction', 'PixTransaction', 'UnchargedPixTransaction'].map((name) => ({
      $ref: `#/components/schemas/${name}`,
    })),
  };
}

/** The document with the client's refinements (a copy; the input is not changed). */
export function refineDocument<T>(document: T): T {
  const copy = structuredClone(document) as Json;
  const schemas = copy.components?.schemas;
  if (schemas) transactionUnion(schemas);
  return copy as T;
}
