import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceUnavailable } from '../../kernel/errors.js';
import { idParams } from '../../http/schemas.js';
import { callerCompany } from '../../http/route-helpers.js';
import { MAX_ADVANCE_SECONDS } from '../../jobs/sandbox-clock.js';

const sandbox = { auth: 'platform' as const, sandboxOnly: true };

const clockSchema = z.object({
  now: z.string().meta({ description: "The organization's current time on its test clock (ISO 8601)" }),
  offset_seconds: z.number().int().meta({ description: 'How far the clock runs ahead of real time' }),
});

const advanceBody = z
  .strictObject({
    to: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: 'Target instant (ISO 8601); exactly one of `to` and `seconds`' }),
    seconds: z
      .int()
      .min(-MAX_ADVANCE_SECONDS)
      .max(MAX_ADVANCE_SECONDS)
      .optional()
      .meta({ description: 'Seconds to move forward (at most ten years); exactly one of `to` and `seconds`' }),
  })
  .superRefine((body, ctx) => {
    if ((body.to === undefined) === (body.seconds === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.to === undefined ? 'to' : 'seconds'],
        message: 'exactly one of to and seconds is required',
        params: { type: 'REQUIRED' },
      });
    }
  });

const view = (r: { now: Date; offsetMs: number }) => ({
  now: r.now.toISOString(),
  offset_seconds: Math.round(r.offsetMs / 1000),
});

/**
 * money.md M7: each organization's sandbox test clock, read and moved forward by staff; and (issue 27, item 6)
 * by the organization itself with its own key, its own clock only (`/v1/sandbox/clock`, sandbox only).
 */
export default async function sandboxClockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clocks = () => {
    if (!app.deps.sandboxClocks) throw serviceUnavailable('The sandbox test clock is not available on this deployment');
    return app.deps.sandboxClocks;
  };

  r.get(
    '/v1/platform/sandbox/organizations/:id/clock',
    {
      config: sandbox,
      schema: {
        summary: "Sandbox: an organization's test clock",
        params: idParams('id'),
        response: { 200: clockSchema },
      },
    },
    async (request) => view(await clocks().read(request.params.id)),
  );

  r.post(
    '/v1/platform/sandbox/organizations/:id/clock/advance',
    {
      config: sandbox,
      schema: {
        summary: "Sandbox: move an organization's test clock forward, running its jobs that fall due",
        params: idParams('id'),
        body: advanceBody,
        response: { 200: clockSchema },
      },
    },
    async (request) => view(await clocks().advance(request.params.id, moveOf(request.body))),
  );

  const own = (permission: string) => ({ permission, organizationOnly: true, sandboxOnly: true });
  r.get(
    '/v1/sandbox/clock',
    {
      config: own('sandbox.clock.read'),
      schema: {
        summary: "Sandbox: the organization's own test clock",
        tags: ['sandbox'],
        response: { 200: clockSchema },
      },
    },
    async (request) => view(await clocks().read(callerCompany(request).organizationId)),
  );

  r.post(
    '/v1/sandbox/clock/advance',
    {
      config: own('sandbox.clock.advance'),
      schema: {
        summary: "Sandbox: move the organization's own test clock forward, running its jobs that fall due",
        tags: ['sandbox'],
        body: advanceBody,
        response: { 200: clockSchema },
      },
    },
    async (request) => view(await clocks().advance(callerCompany(request).organizationId, moveOf(request.body))),
  );
}

const moveOf = ({ to, seconds }: { to?: string; seconds?: number }) =>
  to !== undefined ? { to: new Date(to) } : { seconds: seconds! };
