import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { dangerButtonClass } from '../../components/ui/form-classes.ts';
import { Trash2 } from '../../components/ui/icons.tsx';

/** A delete button that asks first (when scripts run), then posts `intent=delete` to the page. */
export function DeleteForm({ label, title, message }: { label: string; title: string; message: string }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const submit = useSubmit();
  return (
    <Form
      method="post"
      className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const confirmed = await dialog.confirm({
          title,
          message,
          confirmLabel: label,
          cancelLabel: t('dialog.cancel'),
        });
        if (confirmed) await submit(form);
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className={dangerButtonClass}>
        <Trash2 className="size-4" aria-hidden />
        {label}
      </button>
    </Form>
  );
}
