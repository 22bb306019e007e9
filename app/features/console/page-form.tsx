import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsolePage } from '../../../contract/console-content.ts';
import { PAGE_BODY_MAX_CHARACTERS } from '../../../contract/console-content-basics.ts';
import { LANGUAGES, type LanguageCode } from '../../../contract/language.ts';
import { Field, FieldError, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { LanguageTabs } from './language-tabs.tsx';

/** The about, privacy or safety page in one language: its title and its text, paragraphs by blank lines. */
export function PageForm({
  page,
  language,
  failure,
}: {
  page: ConsolePage;
  language: LanguageCode;
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.errors ?? {};
  const dir = LANGUAGES.find((each) => each.code === language)?.dir ?? 'ltr';
  const saved = page.texts[language];
  const publicPath = `/${page.kind}`;
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="page-form-title">
      <p className="text-sm">
        <Link to="/admin/content" className="text-brand-700 underline dark:text-brand-300">
          {t('console.blog.back')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading
          id="page-form-title"
          title={t(`console.content.pages.${page.kind as 'about'}`)}
          intro={t('console.page.intro')}
        />
        <Link to={publicPath} className={secondaryButtonClass}>
          {t('console.page.view')}
        </Link>
      </div>
      <LanguageTabs current={language} written={Object.keys(page.texts)} />
      <Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
        <input type="hidden" name="language" value={language} />
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <Field
          key={`title-${language}`}
          name="title"
          idPrefix="page"
          label={t('console.blog.titleLabel')}
          errors={errors}
          maxLength={160}
          required
          lang={language}
          dir={dir}
          defaultValue={failure?.values?.title ?? saved?.title ?? ''}
        />
        <div>
          <label htmlFor="page-body" className="text-sm font-semibold">
            {t('console.blog.bodyLabel')}
          </label>
          <textarea
            key={`body-${language}`}
            id="page-body"
            name="body"
            rows={16}
            lang={language}
            dir={dir}
            maxLength={PAGE_BODY_MAX_CHARACTERS}
            defaultValue={failure?.values?.body ?? saved?.body ?? ''}
            aria-invalid={Boolean(errors.body)}
            aria-describedby={['page-body-hint', errors.body ? 'page-body-error' : ''].filter(Boolean).join(' ')}
            className={inputClass}
          />
          <p id="page-body-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('console.page.bodyHint')}
          </p>
          <FieldError id="page-body-error" messageKey={errors.body} field={t('console.blog.bodyLabel')} />
        </div>
        <div>
          <SubmitButton busy={busy} label={t('console.page.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}
