import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { LANGUAGES } from '../../contract/language.ts';
import { translate } from '../i18n.ts';
import { AppError, badRequest } from '../kernel/errors.ts';
import { requestLanguage } from './language.ts';

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const text = translate(requestLanguage(request), error.messageKey, error.values);
  const message = error.code === error.status ? text : `${error.code}##${text}`;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send({ code: error.code, status: 'error', message, data: error.data ?? null });
}

/**
 * The translated label of a form field (locale key fields.<name>), or its name when it has none. A text in one
 * language of many (names.ar, titles.en) is named by its language, as the console's forms label it.
 */
function fieldLabel(language: ReturnType<typeof requestLanguage>, field: string) {
  const inLanguage = LANGUAGES.find((entry) => field.endsWith(`.${entry.code}`));
  if (inLanguage && field.split('.').length === 2) return inLanguage.name;
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
  // A body that is not an object at all (JSON null, an array, plain text) has no field to name.
  if (!field && !issue?.message?.startsWith('validation.')) return badRequest('errors.invalidRequest');
  return invalidField(requestLanguage(request), field, issue?.message ?? '');
}

/**
 * The 400 for a field a form rule refused. Rules (contract/<domain>.ts) report a locale key as their message:
 * a `validation.` one names the field by its label, another one says it all; anything else is a bad parameter.
 */
export function invalidField(language: ReturnType<typeof requestLanguage>, field: string, message: string) {
  if (message.startsWith('validation.')) return badRequest(message, { field: fieldLabel(language, field) });
  if (/^[a-z]+\.[\w.]+$/i.test(message) && translate(language, message) !== message) return badRequest(message);
  return badRequest('errors.invalidParameter', { field: fieldLabel(language, field) });
}
