import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/ui/form.tsx';
import { inputClass } from '../../components/ui/form-classes.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import type { RichTextFieldProps } from './rich-text-props.ts';

/** The editor's code loads after the page: when it cannot, the field stays the HTML text area it started as. */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').catch(() => ({ default: HtmlTextArea })));

/**
 * A blog post's text: a rich-text editor (headings, emphasis, lists, quotes, links) once the page is
 * interactive; before that, and without JavaScript, a text area holding the HTML. Either way the form posts
 * `name` as HTML, which the server sanitises.
 */
export function RichTextField(props: RichTextFieldProps) {
  const hydrated = useHydrated();
  return (
    <div>
      <span id={`${props.id}-label`} className="text-sm font-semibold">
        {props.label}
      </span>
      <p id={`${props.id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {props.hint}
      </p>
      {hydrated ? (
        <Suspense fallback={<HtmlTextArea {...props} />}>
          <RichTextEditor {...props} />
        </Suspense>
      ) : (
        <HtmlTextArea {...props} />
      )}
      <FieldError id={`${props.id}-error`} messageKey={props.error} field={props.label} />
    </div>
  );
}

function HtmlTextArea({ id, name, defaultValue, error, lang, dir }: RichTextFieldProps) {
  const { t } = useTranslation();
  const describedBy = [`${id}-hint`, `${id}-html-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <>
      <textarea
        id={id}
        name={name}
        rows={14}
        lang={lang}
        dir={dir}
        defaultValue={defaultValue}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        className={`${inputClass} font-mono text-sm`}
      />
      <p id={`${id}-html-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('console.blog.htmlHint')}
      </p>
    </>
  );
}
