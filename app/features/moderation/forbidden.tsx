import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../components/ui/error-page.tsx';
import { Lock } from '../../components/ui/icons.tsx';

/** What a signed-in member who is not an admin sees at the moderation queue (403). */
export function ModerationForbidden() {
  const { t } = useTranslation();
  return (
    <ErrorPage
      icon={Lock}
      code={403}
      headingId="forbidden-heading"
      title={t('moderation.forbiddenTitle')}
      message={t('moderation.forbiddenMessage')}
      testId="forbidden"
    />
  );
}
