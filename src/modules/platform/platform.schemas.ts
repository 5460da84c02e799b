import { z } from 'zod';
import { timestamp } from '../../http/schemas.js';

export const webhookEndpointBody = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

export const webhookEndpointSchema = z.object({
  url: z.string(),
  signing_secret: z.string().describe('Standard Webhooks secret (whsec_…) to verify deliveries'),
  created_at: timestamp(),
});
