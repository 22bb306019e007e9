import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { translate } from '../i18n.ts';
import { AppError, badRequest } from '../kernel/errors.ts';
import { requestLanguage } from './language.ts';

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
      return sendError(request, reply, invalidInput(request, error.validation[0]));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, new AppError(429, 'errors.tooManyRequests'));
    if (status >= 400 && status < 500) return sendError(request, reply, new AppError(status, 'errors.invalidRequest'));
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError(500, 'api.internal'));
  });
}

/** The 400 for input the route's schema refused, from its first issue: the field, and what is wrong with it. */
function invalidInput(request: FastifyRequest, issue: ZodFastifySchemaValidationError | undefined) {
  const field =
    issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue?.params?.missingProperty as string) || '';
  // Form rules (contract/<domain>.ts) report a locale key as their message; show that, with the field's label.
  const messageKey = issue?.message?.startsWith('validation.') ? issue.message : 'errors.invalidParameter';
  // A body that is not an object at all (JSON null, an array, plain text) has no field to name.
  if (!field && messageKey === 'errors.invalidParameter') return badRequest('errors.invalidRequest');
  return badRequest(messageKey, { field: fieldLabel(requestLanguage(request), field) });
}
