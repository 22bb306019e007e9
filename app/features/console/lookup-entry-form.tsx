import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleListEntry } from '../../../contract/console-lists.ts';
import {
  type ConsoleListKind,
  listHasCurrency,
  listHasPoint,
  listHasShipping,
} from '../../../contract/console-lists-basics.ts';
import { Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { MapPin } from '../../components/ui/icons.tsx';
import { MapPinPicker, type MapPoint, type PickerTiles } from '../../components/ui/map-pin-picker.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { type CategoryFormResult, PictureSlot } from './category-pictures.tsx';
import { ConsoleHeading } from './console-nav.tsx';
import { LocalizedFields } from './localized-fields.tsx';
import { listPath } from './lookup-list.tsx';
import { OrderAndVisibility } from './order-and-visibility.tsx';

/** What the form needs beside the entry: its list, its parent for a new child entry, and the map's defaults. */
export interface EntryFormContext {
  kind: ConsoleListKind;
  parentId: number | null;
  mapCenter: MapPoint;
  tiles: PickerTiles;
}

/** One entry of a lookup list: its name in every language, its map point where it has one, order and state. */
export function LookupEntryForm({
  entry,
  context,
  failure,
}: {
  entry: ConsoleListEntry | null;
  context: EntryFormContext;
  failure: CategoryFormResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && !navigation.formData?.get('intent');
  // A refused photo shows beside the photo, not on the form above it.
  const photoFailure = failure?.slot === 'photo' ? failure : undefined;
  const formFailure = photoFailure ? undefined : failure;
  const errors = formFailure?.errors ?? {};
  const listName = t(`console.lists.kinds.${context.kind}`);
  const name = entry ? (entry.names[i18n.language] ?? entry.names.en ?? '') : '';
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="lookup-entry-title">
      <p className="text-sm">
        <Link
          to={listPath(context.kind, entry?.parent_id ?? context.parentId)}
          className="text-brand-700 underline dark:text-brand-300"
        >
          {t('console.lists.backToParent', { list: listName })}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading
          id="lookup-entry-title"
          title={
            entry
              ? t('console.lists.editTitle', { name, list: listName })
              : t('console.lists.newTitle', { list: listName })
          }
        />
      </div>
      <Form method="post" className="mt-5 flex flex-col gap-5" noValidate>
        {formFailure?.formError && (
          <FormAlert messageKey={formFailure.formError} values={formFailure.formErrorValues} />
        )}
        {!entry && context.parentId !== null && <input type="hidden" name="parent_id" value={context.parentId} />}
        <LocalizedFields
          prefix="names"
          idPrefix="entry"
          legend={t('console.lists.names')}
          saved={entry?.names ?? {}}
          failedValues={formFailure?.values}
          errors={errors}
          maxLength={80}
        />
        <ListOwnFields entry={entry} context={context} failure={formFailure} />
        <OrderAndVisibility
          idPrefix="entry"
          publishedLabel={t('console.lists.published')}
          saved={entry ? { ordering: entry.ordering, is_published: entry.is_published } : null}
          failure={formFailure}
        />
        <div>
          <SubmitButton busy={busy} label={t('console.lists.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
      {context.kind === 'subcategories' && entry && <SubcategoryPictures entry={entry} failure={photoFailure} />}
    </section>
  );
}

/** What only some lists have: a map point, a currency's code and symbol, a shipping method's price and days. */
function ListOwnFields({
  entry,
  context,
  failure,
}: {
  entry: ConsoleListEntry | null;
  context: EntryFormContext;
  failure: FormResult | undefined;
}) {
  if (listHasPoint(context.kind)) return <PointFields entry={entry} context={context} failure={failure} />;
  if (listHasCurrency(context.kind)) return <CurrencyFields entry={entry} failure={failure} />;
  if (listHasShipping(context.kind)) return <ShippingFields entry={entry} failure={failure} />;
  return null;
}

const SUBCATEGORY_PHOTO = {
  label: 'console.lists.photo',
  hint: 'console.lists.photoHint',
  alt: 'console.lists.currentPhotoAlt',
  preview: 'size-24 rounded-2xl object-cover',
} as const;

/** A subcategory's photo, the square on its card on the category's page: uploaded, replaced or removed. */
function SubcategoryPictures({ entry, failure }: { entry: ConsoleListEntry; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      className="mt-10 flex flex-col gap-6 border-t border-slate-200 pt-6 dark:border-slate-800"
      aria-labelledby="entry-pictures-title"
    >
      <h2 id="entry-pictures-title" className="text-xl font-bold">
        {t('console.categories.pictures')}
      </h2>
      <PictureSlot slot="photo" texts={SUBCATEGORY_PHOTO} path={entry.photo} failure={failure} />
    </section>
  );
}

/** A currency's ISO code and the symbol prices are written with. */
function CurrencyFields({ entry, failure }: { entry: ConsoleListEntry | null; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const errors = failure?.errors ?? {};
  const saved = (name: 'code' | 'symbol') => failure?.values?.[name] ?? entry?.[name] ?? '';
  return (
    <FieldPair legend={t('console.lists.currency')}>
      <Field
        name="code"
        idPrefix="entry"
        label={t('console.lists.currencyCode')}
        hint={t('console.lists.currencyCodeHint')}
        errors={errors}
        maxLength={3}
        dir="ltr"
        autoCapitalize="characters"
        required
        defaultValue={saved('code')}
      />
      <Field
        name="symbol"
        idPrefix="entry"
        label={t('console.lists.currencySymbol')}
        hint={t('console.lists.currencySymbolHint')}
        errors={errors}
        maxLength={8}
        dir="auto"
        required
        defaultValue={saved('symbol')}
      />
    </FieldPair>
  );
}

/** Two fields side by side on wide screens, under a legend. */
function FieldPair({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
      <legend className="px-1 font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** What a shipping method costs the buyer, in the site's currency, and how many days a delivery takes. */
function ShippingFields({ entry, failure }: { entry: ConsoleListEntry | null; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const errors = failure?.errors ?? {};
  const saved = (name: 'price' | 'days') => failure?.values?.[name] ?? String(entry?.[name] ?? '');
  return (
    <FieldPair legend={t('console.lists.shipping')}>
      <Field
        name="price"
        idPrefix="entry"
        label={t('console.lists.shippingPrice')}
        hint={t('console.lists.shippingPriceHint')}
        errors={errors}
        inputMode="decimal"
        dir="ltr"
        required
        defaultValue={saved('price') || '0'}
      />
      <Field
        name="days"
        idPrefix="entry"
        label={t('console.lists.shippingDays')}
        hint={t('console.lists.shippingDaysHint')}
        errors={errors}
        inputMode="numeric"
        dir="ltr"
        defaultValue={saved('days')}
      />
    </FieldPair>
  );
}

/** Latitude and longitude typed in, or filled in by pressing a point on the map. */
function PointFields({
  entry,
  context,
  failure,
}: {
  entry: ConsoleListEntry | null;
  context: EntryFormContext;
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const [lat, setLat] = useState(failure?.values?.lat ?? (entry?.lat === null || !entry ? '' : String(entry.lat)));
  const [lng, setLng] = useState(failure?.values?.lng ?? (entry?.lng === null || !entry ? '' : String(entry.lng)));
  const point = toPoint(lat, lng);
  const errors = failure?.errors ?? {};
  return (
    <fieldset
      className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800"
      aria-describedby="entry-point-hint"
    >
      <legend className="px-1 font-semibold">{t('console.lists.mapPoint')}</legend>
      <p id="entry-point-hint" className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
        {t('console.lists.mapPointHint')}
      </p>
      <Field
        name="lat"
        idPrefix="entry"
        label={t('console.lists.lat')}
        errors={errors}
        inputMode="decimal"
        dir="ltr"
        value={lat}
        onChange={(event) => setLat(event.target.value)}
      />
      <Field
        name="lng"
        idPrefix="entry"
        label={t('console.lists.lng')}
        errors={errors}
        inputMode="decimal"
        dir="ltr"
        value={lng}
        onChange={(event) => setLng(event.target.value)}
      />
      <div className="sm:col-span-2">
        <MapPinPicker
          value={point}
          center={point ?? context.mapCenter}
          tiles={context.tiles}
          description={t('console.lists.mapDescription')}
          onPick={(picked) => {
            setLat(String(picked.lat));
            setLng(String(picked.lng));
          }}
          trigger={
            <button type="button" className={`${secondaryButtonClass} text-sm`} data-testid="entry-map-open">
              <MapPin className="size-4" aria-hidden />
              {t('console.lists.pickOnMap')}
            </button>
          }
        />
      </div>
    </fieldset>
  );
}

function toPoint(lat: string, lng: string): MapPoint | null {
  const point = { lat: Number(lat), lng: Number(lng) };
  const valid = lat !== '' && lng !== '' && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  return valid && Number.isFinite(point.lat) && Number.isFinite(point.lng) ? point : null;
}
