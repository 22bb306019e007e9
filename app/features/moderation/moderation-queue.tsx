import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationItem } from '../../../contract/items.ts';
import type { Paged } from '../../../contract/paging.ts';
import { FormAlert } from '../../components/ui/form.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { BulkDecision } from './bulk-decision.tsx';
import type { DecisionFailure, StatusFilter } from './decision.ts';
import { type ItemLook, QueueRow } from './queue-row.tsx';
import { StatusFilters } from './status-filters.tsx';

/**
 * The moderation queue (SPEC.md 6): a status filter, then the items, pending first, each with its decisions.
 * The items look as in the item lists (`itemLook`, `empty`: the route brings them from the items feature).
 */
export function ModerationQueue({
  firstPage,
  filter,
  language,
  failure,
  itemLook,
  empty,
}: {
  firstPage: Paged<ModerationItem>;
  filter: StatusFilter;
  language: string;
  failure: DecisionFailure | undefined;
  itemLook: ItemLook;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="moderation-title">
      <h1 id="moderation-title" className="text-2xl font-bold sm:text-3xl">
        {t('moderation.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('moderation.intro')}</p>
      <StatusFilters current={filter} />
      {firstPage.items.length > 0 && <BulkDecision failure={failure} />}
      {failure?.formError &&
        failure.values?.intent !== 'bulk' &&
        !firstPage.items.some((item) => item.id === failure.values?.item_id) && (
          <div className="mt-4">
            <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />
          </div>
        )}
      <PagedList
        firstPage={firstPage}
        source={{
          path: '/api/v1/admin/items',
          query: { ...(filter === 'all' ? {} : { status: filter }), lang: language },
        }}
        empty={empty}
      >
        {(items) => (
          <ul className="mt-6 flex flex-col gap-4" data-testid="moderation-queue">
            {items.map((item, index) => (
              <li key={item.id}>
                <QueueRow
                  item={item}
                  look={itemLook}
                  lazy={index >= 4}
                  failure={failure?.values?.item_id === item.id ? failure : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
