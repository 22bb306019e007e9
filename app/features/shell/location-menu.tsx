import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenLocation } from '../../../contract/location-choice.ts';
import { DeferredPopup, orTrigger } from '../../components/ui/deferred-popup.tsx';
import { ChevronDown, MapPin } from '../../components/ui/icons.tsx';

const loadPopup = () => import('./location-dialog-popup.tsx');
const LocationDialogPopup = lazy(orTrigger(loadPopup));

/**
 * The chosen location in the header (a city, a township of it, near me, or all locations), from the root
 * loader, so the server-rendered page already shows it. Pressing it opens the location dialog.
 */
export function LocationMenu({ location }: { location: ChosenLocation | null }) {
  const { t } = useTranslation();
  const short = location?.kind === 'city' ? location.city.name : t(location ? 'location.nearMe' : 'location.all');
  const full =
    location?.kind === 'city' && location.township
      ? t('location.cityTownship', { city: location.city.name, township: location.township.name })
      : short;
  return (
    <DeferredPopup
      popup={LocationDialogPopup}
      load={loadPopup}
      haspopup="dialog"
      current={location}
      trigger={
        <button
          type="button"
          className="inline-flex min-w-0 max-w-44 items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium text-white/90 hover:bg-white/10 sm:max-w-64"
          aria-label={`${t('location.choose')}: ${full}`}
          data-testid="location-menu"
        >
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate sm:hidden">{short}</span>
          <span className="hidden truncate sm:inline">{full}</span>
          <ChevronDown className="size-3 shrink-0" aria-hidden />
        </button>
      }
    />
  );
}
