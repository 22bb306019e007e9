import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top while a page loads. It fills in 3.5 seconds (SPEC.md 9) and disappears when the
 * page is ready.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('progress.loading')}
      className="fixed inset-x-0 top-0 z-[60] h-1"
      data-testid="progress-bar"
    >
      <div className="h-full animate-progress bg-accent-400 shadow-[0_0_8px] shadow-accent-400" />
    </div>
  );
}
