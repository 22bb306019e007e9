import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { ItemEntryOptions } from '../../../../contract/pages.ts';
import { useDialog } from '../../../components/ui/dialogs.tsx';
import { FormAlert, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form.tsx';
import { CheckCircle2, Loader2, RefreshCw, Trash2 } from '../../../components/ui/icons.tsx';
import type { PickerTiles } from '../../../components/ui/map-pin-picker.tsx';
import { DescriptionSection } from './description-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { EntrySection } from './entry-fields.tsx';
import { LocationFields } from './location-fields.tsx';
import { MediaSection } from './media-section.tsx';
import { PriceSection } from './price-section.tsx';
import { type ItemEntry, useItemEntry } from './use-item-entry.ts';
import { VehicleFields } from './vehicle-fields.tsx';

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
 * everything is kept as a draft on this device until the item is posted (state: use-item-entry.ts).
 */
export function ItemEntryForm({ options, item, userId, tiles }: ItemEntryFormProps) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const submitPage = useSubmit();
  const entry = useItemEntry({
    options,
    item,
    userId,
    // The page action checks the item, hands the notice to the item page and goes there.
    onPosted: (saved) =>
      submitPage({ intent: 'posted', item_id: saved.id, mode: item ? 'update' : 'create' }, { method: 'post' }),
    confirmDiscard: () =>
      dialog.confirm({ message: t('itemEntry.draft.discardQuestion'), confirmLabel: t('itemEntry.draft.discard') }),
  });
  const fields = { values: entry.values, set: entry.set, errors: entry.errors };

  return (
    <form
      ref={entry.form}
      noValidate
      onSubmit={entry.send}
      className="mt-6"
      data-testid="item-entry-form"
      data-draft-loaded={entry.draft.loaded}
    >
      <DraftStatus entry={entry} />
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <MediaSection photos={entry.photos} video={entry.video} errors={entry.errors} />
        <DetailsSection {...fields} options={options} />
        <PriceSection {...fields} options={options} />
        <EntrySection id="entry-location" title={t('itemEntry.sections.location')}>
          <LocationFields {...fields} locations={options.locations} tiles={tiles} />
        </EntrySection>
        <DescriptionSection {...fields} />
        {entry.isVehicle && (
          <EntrySection id="entry-vehicle" title={t('itemEntry.sections.vehicle')} wide>
            <VehicleFields {...fields} options={options} />
          </EntrySection>
        )}
      </div>
      <EntryAlertList entry={entry} />
      <SubmitButton entry={entry} editing={Boolean(item)} />
    </form>
  );
}

/** "Draft saved" with a way to throw the draft away, once the person changed something; and "restored". */
function DraftStatus({ entry }: { entry: ItemEntry }) {
  const { t } = useTranslation();
  const { dirty, loaded, restored } = entry.draft;
  const kept = dirty && loaded && !entry.posted;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {kept && (
            <>
              <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
              {t('itemEntry.draft.saved')}
            </>
          )}
        </p>
        {kept && (
          <button
            type="button"
            onClick={entry.discard}
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
    </>
  );
}

/** Why the item was not sent (focused when it says so), or that it was. */
function EntryAlertList({ entry }: { entry: ItemEntry }) {
  const { t } = useTranslation();
  const { formError, serverText, networkFailed } = entry.alerts;
  return (
    <div ref={entry.alert} tabIndex={-1} className="mt-6 space-y-3 focus:outline-none" data-testid="entry-alerts">
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
          <button type="button" onClick={() => void entry.send()} className={`${secondaryButtonClass} text-sm`}>
            <RefreshCw className="size-4" aria-hidden />
            {t('itemEntry.retrySubmit')}
          </button>
        </div>
      )}
      <FormAlert tone="success" messageKey={entry.posted} />
    </div>
  );
}

function SubmitButton({ entry, editing }: { entry: ItemEntry; editing: boolean }) {
  const { t } = useTranslation();
  const busy = entry.submitting || Boolean(entry.posted);
  const idleLabel = editing ? t('itemEntry.submit.update') : t('itemEntry.submit.create');
  return (
    <div className="mt-4 flex justify-end">
      <button
        type="submit"
        disabled={busy}
        className={`${primaryButtonClass} sm:w-auto sm:min-w-56`}
        data-testid="entry-submit"
      >
        {busy && <Loader2 className="size-5 animate-spin" aria-hidden />}
        {busy ? t('itemEntry.submit.busy') : idleLabel}
      </button>
    </div>
  );
}
