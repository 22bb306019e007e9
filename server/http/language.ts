import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type LanguageCode, languageOfCookie, pickLanguage } from '../../contract/language.ts';

/** The language of an API request: ?lang=, the cookie, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  return pickLanguage({
    query: (request.query as Record<string, unknown> | undefined)?.lang,
    cookie: languageOfCookie(request.cookies?.[LANGUAGE_COOKIE]),
    acceptLanguage: request.headers['accept-language'],
  });
}
