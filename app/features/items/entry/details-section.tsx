import { useTranslation } from 'react-i18next';
import { ITEM_TEXT_LIMITS } from '../../../../contract/item-entry-basics.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import { CategoryFields } from './category-fields.tsx';
import {
  type EntryFieldsProps,
  EntrySection,
  lookupOptions,
  SelectField,
  TextField,
  useFieldBinding,
} from './entry-fields.tsx';
import { ShopChoice } from './shop-choice.tsx';

/** What is offered: its title, category, kind, condition, brand, and whether it is a shop's. */
export function DetailsSection({ options, ...fields }: EntryFieldsProps & { options: ItemEntryOptions }) {
  const { t } = useTranslation();
  const bind = useFieldBinding(fields);
  const { values, set, errors } = fields;
  return (
    <EntrySection id="entry-details" title={t('itemEntry.sections.details')}>
      <TextField {...bind('title')} maxLength={ITEM_TEXT_LIMITS.title} dir="auto" />
      <CategoryFields values={values} set={set} errors={errors} categories={options.categories} />
      <SelectField {...bind('item_type_id')} options={lookupOptions(options.item_types)} />
      <SelectField {...bind('condition_of_item_id')} options={lookupOptions(options.conditions)} />
      <TextField {...bind('brand')} maxLength={ITEM_TEXT_LIMITS.brand} dir="auto" />
      <ShopChoice value={values.business_mode} onValue={(value) => set('business_mode', value)} errors={errors} />
    </EntrySection>
  );
}
