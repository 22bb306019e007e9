import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import type { ChosenLocation, LocationChoiceResult } from '../../../contract/location-basics.ts';
import { locationChoiceInputSchema } from '../../../contract/location-choice.ts';
import { rememberLocation } from '../../lib/chosen-location.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { formFields } from '../../lib/forms.server.ts';
import type { Route } from './+types/chosen-location';

/**
 * Remembers the location chosen in the header on this device (cookie souk_location, a year), or forgets it
 * (all locations). The names of the city and township come from the lookups, in the page's language. Posting
 * here revalidates the page, so the header and the lists follow the new choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = locationChoiceInputSchema.safeParse(await formFields(request));
  if (!parsed.success) return refused('location.saveFailed');
  const input = parsed.data;
  let choice: ChosenLocation | null = null;
  if (input.choice === 'near') {
    choice = { kind: 'near', lat: input.lat, lng: input.lng };
  } else if (input.choice === 'city') {
    const language = await pageLanguage(request);
    const townshipId = input.township_id ?? null;
    const names = await context.get(appContext).services.placeNames(input.city_id, townshipId, language);
    if (!names) return refused('location.cityUnavailable');
    choice = {
      kind: 'city',
      city: { id: input.city_id, name: names.city },
      township: townshipId === null || names.township === null ? null : { id: townshipId, name: names.township },
      language,
    };
  }
  return data<LocationChoiceResult>(
    { ok: true, location: choice },
    { headers: { 'Set-Cookie': rememberLocation(choice) } },
  );
}

function refused(messageKey: Extract<LocationChoiceResult, { ok: false }>['messageKey']) {
  return data<LocationChoiceResult>({ ok: false, messageKey }, { status: 400 });
}

/** Nothing to show here: the choice is made in the header's dialog. */
export function loader() {
  return redirect('/');
}
