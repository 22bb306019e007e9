import { z } from 'zod';
import { MAX_SERIAL_ID, USER_ID_PATTERN } from './id-basics.ts';

export { isUserId, MAX_SERIAL_ID, parseSerialId, USER_ID_PATTERN } from './id-basics.ts';

/** A serial id from a path, query or form: a whole number from 1 to MAX_SERIAL_ID. */
export const serialIdSchema = z.coerce.number().int().positive().max(MAX_SERIAL_ID);

export const userIdSchema = z.string().regex(USER_ID_PATTERN);
