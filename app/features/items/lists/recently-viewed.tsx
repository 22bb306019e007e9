import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { ItemCardView } from '../../../../contract/items.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import { Eye, Loader2, Trash2 } from '../../../components/ui/icons.tsx';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { clearBrowserList, readRecentlyViewed } from '../../../lib/recently-viewed.ts';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass } from './item-grid.tsx';

/** Cards in the first screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

type VisitorList = { state: 'loading' } | { state: 'ready'; items: ItemCardView[] } | { state: 'failed'; text: string };

/**
 * A visitor's list: the ids their browser kept, shown as the cards the API still lists (deleted or hidden
 * listings drop out). Read only once the page runs in the browser.
 */
function useVisitorList(language: LanguageCode, enabled: boolean) {
  const [list, setList] = useState<VisitorList>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const ids = readRecentlyViewed();
    if (ids.length === 0) {
      setList({ state: 'ready', items: [] });
      return;
    }
    const controller = new AbortController();
    apiGet<ItemCardView[]>(
      '/api/v1/items/listed',
      { ids: ids.join(','), view: 'card', lang: language },
      { signal: controller.signal },
    )
      .then((items) => setList({ state: 'ready', items }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setList({ state: 'failed', text: error instanceof ApiError ? error.text : '' });
      });
    return () => controller.abort();
  }, [language, enabled]);
  return { list, cleared: () => setList({ state: 'ready', items: [] }) };
}

function Cards({ items }: { items: ItemCardView[] }) {
  return (
    <ul className={`mt-6 ${itemGridClass}`} data-testid="recently-viewed-items">
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} headingLevel={2} lazy={index >= EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}

function NothingViewed() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={Eye} text={t('recent.empty')}>
      <Link
        to="/item-list"
        className="mt-4 inline-flex items-center rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {t('recent.browse')}
      </Link>
    </EmptyState>
  );
}

/**
 * The clear button: a signed-in person's form posts to the page (the server list; works without JavaScript),
 * and the browser's own list goes too; a visitor's only clears the browser's.
 */
function ClearButton({ signedIn, onCleared }: { signedIn: boolean; onCleared: () => void }) {
  const { t } = useTranslation();
  const clear = () => {
    clearBrowserList();
    onCleared();
  };
  const label = (
    <>
      <Trash2 className="size-4" aria-hidden />
      {t('recent.clear')}
    </>
  );
  if (!signedIn) {
    return (
      <button type="button" onClick={clear} className={secondaryButtonClass}>
        {label}
      </button>
    );
  }
  return (
    <Form method="post" onSubmit={clear}>
      <input type="hidden" name="intent" value="clear" />
      <button type="submit" className={secondaryButtonClass}>
        {label}
      </button>
    </Form>
  );
}

function VisitorBody({ list }: { list: VisitorList }) {
  const { t } = useTranslation();
  if (list.state === 'loading') {
    return (
      <p className="mt-8 flex items-center justify-center gap-2 text-slate-600 dark:text-slate-400" role="status">
        <Loader2 className="size-5 animate-spin" aria-hidden />
        {t('recent.loading')}
      </p>
    );
  }
  if (list.state === 'failed') {
    return (
      <p className="mt-8 rounded-2xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200" role="alert">
        {list.text || t('recent.loadFailed')}
      </p>
    );
  }
  return list.items.length > 0 ? <Cards items={list.items} /> : <NothingViewed />;
}

/** The /recently-viewed page: the signed-in person's list from the server, a visitor's from their browser. */
export function RecentlyViewedPage({
  signedIn,
  items,
  language,
  cleared = false,
}: {
  signedIn: boolean;
  items: ItemCardView[];
  language: LanguageCode;
  /** The list was just cleared (the form's answer). */
  cleared?: boolean;
}) {
  const { t } = useTranslation();
  const visitor = useVisitorList(language, !signedIn);
  const shown = signedIn ? items : visitor.list.state === 'ready' ? visitor.list.items : [];
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="list-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="list-title" className="text-2xl font-bold sm:text-3xl">
            {t('recent.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('recent.intro')}</p>
        </div>
        {shown.length > 0 && <ClearButton signedIn={signedIn} onCleared={visitor.cleared} />}
      </div>
      {cleared && (
        <p
          className="mt-4 rounded-2xl bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          role="status"
        >
          {t('recent.cleared')}
        </p>
      )}
      {signedIn ? items.length > 0 ? <Cards items={items} /> : <NothingViewed /> : <VisitorBody list={visitor.list} />}
    </section>
  );
}
