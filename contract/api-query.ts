import { z } from 'zod';
import { LANGUAGE_CODES } from './language.ts';

/** The `lang` query parameter every API call takes: the language its texts are written in. */
export const langQuerySchema = z.object({ lang: z.enum(LANGUAGE_CODES).optional() });
