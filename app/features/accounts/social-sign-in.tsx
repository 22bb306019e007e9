import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { SocialProvider } from '../../../contract/sign-in.ts';
import { Apple } from '../../components/ui/icons.tsx';
import type { MessageKey } from '../../i18n/i18n.ts';

const LABELS: Record<SocialProvider, MessageKey> = {
  google: 'auth.withGoogle',
  facebook: 'auth.withFacebook',
  apple: 'auth.withApple',
};

/** One button per configured provider; none when the site has not set any up. */
export function SocialSignIn({ providers, action }: { providers: SocialProvider[]; action: string }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-slate-500 dark:text-slate-400 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:before:bg-slate-700 dark:after:bg-slate-700">
        {t('auth.orContinueWith')}
      </p>
      <Form method="post" action={action} className="mt-4 grid gap-2">
        {providers.map((provider) => (
          <button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            className="inline-flex items-center justify-center gap-3 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <ProviderMark provider={provider} />
            {t(LABELS[provider])}
          </button>
        ))}
      </Form>
    </div>
  );
}

function ProviderMark({ provider }: { provider: SocialProvider }) {
  const colors: Record<SocialProvider, string> = {
    google: 'bg-white text-[#4285f4] ring-1 ring-slate-300',
    facebook: 'bg-[#1877f2] text-white',
    apple: 'bg-black text-white dark:bg-white dark:text-black',
  };
  return (
    <span
      aria-hidden
      className={`flex size-6 items-center justify-center rounded-full text-sm font-bold ${colors[provider]}`}
    >
      {provider === 'google' ? 'G' : provider === 'facebook' ? 'f' : <Apple className="size-4" />}
    </span>
  );
}
