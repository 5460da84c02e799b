import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../kernel/errors.js';
import { authServices } from '../../http/route-helpers.js';
import { NO_PERMISSION } from '../../http/permissions.js';
import { toCep } from './zipcodes.client.js';

const params = z.strictObject({ id: z.string().regex(/^[0-9]{5,9}$/, 'must be 5 to 9 digits') });
const resultSchema = z.object({
  zipcode: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});

/** GET /v1/zipcodes/{id}: Bearer JWT only, no permission stated by the contract. */
export default async function zipcodesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/zipcodes/:id',
    {
      config: { auth: 'jwt', permission: NO_PERMISSION, allowWithoutCompany: true },
      schema: { summary: 'Look up an address by CEP', tags: ['zipcodes'], params, response: { 200: resultSchema } },
    },
    async (request) => {
      const cep = toCep(request.params.id);
      const result = cep ? await authServices(app).zipcodes.lookup(cep) : null;
      if (!result) throw notFound('Zipcode');
      return result;
    },
  );
}
