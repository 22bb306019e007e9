import type { FastifyInstance } from 'fastify';
import { pagedSchema } from '../../../../contract/paging.ts';
import { peopleSearchQuerySchema, personCardSchema } from '../../../../contract/users.ts';
import { answer, route } from '../../../http/route.ts';
import { resolveOffset } from '../../../kernel/paging.ts';
import type { UsersService } from '../service.ts';

/** People search (issue 25): anyone finds members by name, as public cards. */
export function registerPeopleSearchRoute(app: FastifyInstance, users: UsersService) {
  route(app, {
    method: 'GET',
    url: '/users',
    tag: 'accounts',
    summary:
      'People search: public members with a word of their name starting with each word of `name`, best match first',
    access: 'anyone',
    query: peopleSearchQuerySchema,
    data: pagedSchema(personCardSchema),
    handle: async ({ query, viewer }) =>
      answer(await users.search.byName(query.name, viewer, { limit: query.limit, offset: resolveOffset(query) })),
  });
}
