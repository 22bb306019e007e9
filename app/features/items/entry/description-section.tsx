import { useTranslation } from 'react-i18next';
import { ITEM_TEXT_LIMITS } from '../../../../contract/item-entry-basics.ts';
import { type EntryFieldsProps, EntrySection, TextAreaField, TextField, useFieldBinding } from './entry-fields.tsx';

/** The description, its highlights and the search keywords. */
export function DescriptionSection(fields: EntryFieldsProps) {
  const { t } = useTranslation();
  const bind = useFieldBinding(fields);
  return (
    <EntrySection id="entry-description" title={t('itemEntry.sections.description')}>
      <TextAreaField {...bind('description')} rows={6} maxLength={ITEM_TEXT_LIMITS.description} dir="auto" />
      <TextAreaField
        {...bind('highlight_info')}
        optional
        rows={2}
        hint={t('itemEntry.highlightHint')}
        maxLength={ITEM_TEXT_LIMITS.highlight_info}
        dir="auto"
      />
      <TextField
        {...bind('keyword')}
        optional
        hint={t('itemEntry.keywordHint')}
        maxLength={ITEM_TEXT_LIMITS.keyword}
        dir="auto"
      />
    </EntrySection>
  );
}
