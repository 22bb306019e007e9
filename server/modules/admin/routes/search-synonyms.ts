import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchSynonymsFormSchema } from '../../../../contract/search-synonyms.ts';
import { answer, route } from '../../../http/route.ts';
import type { AdminService } from '../service.ts';

const synonymsSchema = z.object({ groups: z.string() });

/** The operator's search words (issue 25): groups of words a search reads as one another, one group a line. */
export function registerSearchSynonymRoutes(app: FastifyInstance, admin: AdminService) {
  route(app, {
    method: 'GET',
    url: '/admin/search-synonyms',
    tag: 'admin',
    summary:
      "The operator's word groups, one a line with its words between commas (the built-in ones, common words and the catalogue's makes and models, are not listed)",
    access: 'admin',
    data: synonymsSchema,
    handle: async ({ viewer }) => answer({ groups: await admin.synonyms.operatorText(viewer) }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/search-synonyms',
    tag: 'admin',
    summary:
      "Replace the operator's word groups: a search for any word of a group finds every word of it (in the audit log with before and after)",
    access: 'admin',
    body: searchSynonymsFormSchema,
    data: synonymsSchema,
    handle: async ({ body, viewer }) => {
      await admin.synonyms.saveOperatorText(viewer, body.groups);
      return answer({ groups: await admin.synonyms.operatorText(viewer) }, 'console.searchWords.saved');
    },
  });
}
