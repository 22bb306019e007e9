import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { NotFound } from '../../components/ui/not-found.tsx';
import { LoadFailure } from '../../features/shell/chunk-load.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/ui-collection';

/** The showcase is for the operators' designers and tests: members who are not admins find nothing here. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context, 404);
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof document !== 'undefined') console.error(error);
  return <LoadFailure reason="generic" />;
}

export const handle = { i18n: ['content'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'uiCollection.title', description: 'uiCollection.description' });

const buttonClass =
  'rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

/** The design showcase (SPEC.md 2): the shared dialogs and colours, for designers and for tests. */
export default function UiCollection() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [lastAnswer, setLastAnswer] = useState<string>('');

  const askConfirm = async () => {
    const confirmed = await dialog.confirm({ message: t('uiCollection.confirmMessage') });
    setLastAnswer(confirmed ? t('dialog.yes') : t('dialog.no'));
  };
  const showLoading = () => {
    dialog.showLoading();
    setTimeout(() => dialog.hideLoading(), 1500);
  };

  return (
    <section className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="ui-heading">
      <h1 id="ui-heading" className="text-2xl font-bold">
        {t('uiCollection.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('uiCollection.description')}</p>

      <h2 className="mt-8 mb-3 text-lg font-bold">{t('uiCollection.dialogs')}</h2>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass} onClick={askConfirm}>
          {t('dialog.confirmTitle')}
        </button>
        <button type="button" className={buttonClass} onClick={() => dialog.error(t('errors.generic'))}>
          {t('dialog.errorTitle')}
        </button>
        <button type="button" className={buttonClass} onClick={() => dialog.success(t('messages.profileUpdated'))}>
          {t('dialog.successTitle')}
        </button>
        <button type="button" className={buttonClass} onClick={() => dialog.warning(t('messages.noResultHint'))}>
          {t('dialog.warningTitle')}
        </button>
        <button type="button" className={buttonClass} onClick={showLoading}>
          {t('dialog.loading')}
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="confirm-answer">
        {lastAnswer && t('uiCollection.answer', { answer: lastAnswer })}
      </p>

      <h2 className="mt-8 mb-3 text-lg font-bold">{t('uiCollection.colors')}</h2>
      <ul className="grid grid-cols-5 gap-2 sm:grid-cols-10">
        {[
          'bg-brand-50',
          'bg-brand-100',
          'bg-brand-200',
          'bg-brand-300',
          'bg-brand-400',
          'bg-brand-500',
          'bg-brand-600',
          'bg-brand-700',
          'bg-brand-800',
          'bg-accent-400',
        ].map((swatch) => (
          <li key={swatch} className={`h-12 rounded-xl ${swatch}`} />
        ))}
      </ul>
    </section>
  );
}
