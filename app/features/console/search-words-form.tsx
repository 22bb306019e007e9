import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FieldError, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { inputClass } from '../../components/ui/form-classes.ts';
import { Info } from '../../components/ui/icons.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';

/**
 * The operator's groups of words a search reads as one another, one group a line. The built-in groups (common
 * words, the catalogue's makes and models) are not shown: the page says they exist.
 */
export function SearchWordsForm({
  groups,
  limits,
  failure,
}: {
  groups: string;
  limits: { lines: number; words: number };
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const error = failure?.errors.groups;
  const label = t('console.searchWords.label');
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="search-words-title">
      <ConsoleHeading
        id="search-words-title"
        title={t('console.searchWords.title')}
        intro={t('console.searchWords.intro')}
      />
      <div className="mt-5 flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
        <Info className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        <div className="flex flex-col gap-2">
          <p>{t('console.searchWords.builtIn')}</p>
          <p>{t('console.searchWords.howTo')}</p>
          <p>
            {t('console.searchWords.exampleLabel')}{' '}
            <code dir="auto" className="rounded-md bg-slate-100 px-2 py-0.5 font-sans dark:bg-slate-800">
              {t('console.searchWords.example')}
            </code>
          </p>
        </div>
      </div>
      <Form method="post" className="mt-5 flex flex-col gap-5" noValidate>
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <div>
          <label htmlFor="search-words-groups" className="text-sm font-semibold">
            {label}
          </label>
          <textarea
            id="search-words-groups"
            name="groups"
            rows={16}
            dir="auto"
            spellCheck={false}
            defaultValue={failure?.values?.groups ?? groups}
            aria-invalid={Boolean(error)}
            aria-describedby={['search-words-groups-hint', error ? 'search-words-groups-error' : ''].join(' ').trim()}
            className={inputClass}
          />
          <p id="search-words-groups-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('console.searchWords.hint', limits)}
          </p>
          <FieldError id="search-words-groups-error" messageKey={error} field={label} />
        </div>
        <div>
          <SubmitButton busy={busy} label={t('console.searchWords.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}
