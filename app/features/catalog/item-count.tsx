import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';

/** Active items per category or subcategory id, as the page loaders receive them (SearchPages.activeItemCounts). */
export type CountsById = Record<number, number>;

const formats = new Map<LanguageCode, Intl.NumberFormat>();

/** A whole number grouped as the page's language groups it ("1,234", "1.234", "1 234"), in Latin digits like prices. */
export function formatItemCount(value: number, language: LanguageCode): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 0 });
    formats.set(language, format);
  }
  return format.format(value);
}

/**
 * "1,234 ads" in the page's language, with its plural form (i18next plurals: Arabic has six, Japanese one).
 * A category with nothing in it still shows, its count in grey rather than the brand colour.
 */
export function ItemCount({ count, tone = 'plain' }: { count: number; tone?: 'plain' | 'onBrand' }) {
  const { t, i18n } = useTranslation();
  const text = t('categoryList.ads', { count, value: formatItemCount(count, i18n.language as LanguageCode) });
  const colours =
    tone === 'onBrand'
      ? 'bg-white/15 text-white'
      : count === 0
        ? 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400'
        : 'bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200';
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colours}`}
      data-testid="item-count"
      data-count={count}
    >
      {text}
    </span>
  );
}
