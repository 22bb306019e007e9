import { useTranslation } from 'react-i18next';
import type { MessageConcern } from '../../../contract/chat.ts';
import { ShieldAlert } from '../../components/ui/icons.tsx';

/**
 * A warning when a message holds a phone number, an e-mail, a link, or asks to pay outside Souk: the usual
 * openings of a scam. `own` warns the writer of a draft; otherwise the reader of the other side's messages.
 */
export function SafetyBanner({ concerns, own = false }: { concerns: MessageConcern[]; own?: boolean }) {
  const { t } = useTranslation();
  const reasons = concerns.map((concern) =>
    concern === 'payment'
      ? t('chat.safety.payment')
      : concern === 'link'
        ? t('chat.safety.link')
        : t('chat.safety.contact'),
  );
  return (
    <div
      className="mx-auto mb-2 flex max-w-3xl gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      role="note"
      data-testid="safety-banner"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <strong>{own ? t('chat.safety.ownTitle') : t('chat.safety.title')}</strong> {reasons.join(' ')}{' '}
        {t('chat.safety.advice')}
      </p>
    </div>
  );
}
