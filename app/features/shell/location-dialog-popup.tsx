import { useTranslation } from 'react-i18next';
import type { ChosenLocation } from '../../../contract/location-choice.ts';
import type { DeferredPopupProps } from '../../components/ui/deferred-popup.tsx';
import { Crosshair, Globe } from '../../components/ui/icons.tsx';
import { Modal, ModalTrigger } from '../../components/ui/modal.tsx';
// With this popup, not when its Modal first opens (it opens at once): one download instead of two in a row.
import '../../components/ui/modal-dialog.tsx';
import { ChoiceButton } from './location-choice-button.tsx';
import { CityStep, TownshipStep } from './location-steps.tsx';
import { type LocationChoiceState, useLocationChoice } from './use-location-choice.ts';

/**
 * The location dialog (loaded when the header's location button is first pressed): all locations, near me
 * (the browser's geolocation, asked only on that press), or a city from a searchable list, then optionally one
 * of its townships. The choice is posted to /chosen-location, which remembers it on the device; the page
 * then reloads its data, so the header and the lists follow it.
 */
export default function LocationDialogPopup({
  trigger,
  current,
}: DeferredPopupProps & { current: ChosenLocation | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const dialog = useLocationChoice(language);
  const { step } = dialog;
  const currentCityId = current?.kind === 'city' ? current.city.id : null;

  return (
    <Modal
      trigger={<ModalTrigger asChild>{trigger}</ModalTrigger>}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('location.title')}
      description={t('location.description')}
      showDescription
    >
      <AllOrNearMe dialog={dialog} current={current} />
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        {step.kind === 'cities' ? (
          <CityStep
            language={language}
            currentCityId={currentCityId}
            returnTo={dialog.returnTo}
            disabled={dialog.saving}
            onCity={dialog.openCity}
          />
        ) : (
          <TownshipStep
            key={step.city.id}
            city={step.city}
            language={language}
            current={current?.kind === 'city' && current.city.id === step.city.id ? current : null}
            disabled={dialog.saving}
            pending={dialog.pending}
            onBack={() => dialog.backToCities(step.city)}
            onChoose={(township) => dialog.chooseTownship(step.city, township)}
          />
        )}
      </div>
    </Modal>
  );
}

/** The choices above the cities: all locations and near me, with why the last choice could not be made. */
function AllOrNearMe({ dialog, current }: { dialog: LocationChoiceState; current: ChosenLocation | null }) {
  const { t } = useTranslation();
  const { saving, pending, geolocating, problem } = dialog;
  return (
    <div className="mt-4 space-y-2" aria-busy={saving}>
      <ChoiceButton
        icon={<Globe className="size-5 shrink-0" aria-hidden />}
        label={t('location.all')}
        selected={!current}
        busy={pending === 'all'}
        disabled={saving}
        onClick={dialog.chooseAll}
        testId="location-all"
      />
      <ChoiceButton
        icon={<Crosshair className="size-5 shrink-0" aria-hidden />}
        label={t('location.nearMe')}
        hint={geolocating === 'locating' ? t('location.locating') : t('location.nearMeHint')}
        selected={current?.kind === 'near'}
        busy={geolocating === 'locating' || pending === 'near'}
        disabled={saving || geolocating === 'locating'}
        onClick={dialog.chooseNearMe}
        testId="location-near-me"
      />
      <div aria-live="polite">
        {problem && (
          <p
            className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid="location-problem"
          >
            {t(problem)}
          </p>
        )}
      </div>
    </div>
  );
}
