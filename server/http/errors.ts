import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '../i18n.ts';
import { requestLanguage } from './language.ts';

/**
 * A failure the user should read about. `messageKey` is a locale key; `code` is the machine code sent as
 * "code##text" when it differs from the HTTP status (SPEC.md 8).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly messageKey: string;
  readonly values: Record<string, unknown> | undefined;
  /** Sent as `Retry-After` (seconds) with a 429, so a client can count down. */
  readonly retryAfterSeconds: number | undefined;
  /** What the client needs to go on (the envelope's `data`), when an error is a step rather than a dead end. */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    status: number,
    messageKey: string,
    options: {
      code?: number;
      values?: Record<string, unknown>;
      retryAfterSeconds?: number;
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(messageKey);
    this.status = status;
    this.code = options.code ?? status;
    this.messageKey = messageKey;
    this.values = options.values;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.data = options.data;
  }
}

export const notFound = (messageKey: string, code?: number) => new AppError(404, messageKey, { code });
export const badRequest = (messageKey: string, values?: Record<string, unknown>) =>
  new AppError(400, messageKey, { values });

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const text = translate(requestLanguage(request), error.messageKey, error.values);
  const message = error.code === error.status ? text : `${error.code}##${text}`;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send({ code: error.code, status: 'error', message, data: error.data ?? null });
}

/** The translated label of a form field (locale key fields.<name>), or its name when it has none. */
function fieldLabel(language: ReturnType<typeof requestLanguage>, field: string) {
  const key = `fields.${field}`;
  const label = translate(language, key);
  return label === key ? field : label;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field =
        issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue?.params?.missingProperty as string) || '';
      // Form rules (contract/validation.ts) report a locale key as their message; show that, with the field's label.
      const messageKey = issue?.message?.startsWith('validation.') ? issue.message : 'api.invalidParameter';
      // A body that is not an object at all (JSON null, an array, plain text) has no field to name.
      if (!field && messageKey === 'api.invalidParameter')
        return sendError(request, reply, badRequest('api.invalidRequest'));
      return sendError(request, reply, badRequest(messageKey, { field: fieldLabel(requestLanguage(request), field) }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, new AppError(429, 'api.tooManyRequests'));
    if (status >= 400 && status < 500) return sendError(request, reply, new AppError(status, 'api.invalidRequest'));
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError(500, 'api.internal'));
  });
}
