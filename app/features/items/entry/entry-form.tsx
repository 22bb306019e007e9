import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import { networkErrorText } from '../../../../contract/errors.ts';
import { ITEM_TEXT_LIMITS, itemEntrySchema } from '../../../../contract/item-entry.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { Lookup } from '../../../../contract/lookups.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import { useDialog } from '../../../components/ui/dialogs.tsx';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form.tsx';
import { CheckCircle2, Loader2, RefreshCw, Trash2 } from '../../../components/ui/icons.tsx';
import type { PickerTiles } from '../../../components/ui/map-pin-picker.tsx';
import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/form-errors.ts';
import { CategoryFields } from './category-fields.tsx';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft-store.ts';
import {
  EntrySection,
  ErrorOf,
  fieldId,
  SelectField,
  TextAreaField,
  TextField,
  useFieldLabel,
} from './entry-fields.tsx';
import {
  type EntryValues,
  entryPayload,
  type TextField as FieldName,
  mediaOfItem,
  newEntryValues,
  type StoredMedia,
  valuesOfItem,
} from './entry-values.ts';
import { LocationFields } from './location-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { usePhotoQueue } from './use-photo-queue.ts';
import { useVideo } from './use-video.ts';
import { VehicleFields } from './vehicle-fields.tsx';
import { VideoPicker } from './video-picker.tsx';

/** Drafts older than this hold uploads the server has swept away (it keeps unused ones for a day). */
const DRAFT_MEDIA_LIFETIME_MS = 20 * 60 * 60 * 1000;

const lookupOptions = (rows: Lookup[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));

export interface ItemEntryFormProps {
  options: ItemEntryOptions;
  /** The item being edited, or null for a new post. */
  item: ItemDetail | null;
  userId: string;
  tiles: PickerTiles;
}

/**
 * The item entry form (SPEC.md 2 item entry, 3 entry-form fields, 5 rules): photos and the video upload as
 * soon as they are chosen, the fields are checked with the contract's itemEntrySchema before sending, and
 * everything is kept as a draft on this device until the item is posted.
 */
