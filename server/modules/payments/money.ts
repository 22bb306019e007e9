import type { MinorAmount } from './provider.ts';

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** How many decimals a currency has (2 for SAR, 3 for KWD, 0 for JPY), as ISO 4217 and Intl know them. */
export function decimalsOf(currency: string): number {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A decimal text ("10", "10.5", "7.125") times a whole number, in the currency's minor units, rounded half up
 * where the text has more decimals than the currency. Exact: bigint arithmetic, no floats.
 */
export function minorAmount(decimal: string, times: number, currency: string): MinorAmount {
  return { minor: scaledDecimal(decimal, decimalsOf(currency), times), currency: currency.toUpperCase() };
}

/** `decimal` times `times`, as a whole number of 10^-decimals ("12.5", 2 -> 1250n), rounded half up. */
export function scaledDecimal(decimal: string, decimals: number, times = 1): bigint {
  const match = DECIMAL.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal amount: "${decimal}"`);
  const fraction = match[2] ?? '';
  const scaled = BigInt(`${match[1]}${fraction}`) * BigInt(times);
  const drop = fraction.length - decimals;
  if (drop <= 0) return scaled * 10n ** BigInt(-drop);
  const divisor = 10n ** BigInt(drop);
  return (scaled + divisor / 2n) / divisor;
}

/** Minor units as the currency's decimal text: 7050n SAR -> "70.50", 7500n KWD -> "7.500". */
export function decimalText({ minor, currency }: MinorAmount): string {
  const decimals = decimalsOf(currency);
  const digits = minor.toString().padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export const sameAmount = (a: MinorAmount, b: MinorAmount) =>
  a.minor === b.minor && a.currency.toUpperCase() === b.currency.toUpperCase();

/** A stored amount ("70.000" in a numeric(14,3) column) in its currency's own decimals ("70.00"). */
export const inCurrencyDecimals = (amount: string, currency: string) => decimalText(minorAmount(amount, 1, currency));
