import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Home, type IconComponent } from './icons.tsx';

/** A page that ends a visit with an HTTP status (404, 403): its icon, code, heading, message and a way home. */
export function ErrorPage({
  icon: Icon,
  code,
  headingId,
  title,
  message,
  testId,
  messageTestId,
}: {
  icon: IconComponent;
  code: number;
  headingId: string;
  title: string;
  message: ReactNode;
  testId?: string;
  messageTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Icon className="size-16 text-brand-500" aria-hidden />
      <p className="mt-4 text-6xl font-extrabold text-brand-700 dark:text-brand-300">{code}</p>
      <h1 id={headingId} className="mt-2 text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400" data-testid={messageTestId}>
        {message}
      </p>
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
