import { useTranslation } from 'react-i18next';
import { ITEM_TEXT_LIMITS } from '../../../../contract/item-entry-basics.ts';
import type { Currency } from '../../../../contract/lookups.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import {
  type EntryFieldsProps,
  EntrySection,
  lookupOptions,
  SelectField,
  TextField,
  useFieldBinding,
} from './entry-fields.tsx';

const currencyOptions = (currencies: Currency[]) =>
  currencies.map((currency) => ({
    value: String(currency.id),
    label: `${currency.currency_symbol} (${currency.currency_short_form})`,
  }));

/** The price and its currency, the kind of price, and how the deal is made. */
export function PriceSection({ options, ...fields }: EntryFieldsProps & { options: ItemEntryOptions }) {
  const { t } = useTranslation();
  const bind = useFieldBinding(fields);
  return (
    <EntrySection id="entry-price" title={t('itemEntry.sections.price')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...bind('price')} inputMode="decimal" dir="ltr" autoComplete="off" />
        <SelectField {...bind('item_currency_id')} options={currencyOptions(options.currencies)} />
      </div>
      <SelectField {...bind('item_price_type_id')} options={lookupOptions(options.price_types)} />
      <SelectField {...bind('deal_option_id')} options={lookupOptions(options.deal_options)} />
      <TextField {...bind('deal_option_remark')} optional maxLength={ITEM_TEXT_LIMITS.deal_option_remark} dir="auto" />
    </EntrySection>
  );
}
