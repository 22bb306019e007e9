import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Field, FormAlert, NewPasswordFields, SubmitButton, useFormErrors } from '../../components/ui/form.tsx';
import { Settings } from '../../components/ui/icons.tsx';
import { Modal, ModalTrigger } from '../../components/ui/modal.tsx';
import type { FieldErrors } from '../../lib/form-errors.ts';
import { clearBrowserList } from '../../lib/recently-viewed.ts';

const passwordRules = () => import('../../../contract/auth.ts').then((rules) => rules.passwordUpdateSchema);

type Result = { ok: true; notice: string; intent: string } | { ok: false; errors: FieldErrors; formError?: string };

/** The user settings modal: password update, what others see, and deactivation (SPEC.md 2 Modals). */
export function SettingsDialog({
  settings,
  hasPassword,
  triggerClassName,
}: {
  settings: { show_profile_on_items: boolean; show_notifications: boolean };
  /** Whether the account has a password, which must then be given before a new one. */
  hasPassword: boolean;
  triggerClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('settings.title')}
      description={t('settings.title')}
      trigger={
        <ModalTrigger className={triggerClassName}>
          <Settings className="size-4" aria-hidden />
          {t('profile.settings')}
        </ModalTrigger>
      }
    >
      <div className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        <PasswordSection hasPassword={hasPassword} />
        <DisplaySection settings={settings} />
        <RecentlyViewedSection />
        <DeactivateSection />
      </div>
    </Modal>
  );
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>({ key: 'settings-password' });
  const result = fetcher.data;
  const { errors, validateFirst } = useFormErrors(passwordRules, result && !result.ok ? result.errors : undefined);
  return (
    <section className="py-4" aria-labelledby="settings-password-heading">
      <h3 id="settings-password-heading" className="font-semibold">
        {t('settings.passwordSection')}
      </h3>
      <fetcher.Form method="post" action="/profile" noValidate onSubmit={validateFirst} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="password" />
        <FormAlert messageKey={result?.ok ? result.notice : null} tone="success" />
        <FormAlert messageKey={result && !result.ok ? result.formError : null} />
        {hasPassword && (
          <Field
            idPrefix="settings"
            name="current_password"
            type="password"
            autoComplete="current-password"
            label={t('fields.current_password')}
            errors={errors}
          />
        )}
        <NewPasswordFields idPrefix="settings" errors={errors} label={t('settings.newPassword')} />
        <SubmitButton
          busy={fetcher.state !== 'idle'}
          label={t('settings.updatePassword')}
          busyLabel={t('profile.saving')}
        />
      </fetcher.Form>
    </section>
  );
}

function DisplaySection({ settings }: { settings: { show_profile_on_items: boolean; show_notifications: boolean } }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>({ key: 'settings-display' });
  const result = fetcher.data;
  const toggles = [
    { name: 'show_profile_on_items', label: t('settings.showProfileOnItems'), checked: settings.show_profile_on_items },
    { name: 'show_notifications', label: t('settings.showNotifications'), checked: settings.show_notifications },
  ];
  return (
    <section className="py-4" aria-labelledby="settings-display-heading">
      <h3 id="settings-display-heading" className="font-semibold">
        {t('settings.displaySection')}
      </h3>
      <fetcher.Form method="post" action="/profile" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="settings" />
        {toggles.map((toggle) => (
          <label key={toggle.name} className="flex items-center justify-between gap-4">
            <span>{toggle.label}</span>
            <input
              type="checkbox"
              name={toggle.name}
              defaultChecked={toggle.checked}
              className="size-5 accent-brand-600"
            />
          </label>
        ))}
        <FormAlert messageKey={result?.ok ? result.notice : null} tone="success" />
        <SubmitButton busy={fetcher.state !== 'idle'} label={t('profile.save')} busyLabel={t('profile.saving')} />
      </fetcher.Form>
    </section>
  );
}

/** Forgets the listings the person opened: the server's list (the form) and this browser's own. */
function RecentlyViewedSection() {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>({ key: 'settings-recent' });
  const result = fetcher.data;
  return (
    <section className="py-4" aria-labelledby="settings-recent-heading">
      <h3 id="settings-recent-heading" className="font-semibold">
        {t('recent.title')}
      </h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('recent.settingsHint')}</p>
      <fetcher.Form method="post" action="/profile" onSubmit={() => clearBrowserList()} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="clear-recently-viewed" />
        <FormAlert messageKey={result?.ok ? result.notice : null} tone="success" />
        <SubmitButton busy={fetcher.state !== 'idle'} label={t('recent.clear')} busyLabel={t('profile.saving')} />
      </fetcher.Form>
    </section>
  );
}

function DeactivateSection() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const fetcher = useFetcher({ key: 'settings-deactivate' });
  const deactivate = async () => {
    const confirmed = await dialog.confirm({
      title: t('settings.deactivateConfirmTitle'),
      message: t('settings.deactivateConfirmBody'),
      confirmLabel: t('settings.deactivateButton'),
    });
    if (confirmed) fetcher.submit({ intent: 'deactivate' }, { method: 'post', action: '/profile' });
  };
  return (
    <section className="pt-4" aria-labelledby="settings-deactivate-heading">
      <h3 id="settings-deactivate-heading" className="font-semibold text-red-700 dark:text-red-400">
        {t('settings.deactivateSection')}
      </h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('settings.deactivateWarning')}</p>
      <button
        type="button"
        onClick={deactivate}
        disabled={fetcher.state !== 'idle'}
        className="mt-3 inline-flex w-full items-center justify-center rounded-full border border-red-300 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950"
      >
        {t('settings.deactivateButton')}
      </button>
    </section>
  );
}
