import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { blogEditSchema } from '../../../contract/console-content.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { BlogForm } from '../../features/console/blog-form.tsx';
import { editedLanguage } from '../../features/console/language-tabs.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/blog-edit';

/** "new", or the id of an existing post; anything else is not found. */
function blogIdOf(params: Route.LoaderArgs['params']) {
  if (params.blogId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.blogId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const blogId = blogIdOf(params);
  const language = editedLanguage(new URL(request.url), await pageLanguage(request));
  if (blogId === null) return { post: null, language };
  try {
    return { post: await context.get(appContext).services.console.blogPost(viewer, blogId), language };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Saves one language of the post, its photo, or deletes it; each back with a notice, or the refusal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const blogId = blogIdOf(params);
  const { services, uploads } = context.get(appContext);
  const form = await formFields(request);
  const intent = String(form.intent ?? '');
  const back = async (path: string, notice: string) =>
    redirect(path, { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
  if (intent === 'save') {
    const values = {
      title: String(form.title ?? ''),
      body: String(form.body ?? ''),
      is_published: String(form.is_published ?? ''),
    };
    const parsed = blogEditSchema.safeParse(form);
    if (!parsed.success)
      return data(
        { ok: false, errors: fieldErrors(parsed.error), values, intent } satisfies FormResult & { intent: string },
        400,
      );
    const result = await withRefusals(async () => {
      const saved = await services.console.saveBlogPost(viewer, blogId, parsed.data);
      return back(`/admin/content/blog/${saved.id}?language=${parsed.data.language}`, 'console.blog.saved');
    });
    return result instanceof Response ? result : data({ ...result.data, values, intent }, result.init ?? 400);
  }
  if (blogId === null) throw data(null, { status: 404 });
  const result = await withRefusals(async () => {
    if (intent === 'photo') {
      const photo = uploads.find((upload) => upload.field === 'file');
      await services.console.saveBlogPhoto(viewer, blogId, photo);
      return back(`/admin/content/blog/${blogId}`, 'console.blog.photoSaved');
    }
    if (intent === 'delete') {
      await services.console.deleteBlogPost(viewer, blogId);
      return back('/admin/content', 'console.blog.deleted');
    }
    return data({ ok: false, errors: {}, formError: 'errors.invalidRequest' } satisfies FormResult, 400);
  });
  return result instanceof Response ? result : data({ ...result.data, intent }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsoleBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BlogForm
      key={`${loaderData.post?.id ?? 'new'}-${loaderData.language}`}
      post={loaderData.post}
      language={loaderData.language}
      failure={actionData as (FormResult & { intent?: string }) | undefined}
    />
  );
}
