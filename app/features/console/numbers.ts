import type { LanguageCode } from '../../../contract/language.ts';

/** A count with the app's Latin digits and the language's grouping. */
export function formatNumber(value: number, language: LanguageCode) {
  return new Intl.NumberFormat(`${language}-u-nu-latn`).format(value);
}

/** A day ("2026-11-30", UTC) as a short date: "30 Nov". */
export function formatDay(day: string, language: LanguageCode) {
  return new Intl.DateTimeFormat(`${language}-u-nu-latn`, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * An amount of money exactly as stored (two decimals), with its currency as the language writes it ("US$9.99");
 * a currency code Intl does not know is written after the number.
 */
export function formatAmount(amount: string, currency: string, language: LanguageCode) {
  const value = Number.parseFloat(amount);
  const number = Number.isFinite(value) ? value : 0;
  try {
    return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency }).format(number);
  } catch {
    const plain = new Intl.NumberFormat(`${language}-u-nu-latn`, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return `${plain.format(number)} ${currency}`;
  }
}
