import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page.tsx';
import { SearchX } from './icons.tsx';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      icon={SearchX}
      code={404}
      headingId="not-found-heading"
      title={t('notFound.heading')}
      message={t('notFound.message')}
      messageTestId="not-found-message"
    />
  );
}
