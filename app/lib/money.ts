import type { LanguageCode } from '../../contract/language.ts';

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(language: LanguageCode, currency: string, decimals: number) {
  const key = `${language} ${currency} ${decimals}`;
  let format = formats.get(key);
  if (!format) {
    const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      format = new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency, ...digits });
    } catch {
      // A code Intl does not know: the plain number, the code written after it by formatAmount.
      format = new Intl.NumberFormat(`${language}-u-nu-latn`, digits);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount of money exactly as stored ("70.00", "7.500": the currency's own decimals), with its currency as
 * the language writes it ("SAR 70.00", "‏70.00 ر.س.‏"), in the app's Latin digits.
 */
export function formatAmount(amount: string, currency: string, language: LanguageCode) {
  const value = Number.parseFloat(amount);
  const decimals = /\.(\d+)$/.exec(amount.trim())?.[1]?.length ?? 2;
  const format = formatOf(language, currency.toUpperCase(), decimals);
  const text = format.format(Number.isFinite(value) ? value : 0);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}
