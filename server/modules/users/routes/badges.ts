import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationNoteSchema, BADGE_KINDS, badgeStandingSchema } from '../../../../contract/applications.ts';
import { answer, route } from '../../../http/route.ts';
import { receiveUpload } from '../../../http/uploads.ts';
import { translate } from '../../../i18n.ts';
import { AppError } from '../../../kernel/errors.ts';
import { MAX_PDF_BYTES } from '../../media/index.ts';
import type { UsersService } from '../service.ts';

/** The member's side of the blue-mark and verified-dealer applications (SPEC.md 1, 5, 7). */
export function registerBadgeRoutes(app: FastifyInstance, users: UsersService) {
  route(app, {
    method: 'GET',
    url: '/users/me/badges',
    tag: 'accounts',
    summary: 'Whether the signed-in member holds each badge, and their latest application for it',
    access: 'signed-in',
    data: badgeStandingSchema,
    handle: async ({ viewer }) => answer(await users.applications.standingOf(viewer.userId)),
  });

  route(app, {
    method: 'POST',
    url: '/users/me/badges/blue_mark',
    tag: 'accounts',
    summary: 'Apply for the blue mark with a note',
    access: 'signed-in',
    body: applicationNoteSchema,
    data: badgeStandingSchema,
    status: 201,
    refusals: [409],
    handle: async ({ body, viewer, language }) => {
      await users.applications.applyForBlueMark(viewer.userId, body.note, language);
      return answer(await users.applications.standingOf(viewer.userId), 'applications.sent');
    },
  });

  route(app, {
    method: 'POST',
    url: '/users/me/badges/dealership',
    tag: 'accounts',
    summary: 'Apply for verified dealer (multipart: the field "note", then the certificate PDF as "file")',
    access: 'signed-in',
    consumes: ['multipart/form-data'],
    data: badgeStandingSchema,
    status: 201,
    refusals: [409, 413],
    handle: async ({ request, viewer, language }) => {
      const upload = await receiveUpload(request, {
        maxBytes: MAX_PDF_BYTES,
        notAFileKey: 'applications.certificateRequired',
        tooLargeKey: 'applications.certificateTooLarge',
      });
      const note = applicationNoteSchema.safeParse({ note: upload.formFields.note ?? '' });
      if (!note.success) {
        const field = translate(language, 'fields.note');
        throw new AppError(400, note.error.issues[0]?.message ?? 'validation.required', { values: { field } });
      }
      await users.applications.applyForDealership(viewer.userId, note.data.note, upload, language);
      return answer(await users.applications.standingOf(viewer.userId), 'applications.sent');
    },
  });

  route(app, {
    method: 'POST',
    url: '/users/me/badges/:kind/cancel',
    tag: 'accounts',
    summary: 'Withdraw the pending application for a badge',
    access: 'signed-in',
    params: z.object({ kind: z.enum(BADGE_KINDS) }),
    data: badgeStandingSchema,
    refusals: [409],
    handle: async ({ params, viewer }) => {
      await users.applications.cancel(viewer.userId, params.kind);
      return answer(await users.applications.standingOf(viewer.userId), 'applications.cancelled');
    },
  });
}
