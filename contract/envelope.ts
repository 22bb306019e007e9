import { z } from 'zod';

// The answer envelopes as schemas, for the OpenAPI document and answer validation on the server. Apart from
// api.ts and errors.ts, whose constants and helpers pages load without zod.

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    status: z.enum(['success', 'error']),
    message: z.string(),
    data,
  });

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  status: z.literal('error'),
  message: z.string().describe('Translated text, prefixed "code##" when the code differs from the HTTP status'),
  data: z.null(),
});
