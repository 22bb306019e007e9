import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
} from '../../../contract/notification-basics.ts';
import { FormAlert, primaryButtonClass, SubmitButton } from '../../components/ui/form.tsx';
import { fieldOf, KIND_NAME_KEYS, offersChannel } from './preference-fields.ts';

/** Per kind of notice, whether it shows in the list, comes by push and by e-mail (issue 22, SPEC.md 2 settings). */
export function PreferencesForm({ preferences, saved }: { preferences: NotificationPreferences; saved: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="mt-4">
      <FormAlert messageKey={saved ? 'notifications.settings.saved' : null} tone="success" />
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('notifications.settings.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="p-3 text-start font-semibold">
                {t('notifications.settings.kind')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="p-3 text-center font-semibold">
                  {t(`notifications.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                <th scope="row" className="p-3 text-start font-normal">
                  {t(KIND_NAME_KEYS[kind])}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="p-3 text-center">
                    {offersChannel(kind, channel) ? (
                      <input
                        type="checkbox"
                        name={fieldOf(kind, channel)}
                        defaultChecked={preferences[kind][channel]}
                        aria-label={`${t(KIND_NAME_KEYS[kind])}: ${t(`notifications.channels.${channel}`)}`}
                        className="size-5 accent-brand-600"
                      />
                    ) : (
                      <span className="text-slate-500 dark:text-slate-400">
                        <span aria-hidden>—</span>
                        <span className="sr-only">{t('notifications.settings.notOffered')}</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('notifications.settings.pushNote')}</p>
      <SubmitButton
        busy={busy}
        label={t('notifications.settings.save')}
        busyLabel={t('notifications.settings.saving')}
        className={`${primaryButtonClass} mt-4`}
      />
    </Form>
  );
}
