import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PromotionPackage } from '../../../contract/promotions.ts';
import { FieldError } from '../../components/ui/form.tsx';
import { formatAmount } from '../../lib/money.ts';
import { ChoiceCard } from './choice-card.tsx';

/** The promotion packages (SPEC.md 9: 1, 7, 14, 30 and 60 days) as cards with their price; the shortest first. */
export function PackageChoice({
  packages,
  chosen,
  onChoose,
  error,
}: {
  packages: PromotionPackage[];
  chosen: number;
  onChoose: (days: number) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const sorted = [...packages].sort((first, second) => first.days - second.days);
  return (
    <fieldset aria-describedby={error ? 'promote-days-error' : undefined}>
      <legend className="text-base font-semibold">{t('payments.promote.package')}</legend>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {sorted.map((offer) => (
          <li key={offer.days}>
            <ChoiceCard
              name="days"
              value={String(offer.days)}
              checked={chosen === offer.days}
              onChoose={(value) => onChoose(Number(value))}
              testId={`package-${offer.days}`}
            >
              <span className="font-bold">{t('payments.days', { count: offer.days })}</span>
              <bdi
                dir="ltr"
                className="self-start text-sm font-semibold whitespace-nowrap text-brand-700 dark:text-brand-300"
              >
                {formatAmount(offer.amount, offer.currency, language)}
              </bdi>
            </ChoiceCard>
          </li>
        ))}
      </ul>
      <FieldError id="promote-days-error" messageKey={error} field={t('payments.promote.package')} />
    </fieldset>
  );
}
