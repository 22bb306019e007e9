import { useCallback, useMemo, useState } from 'react';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { Currency } from '../../../../contract/lookups.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { draftKey, usableDraftMedia } from './draft-store.ts';
import {
  type EntryValues,
  entryPayload,
  type TextField as FieldName,
  mediaOfItem,
  newEntryValues,
  valuesOfItem,
  withValue,
} from './entry-values.ts';
import { useEntryDraft } from './use-entry-draft.ts';
import { type StartMedia, useEntryMedia } from './use-entry-media.ts';
import { useEntrySubmit } from './use-entry-submit.ts';

export interface ItemEntrySetup {
  options: ItemEntryOptions;
  /** The item being edited, or null for a new post. */
  item: ItemDetail | null;
  userId: string;
  /** The server kept the item: the page takes over (it goes to the item page). */
  onPosted(saved: ItemDetail): void;
  /** Asks the person whether to throw the draft away. */
  confirmDiscard(): Promise<boolean>;
}

/** What the form opens with: the item being edited, or an empty post in the default currency. */
function useEntryStart(item: ItemDetail | null, currencies: Currency[]): StartMedia & { values: EntryValues } {
  return useMemo(() => {
    const defaultCurrency = currencies.find((currency) => currency.is_default) ?? null;
    const start = item
      ? { values: valuesOfItem(item), ...mediaOfItem(item) }
      : { values: newEntryValues(defaultCurrency?.id ?? null), photos: [], video: null, videoIcon: null };
    const ownMedia = [...start.photos, start.video, start.videoIcon];
    return { ...start, keepIds: new Set(ownMedia.flatMap((media) => (media ? [media.img_id] : []))) };
  }, [item, currencies]);
}

/** The text and choice fields with their messages; a changed field loses its message. */
function useEntryFields(startValues: EntryValues, touch: () => void) {
  const [values, setValues] = useState(startValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearError = useCallback((field: string) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  const set = useCallback(
    (field: FieldName, value: string) => {
      touch();
      setValues((current) => withValue(current, field, value));
      clearError(field);
    },
    [touch, clearError],
  );
  return { values, setValues, errors, setErrors, clearError, set };
}

/**
 * The state of the item entry form (SPEC.md 2 item entry, 3 entry-form fields, 5 rules): its values and
 * messages, the photos and the video (uploaded as soon as they are chosen), the draft kept on this device
 * until the item is posted, and the sending, checked with the contract's itemEntrySchema first.
 */
export function useItemEntry({ options, item, userId, onPosted, confirmDiscard }: ItemEntrySetup) {
  const start = useEntryStart(item, options.currencies);
  const [dirty, setDirty] = useState(false);
  const touch = useCallback(() => setDirty(true), []);
  const fields = useEntryFields(start.values, touch);
  const media = useEntryMedia(start, touch, fields.clearError);
  const draft = useEntryDraft(draftKey(userId, item?.id ?? null), {
    dirty,
    content: { values: fields.values, ...media.kept },
    restore: (saved) => {
      fields.setValues(saved.values);
      media.restore(usableDraftMedia(saved, start.keepIds));
      setDirty(true);
    },
  });

  const isVehicle = Boolean(
    options.categories.find((entry) => String(entry.cat_id) === fields.values.cat_id)?.is_vehicle,
  );
  const { clearAlerts, ...sending } = useEntrySubmit({
    item,
    uploadState: media.uploadState,
    payload: () => entryPayload(fields.values, media.ids, isVehicle),
    setErrors: fields.setErrors,
    onSaved: (saved) => {
      draft.finish();
      onPosted(saved);
    },
  });

  const discard = async () => {
    if (!(await confirmDiscard())) return;
    draft.discard();
    setDirty(false);
    media.reset();
    fields.setValues(start.values);
    fields.setErrors({});
    clearAlerts();
  };

  return {
    values: fields.values,
    errors: fields.errors,
    set: fields.set,
    isVehicle,
    photos: media.photos,
    video: media.video,
    draft: { loaded: draft.loaded, dirty, restored: draft.restored },
    ...sending,
    discard,
  };
}

export type ItemEntry = ReturnType<typeof useItemEntry>;
