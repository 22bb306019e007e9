import type { BaseLogger } from 'pino';

/** What kernel services log through: Fastify's request logger, a job worker's or a script's pino logger all fit. */
export type Logger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