export function ItemEntryForm({ options, item, userId, tiles }: ItemEntryFormProps) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const dialog = useDialog();
  const submitPage = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const key = draftKey(userId, item?.id ?? null);
  const initial = useMemo(() => {
    const defaultCurrency = options.currencies.find((currency) => currency.is_default) ?? null;
    return item
      ? { values: valuesOfItem(item), ...mediaOfItem(item) }
      : { values: newEntryValues(defaultCurrency?.id ?? null), photos: [], video: null, videoIcon: null };
  }, [item, options.currencies]);
  /** The item's own pictures: only saving the item lets go of them, never a removal in the form. */
  const keepIds = useMemo(
    () =>
      new Set([...initial.photos, initial.video, initial.videoIcon].flatMap((media) => (media ? [media.img_id] : []))),
    [initial],
  );

  const [values, setValues] = useState<EntryValues>(initial.values);
  const photos = usePhotoQueue(initial.photos, keepIds);
  const video = useVideo(initial, keepIds);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [serverText, setServerText] = useState<string | null>(null);
  const [networkFailed, setNetworkFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [posted, setPosted] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const [photoNotice, setPhotoNotice] = useState<string | null>(null);
  /** Whether the draft was read (saving starts only then), and whether the person changed anything. */
  const [loaded, setLoaded] = useState(false);
  const [dirty, setDirty] = useState(false);
  const done = useRef(false);

  // The draft left on this device, read once in the browser (there is no storage during server rendering).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per form (key), with the form's first values.
  useEffect(() => {
    const draft = readDraft(key);
    if (draft) {
      const fresh = Date.now() - draft.savedAt < DRAFT_MEDIA_LIFETIME_MS;
      const usable = (media: StoredMedia | null) => (media && (fresh || keepIds.has(media.img_id)) ? media : null);
      setValues(draft.values);
      photos.reset(draft.photos.filter((media) => usable(media)));
      video.reset({ video: usable(draft.video), videoIcon: usable(draft.videoIcon) });
      setRestored(true);
      setDirty(true);
    }
    setLoaded(true);
  }, [key]);

  const keptPhotos = useMemo(() => photos.slots.flatMap((slot) => (slot.media ? [slot.media] : [])), [photos.slots]);
  const keptVideo = video.video.media;
  const keptIcon = video.icon.media;
  useEffect(() => {
    if (!loaded || done.current || !dirty) return;
    writeDraft(key, { values, photos: keptPhotos, video: keptVideo, videoIcon: keptIcon });
  }, [loaded, dirty, key, values, keptPhotos, keptVideo, keptIcon]);

  const touch = () => setDirty(true);

  const category = options.categories.find((entry) => String(entry.cat_id) === values.cat_id);
  const isVehicle = Boolean(category?.is_vehicle);

  const set = useCallback((field: FieldName, value: string) => {
    setDirty(true);
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'cat_id' && value !== current.cat_id) next.sub_cat_id = '';
      if (field === 'item_location_id' && value !== current.item_location_id) next.item_location_township_id = '';
      if (field === 'manufacturer_id' && value !== current.manufacturer_id) next.model_id = '';
      return next;
    });
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const focusAlert = () => requestAnimationFrame(() => alert.current?.focus());

  const uploading =
    photos.slots.some((slot) => slot.status === 'preparing' || slot.status === 'uploading') ||
    ['checking', 'uploading'].includes(video.video.status) ||
    ['preparing', 'uploading'].includes(video.icon.status);
  const failed =
    photos.slots.some((slot) => slot.status === 'failed') ||
    video.video.status === 'failed' ||
    video.icon.status === 'failed';

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting || posted) return;
    setFormError(null);
    setServerText(null);
    setNetworkFailed(false);
    if (uploading || failed) {
      setFormError(uploading ? 'itemEntry.waitForUploads' : 'itemEntry.failedUploads');
      focusAlert();
      return;
    }
    const payload = entryPayload(
      values,
      {
        imageIds: keptPhotos.map((media) => media.img_id),
        videoId: keptVideo?.img_id ?? null,
        videoIconId: keptIcon?.img_id ?? null,
      },
      isVehicle,
    );
    const parsed = itemEntrySchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFormError('itemEntry.fixErrors');
      // Keyboard and screen-reader users land on the first problem, which reads out its message.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const saved = await apiPost<ItemDetail>(
        item ? `/api/v1/items/${encodeURIComponent(item.id)}` : '/api/v1/items',
        parsed.data,
      );
      done.current = true;
      clearDraft(key);
      const pending = saved.status === 0;
      setPosted(
        item
          ? pending
            ? 'itemEntry.savedPending'
            : 'itemEntry.saved'
          : pending
            ? 'itemEntry.postedPending'
            : 'itemEntry.posted',
      );
      // The page action checks the item, hands the notice to the item page and goes there.
      submitPage({ intent: 'posted', item_id: saved.id, mode: item ? 'update' : 'create' }, { method: 'post' });
    } catch (error) {
      const text = error instanceof ApiError ? error.text : null;
      if (!text || text === networkErrorText('POST', 1) || text === networkErrorText('POST', 2)) setNetworkFailed(true);
      else setServerText(text);
      focusAlert();
    } finally {
      setSubmitting(false);
    }
  };

  const discard = async () => {
    const confirmed = await dialog.confirm({
      message: t('itemEntry.draft.discardQuestion'),
      confirmLabel: t('itemEntry.draft.discard'),
    });
    if (!confirmed) return;
    clearDraft(key);
    setDirty(false);
    for (const slot of photos.slots)
      if (slot.status === 'done' && slot.media && !keepIds.has(slot.media.img_id)) photos.remove(slot.key);
    photos.reset(initial.photos);
    video.removeVideo();
    video.reset(initial);
    setValues(initial.values);
    setErrors({});
    setFormError(null);
    setServerText(null);
    setNetworkFailed(false);
    setRestored(false);
  };

  const selectOf = (name: FieldName, rows: Lookup[]) => (
    <SelectField
      name={name}
      label={label(name)}
      value={values[name]}
      onValue={(value) => set(name, value)}
      options={lookupOptions(rows)}
      errors={errors}
    />
  );

  return (
    <form
      ref={form}
      noValidate
      onSubmit={send}
      className="mt-6"
      data-testid="item-entry-form"
      data-draft-loaded={loaded}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {dirty && loaded && !posted && (
            <>
              <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
              {t('itemEntry.draft.saved')}
            </>
          )}
        </p>
        {dirty && loaded && !posted && (
          <button
            type="button"
            onClick={discard}
            className={`${secondaryButtonClass} text-sm`}
            data-testid="discard-draft"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('itemEntry.draft.discard')}
          </button>
        )}
      </div>
      {restored && (
        <div className="mt-3">
          <FormAlert tone="success" messageKey="itemEntry.draft.restored" />
        </div>
      )}

      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <EntrySection id="entry-media" title={t('itemEntry.sections.media')} wide>
          <PhotoPicker
            slots={photos.slots}
            errors={errors}
            notice={photoNotice}
            onAdd={(files) => {
              touch();
              setErrors(({ image_ids: _cleared, ...rest }) => rest);
              const leftOut = photos.add(files);
              setPhotoNotice(leftOut > 0 ? t('itemEntry.photos.tooMany', { max: 5 }) : null);
            }}
            onReplace={(slotKey, file) => {
              touch();
              photos.replace(slotKey, file);
            }}
            onRetry={photos.retry}
            onRemove={(slotKey) => {
              touch();
              setPhotoNotice(null);
              photos.remove(slotKey);
            }}
            onMove={(from, to) => {
              touch();
              photos.move(from, to);
            }}
          />
          <VideoPicker
            state={{
              ...video,
              chooseVideo: async (file) => {
                touch();
                await video.chooseVideo(file);
              },
              chooseIcon: async (file) => {
                touch();
                await video.chooseIcon(file);
              },
              removeVideo: () => {
                touch();
                video.removeVideo();
              },
            }}
            errors={errors}
          />
        </EntrySection>

        <EntrySection id="entry-details" title={t('itemEntry.sections.details')}>
          <TextField
            name="title"
            label={label('title')}
            value={values.title}
            onValue={(value) => set('title', value)}
            errors={errors}
            maxLength={ITEM_TEXT_LIMITS.title}
            dir="auto"
          />
          <CategoryFields values={values} set={set} errors={errors} categories={options.categories} />
          {selectOf('item_type_id', options.item_types)}
          {selectOf('condition_of_item_id', options.conditions)}
          <TextField
            name="brand"
            label={label('brand')}
            value={values.brand}
            onValue={(value) => set('brand', value)}
            errors={errors}
            maxLength={ITEM_TEXT_LIMITS.brand}
            dir="auto"
          />
          <ShopChoice value={values.business_mode} onValue={(value) => set('business_mode', value)} errors={errors} />
        </EntrySection>

        <EntrySection id="entry-price" title={t('itemEntry.sections.price')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="price"
              label={label('price')}
              value={values.price}
              onValue={(value) => set('price', value)}
              errors={errors}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
            />
            <SelectField
              name="item_currency_id"
              label={label('item_currency_id')}
              value={values.item_currency_id}
              onValue={(value) => set('item_currency_id', value)}
              options={options.currencies.map((currency) => ({
                value: String(currency.id),
                label: `${currency.currency_symbol} (${currency.currency_short_form})`,
              }))}
              errors={errors}
            />
          </div>
          {selectOf('item_price_type_id', options.price_types)}
          {selectOf('deal_option_id', options.deal_options)}
          <TextField
            name="deal_option_remark"
            label={label('deal_option_remark')}
            value={values.deal_option_remark}
            onValue={(value) => set('deal_option_remark', value)}
            errors={errors}
            optional
            maxLength={ITEM_TEXT_LIMITS.deal_option_remark}
            dir="auto"
          />
        </EntrySection>

        <EntrySection id="entry-location" title={t('itemEntry.sections.location')}>
          <LocationFields values={values} set={set} errors={errors} locations={options.locations} tiles={tiles} />
        </EntrySection>

        <EntrySection id="entry-description" title={t('itemEntry.sections.description')}>
          <TextAreaField
            name="description"
            label={label('description')}
            value={values.description}
            onValue={(value) => set('description', value)}
            errors={errors}
            rows={6}
            maxLength={ITEM_TEXT_LIMITS.description}
            dir="auto"
          />
          <TextAreaField
            name="highlight_info"
            label={label('highlight_info')}
            value={values.highlight_info}
            onValue={(value) => set('highlight_info', value)}
            errors={errors}
            optional
            rows={2}
            hint={t('itemEntry.highlightHint')}
            maxLength={ITEM_TEXT_LIMITS.highlight_info}
            dir="auto"
          />
          <TextField
            name="keyword"
            label={label('keyword')}
            value={values.keyword}
            onValue={(value) => set('keyword', value)}
            errors={errors}
            optional
            hint={t('itemEntry.keywordHint')}
            maxLength={ITEM_TEXT_LIMITS.keyword}
            dir="auto"
          />
        </EntrySection>

        {isVehicle && (
          <EntrySection id="entry-vehicle" title={t('itemEntry.sections.vehicle')} wide>
            <VehicleFields values={values} set={set} errors={errors} options={options} />
          </EntrySection>
        )}
      </div>

      <div ref={alert} tabIndex={-1} className="mt-6 space-y-3 focus:outline-none" data-testid="entry-alerts">
        <FormAlert messageKey={formError} />
        {serverText && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {serverText}
          </p>
        )}
        {networkFailed && (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <span>{t('itemEntry.networkError')}</span>
            <button type="button" onClick={() => void send()} className={`${secondaryButtonClass} text-sm`}>
              <RefreshCw className="size-4" aria-hidden />
              {t('itemEntry.retrySubmit')}
            </button>
          </div>
        )}
        <FormAlert tone="success" messageKey={posted} />
      </div>

      <div className="mt-4 flex justify-end">
        <button
          type="submit"
          disabled={submitting || Boolean(posted)}
          className={`${primaryButtonClass} sm:w-auto sm:min-w-56`}
          data-testid="entry-submit"
        >
          {(submitting || posted) && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {submitting || posted
            ? t('itemEntry.submit.busy')
            : item
              ? t('itemEntry.submit.update')
              : t('itemEntry.submit.create')}
        </button>
      </div>
    </form>
  );
}

/** Is-shop, yes or no (required): yes, it can be ordered several times; no, one buyer only. */
function ShopChoice({
  value,
  onValue,
  errors,
}: {
  value: string;
  onValue: (value: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const id = fieldId('business_mode');
  const error = errors.business_mode;
  const choices = [
    { value: 'true', label: t('itemEntry.isShop.yes'), hint: t('itemEntry.isShop.yesHint') },
    { value: 'false', label: t('itemEntry.isShop.no'), hint: t('itemEntry.isShop.noHint') },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{label('business_mode')}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-900 ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'}`}
          >
            <input
              type="radio"
              id={`${id}-${choice.value}`}
              name="business_mode"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onValue(choice.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={[`${id}-${choice.value}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block font-semibold">{choice.label}</span>
              <span id={`${id}-${choice.value}-hint`} className="block text-xs text-slate-600 dark:text-slate-400">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <ErrorOf name="business_mode" errors={errors} label={label('business_mode')} />
    </fieldset>
  );
}
