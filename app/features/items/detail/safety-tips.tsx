import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from '../../../components/ui/icons.tsx';

const TIPS = ['item.safety.meet', 'item.safety.inspect', 'item.safety.noAdvance', 'item.safety.report'] as const;

/** A few safety tips and the way to the full page (/safety). */
export function SafetyTips() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="safety-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-50"
    >
      <h2 id="safety-heading" className="flex items-center gap-2 font-bold">
        <ShieldCheck className="size-5" aria-hidden />
        {t('item.safety.heading')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
        {TIPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <Link to="/safety" className="mt-3 inline-block text-sm font-semibold underline underline-offset-2">
        {t('item.safety.more')}
      </Link>
    </section>
  );
}
