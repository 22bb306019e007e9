import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleBlog } from '../../../contract/console-content.ts';
import { LANGUAGES, type LanguageCode } from '../../../contract/language.ts';
import { CheckboxField, Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { DeleteForm } from './delete-form.tsx';
import { LanguageTabs } from './language-tabs.tsx';
import { RichTextField } from './rich-text-field.tsx';

interface BlogFormProps {
  /** null for a new post. */
  post: ConsoleBlog | null;
  language: LanguageCode;
  failure: (FormResult & { intent?: string }) | undefined;
}

/** A blog post: its title and text in one language at a time, published or a draft, its photo, its deletion. */
export function BlogForm({ post, language, failure }: BlogFormProps) {
  const { t } = useTranslation();
  const title = post ? (post.titles[language] ?? Object.values(post.titles)[0] ?? '') : t('console.blog.newTitle');
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="blog-form-title">
      <p className="text-sm">
        <Link to="/admin/content" className="text-brand-700 underline dark:text-brand-300">
          {t('console.blog.back')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading id="blog-form-title" title={title} />
        {post?.is_published && (
          <Link to={`/blog/${post.id}`} className={secondaryButtonClass}>
            {t('console.blog.view')}
          </Link>
        )}
      </div>
      <LanguageTabs current={language} written={post ? Object.keys(post.titles) : []} />
      <TextForm post={post} language={language} failure={failure?.intent === 'photo' ? undefined : failure} />
      {post ? (
        <>
          <PhotoForm post={post} failure={failure?.intent === 'photo' ? failure : undefined} />
          <DeleteForm
            label={t('console.blog.delete')}
            title={t('console.blog.deleteTitle')}
            message={t('console.blog.deleteConfirm')}
          />
        </>
      ) : (
        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">{t('console.blog.photoAfterSave')}</p>
      )}
    </section>
  );
}

function TextForm({ post, language, failure }: BlogFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors = failure?.errors ?? {};
  const dir = LANGUAGES.find((each) => each.code === language)?.dir ?? 'ltr';
  const saved = (field: 'titles' | 'bodies') => post?.[field][language] ?? '';
  return (
    <Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="language" value={language} />
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      <Field
        key={`title-${language}`}
        name="title"
        idPrefix="blog"
        label={t('console.blog.titleLabel')}
        errors={errors}
        maxLength={160}
        required
        lang={language}
        dir={dir}
        defaultValue={failure?.values?.title ?? saved('titles')}
      />
      <RichTextField
        key={`body-${language}`}
        id="blog-body"
        name="body"
        label={t('console.blog.bodyLabel')}
        hint={t('console.blog.bodyHint')}
        defaultValue={failure?.values?.body ?? saved('bodies')}
        error={errors.body}
        lang={language}
        dir={dir}
      />
      <CheckboxField
        name="is_published"
        idPrefix="blog"
        label={t('console.blog.published')}
        errors={errors}
        defaultChecked={failure?.values ? failure.values.is_published === 'on' : (post?.is_published ?? true)}
      />
      <div>
        <SubmitButton busy={busy} label={t('console.blog.save')} busyLabel={t('console.settings.saving')} />
      </div>
    </Form>
  );
}

function PhotoForm({ post, failure }: { post: ConsoleBlog; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'photo';
  return (
    <section aria-labelledby="blog-photo-title" className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 id="blog-photo-title" className="text-lg font-bold">
        {t('console.blog.photoTitle')}
      </h2>
      {post.photo ? (
        <img
          src={`/uploads/${post.photo.img_path}`}
          alt={t('console.blog.photoAlt')}
          className="mt-3 aspect-video w-full max-w-md rounded-2xl object-cover"
        />
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('console.blog.noPhoto')}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="photo" />
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <div>
          <label htmlFor="blog-photo" className="text-sm font-semibold">
            {t('console.blog.photoLabel')}
          </label>
          <input
            id="blog-photo"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
            aria-describedby="blog-photo-hint"
            className={`${inputClass} file:me-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-800 dark:file:text-slate-100`}
          />
          <p id="blog-photo-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('console.blog.photoHint')}
          </p>
        </div>
        <div>
          <SubmitButton
            busy={busy}
            label={t('console.blog.photoSave')}
            busyLabel={t('console.settings.saving')}
            className={secondaryButtonClass}
          />
        </div>
      </Form>
    </section>
  );
}
