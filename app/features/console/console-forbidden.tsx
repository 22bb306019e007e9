import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../components/ui/error-page.tsx';
import { Lock } from '../../components/ui/icons.tsx';

/** What a signed-in member who is not an administrator sees at any console page (403). */
export function ConsoleForbidden() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      icon={Lock}
      code={403}
      headingId="forbidden-heading"
      title={t('console.forbiddenTitle')}
      message={t('console.forbiddenMessage')}
      testId="forbidden"
    />
  );
}
