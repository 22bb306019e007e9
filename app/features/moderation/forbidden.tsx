import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Home, Lock } from '../../components/ui/icons.tsx';

/** What a signed-in member who is not an admin sees at the moderation queue (403). */
export function ModerationForbidden() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="forbidden-heading"
      data-testid="forbidden"
    >
      <Lock className="size-16 text-brand-500" aria-hidden />
      <p className="mt-4 text-6xl font-extrabold text-brand-700 dark:text-brand-300">403</p>
      <h1 id="forbidden-heading" className="mt-2 text-2xl font-bold">
        {t('moderation.forbiddenTitle')}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t('moderation.forbiddenMessage')}</p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        <Home className="size-5" aria-hidden />
        {t('notFound.backToDashboard')}
      </Link>
    </section>
  );
}
