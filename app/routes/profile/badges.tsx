import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { applicationNoteSchema, BADGE_KINDS, type BadgeKind } from '../../../contract/applications.ts';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { BadgeApplications, type BadgeFormResult } from '../../features/accounts/badge-applications.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/badges';

/** A dealer's certificate, as the API and the media pipeline accept it (server MAX_PDF_BYTES). */
const MAX_CERTIFICATE_MEGABYTES = 10;

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'profile/badges');
  return { standing: await context.get(appContext).services.users.badges(viewer.userId) };
}

/** Applies for a badge (the dealership with its certificate), or withdraws a waiting application. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'profile/badges');
  const { services, uploads } = context.get(appContext);
  const form = await formFields(request);
  const intent = String(form.intent ?? '');
  const kind = BADGE_KINDS.find((each) => each === (intent === 'cancel' ? String(form.kind ?? '') : intent));
  if (!kind) return data<BadgeFormResult>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  const language = await pageLanguage(request);
  if (intent === 'cancel') {
    return done(context, kind, 'badges.cancelled', () => services.users.cancelApplication(viewer.userId, kind));
  }
  const note = applicationNoteSchema.safeParse(form);
  const values = { note: String(form.note ?? '') };
  if (!note.success) return data<BadgeFormResult>({ ok: false, errors: fieldErrors(note.error), values, kind }, 400);
  const certificate = uploads.find((upload) => upload.field === 'file');
  return done(context, kind, 'badges.sent', () =>
    kind === 'blue_mark'
      ? services.users.applyForBlueMark(viewer.userId, note.data.note, language)
      : services.users.applyForDealership(viewer.userId, note.data.note, certificate, language),
  ).then((result) => (result instanceof Response ? result : withValues(result, values)));
}

async function done(context: Route.ActionArgs['context'], kind: BadgeKind, notice: string, work: () => Promise<void>) {
  const result = await withRefusals(async () => {
    await work();
    return redirect('/profile/badges', { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
  });
  if (result instanceof Response) return result;
  return data<BadgeFormResult>({ ...result.data, kind }, result.init ?? 400);
}

function withValues(result: ReturnType<typeof data<BadgeFormResult>>, values: Record<string, string>) {
  return data<BadgeFormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['profile', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.badgesTitle', description: 'meta.badgesDescription' });

export default function Badges({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BadgeApplications
      standing={loaderData.standing}
      result={actionData as BadgeFormResult | undefined}
      maxCertificateMegabytes={MAX_CERTIFICATE_MEGABYTES}
    />
  );
}
