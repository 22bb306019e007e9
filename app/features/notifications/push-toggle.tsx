import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Bell } from '../../components/ui/icons.tsx';
import { usePushToggle } from './use-push-toggle.ts';

/**
 * "Turn on notifications on this device" / "Turn off on this device". The browser's permission prompt opens only
 * after the press; a refusal leaves the line saying that notifications are blocked in the browser.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const { state, busy, failure, turnOn, turnOff } = usePushToggle();
  const canToggle = state === 'on' || state === 'off';
  return (
    <div className="flex flex-col items-start gap-2" data-testid="push-toggle" data-state={state}>
      {canToggle ? (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={state === 'on' ? turnOff : turnOn}
          disabled={busy}
          aria-busy={busy}
        >
          <Bell className="size-4" aria-hidden />
          {state === 'on' ? t('push.turnOff') : t('push.turnOn')}
        </button>
      ) : null}
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {state === 'on' ? t('push.on') : null}
        {state === 'blocked' ? t('push.blocked') : null}
        {state === 'unsupported' ? t('push.unsupported') : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure.text ?? t('push.failed')}
        </p>
      ) : null}
    </div>
  );
}
