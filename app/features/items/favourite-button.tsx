import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRevalidator } from 'react-router';
import type { ItemCardView } from '../../../contract/items.ts';
import type { FavouriteState } from '../../../contract/social.ts';
import { useDialog } from '../../components/ui/dialogs.tsx';
import { Heart } from '../../components/ui/icons.tsx';
import { ApiError, apiPost } from '../../lib/api-client.ts';
import { redirectQueryFor } from '../../lib/redirect.ts';
import { useViewer } from '../../lib/viewer.ts';
import { favouritePath, rememberFavourite } from './pending-favourite.tsx';

type FavouriteItem = Pick<ItemCardView, 'id' | 'title' | 'is_favourited' | 'is_owner'>;

const STYLES = {
  card: {
    button: 'favourite-on-card',
    icon: 'size-5',
  },
  page: {
    button:
      'inline-flex w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800',
    icon: 'size-5',
  },
} as const;

/**
 * The heart of an item (SPEC.md 4 toggles): it turns at once and goes back, with the server's message, if
 * the server refuses. A visitor is sent to login and back (SPEC.md 2), and the favourite is then applied.
 * The owner gets no heart.
 */
export function FavouriteButton({ item, variant }: { item: FavouriteItem; variant: 'card' | 'page' }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const [favourited, setFavourited] = useState(item.is_favourited);
  const [busy, setBusy] = useState(false);
  useEffect(() => setFavourited(item.is_favourited), [item.is_favourited]);
  if (item.is_owner) return null;
  const style = STYLES[variant];
  const label = t(favourited ? 'item.favourite.remove' : 'item.favourite.add', { title: item.title });
  const text = variant === 'page' ? t(favourited ? 'item.favourite.saved' : 'item.favourite.save') : null;

  if (!viewer) {
    return (
      <Link
        to={`/login${redirectQueryFor(location.pathname, location.search)}`}
        onClick={() => rememberFavourite(item.id)}
        className={style.button}
        aria-label={variant === 'card' ? label : undefined}
        data-testid="favourite-button"
      >
        <Heart className={style.icon} aria-hidden />
        {text}
      </Link>
    );
  }

  const toggle = async () => {
    const wanted = !favourited;
    setFavourited(wanted);
    setBusy(true);
    try {
      const state = await apiPost<FavouriteState>(favouritePath(item.id), { favourite: wanted });
      setFavourited(state.is_favourited);
      if (variant === 'page') void revalidator.revalidate();
    } catch (error) {
      setFavourited(!wanted);
      await dialog.error(error instanceof ApiError ? error.text : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy && variant === 'page'}
      aria-pressed={favourited}
      aria-label={variant === 'card' ? label : undefined}
      className={style.button}
      data-testid="favourite-button"
    >
      <Heart className={`${style.icon} ${favourited ? 'fill-red-600 text-red-600' : ''}`} aria-hidden />
      {text}
    </button>
  );
}
