import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleCollection } from '../../../contract/collections.ts';
import { ITEM_STATUS } from '../../../contract/item-basics.ts';
import type { ItemCardView } from '../../../contract/items.ts';
import { Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { X } from '../../components/ui/icons.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { DeleteForm } from './delete-form.tsx';
import { LocalizedFields } from './localized-fields.tsx';
import { OrderAndVisibility } from './order-and-visibility.tsx';

export type CollectionFormResult = FormResult & { intent?: string };

interface CollectionFormProps {
  collection: ConsoleCollection | null;
  listings: ItemCardView[];
  failure: CollectionFormResult | undefined;
}

/** A collection: its names, order and visibility; the listings it holds, one added by its address. */
export function CollectionForm({ collection, listings, failure }: CollectionFormProps) {
  const { t, i18n } = useTranslation();
  const title = collection
    ? (collection.names[i18n.language] ?? collection.names.en ?? collection.names.ar ?? '')
    : t('console.collections.newTitle');
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="collection-form-title">
      <p className="text-sm">
        <Link to="/admin/content" className="text-brand-700 underline dark:text-brand-300">
          {t('console.blog.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading id="collection-form-title" title={title} intro={t('console.collections.intro')} />
      </div>
      <CollectionFields collection={collection} failure={failure?.intent === 'save' ? failure : undefined} />
      {collection && (
        <>
          <CollectionListings collection={collection} listings={listings} failure={failure} />
          <DeleteForm
            label={t('console.collections.delete')}
            title={t('console.collections.deleteTitle')}
            message={t('console.collections.deleteConfirm')}
          />
        </>
      )}
    </section>
  );
}

function CollectionFields({
  collection,
  failure,
}: {
  collection: ConsoleCollection | null;
  failure: CollectionFormResult | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const errors = failure?.errors ?? {};
  return (
    <Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
      <LocalizedFields
        prefix="names"
        idPrefix="collection"
        legend={t('console.collections.names')}
        saved={collection?.names ?? {}}
        failedValues={failure?.values}
        errors={errors}
        maxLength={80}
      />
      <OrderAndVisibility
        idPrefix="collection"
        publishedLabel={t('console.collections.published')}
        saved={collection}
        failure={failure}
      />
      <div>
        <SubmitButton busy={busy} label={t('console.collections.save')} busyLabel={t('console.settings.saving')} />
      </div>
    </Form>
  );
}

function CollectionListings({
  collection,
  listings,
  failure,
}: CollectionFormProps & { collection: ConsoleCollection }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  const addFailure = failure?.intent === 'add' || failure?.intent === 'remove' ? failure : undefined;
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  return (
    <section
      aria-labelledby="collection-items-title"
      className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h2 id="collection-items-title" className="text-lg font-bold">
        {t('console.collections.itemsTitle')}
      </h2>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="add" />
        <div className="min-w-64 flex-1">
          <Field
            name="item"
            idPrefix="collection"
            label={t('console.collections.addLabel')}
            hint={t('console.collections.addHint')}
            errors={addFailure?.errors ?? {}}
            maxLength={2000}
            dir="ltr"
            defaultValue={addFailure?.values?.item ?? ''}
          />
        </div>
        <SubmitButton
          busy={adding}
          label={t('console.collections.add')}
          busyLabel={t('console.settings.saving')}
          className={`${secondaryButtonClass} mb-6`}
        />
      </Form>
      {addFailure?.formError && <FormAlert messageKey={addFailure.formError} values={addFailure.formErrorValues} />}
      {collection.item_ids.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('console.collections.noItems')}</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          data-testid="collection-items"
        >
          {collection.item_ids.map((itemId) => (
            <li key={itemId}>
              <ListingRow itemId={itemId} listing={byId.get(itemId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ListingRow({ itemId, listing }: { itemId: string; listing: ItemCardView | undefined }) {
  const { t } = useTranslation();
  const title = listing?.title ?? itemId;
  const shown = listing?.status === ITEM_STATUS.active && !listing.is_sold_out;
  return (
    <div className="flex items-center gap-3 px-4 py-2">
      {listing?.default_photo ? (
        <img
          src={`/uploads/${listing.default_photo.img_path}`}
          alt=""
          className="size-10 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <span className="size-10 shrink-0 rounded-lg bg-slate-100 dark:bg-slate-800" />
      )}
      <span className="min-w-0 flex-1">
        {listing ? (
          <Link to={`/item/${listing.item_name}`} className="block truncate font-semibold hover:underline" dir="auto">
            {title}
          </Link>
        ) : (
          <bdi dir="ltr" className="block truncate text-sm">
            {itemId}
          </bdi>
        )}
        {!shown && (
          <span className="text-xs text-slate-600 dark:text-slate-400">{t('console.collections.notListed')}</span>
        )}
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="item_id" value={itemId} />
        <button
          type="submit"
          aria-label={t('console.collections.removeLabel', { title })}
          className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
        >
          <X className="size-4" aria-hidden />
          {t('console.collections.remove')}
        </button>
      </Form>
    </div>
  );
}
