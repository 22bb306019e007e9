import type { BadgeKind } from '../../../contract/applications.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { ReceivedUpload } from '../../../contract/media.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { UserSettingsInput } from '../../../contract/users.ts';
import type { PhotoKind, UsersService } from './service.ts';

/** Who a page acts for: the service checks what this viewer may see or change. */
interface PageViewer {
  userId: string;
  isAdmin: boolean;
}

/** What pages may ask of the users module: profiles, people search, settings, photos, one's own deactivation. */
export function usersPageOperations(users: UsersService) {
  return {
    profile: (userId: string, viewer: PageViewer | null) => users.profile(userId, viewer),
    searchPeople: (name: string, viewer: PageViewer | null, page: PageWindow) =>
      users.search.byName(name, viewer, page),
    cityName: (cityId: number | null, language: LanguageCode) => users.cityName(cityId, language),
    settings: (userId: string) => users.settings(userId),
    updateSettings: (userId: string, input: UserSettingsInput) => users.updateSettings(userId, input),
    savePhoto: (userId: string, kind: PhotoKind, upload: ReceivedUpload) => users.savePhoto(userId, kind, upload),
    deactivate: (userId: string) => users.deactivate(userId),
    badges: (userId: string) => users.applications.standingOf(userId),
    applyForBlueMark: (userId: string, note: string, language: LanguageCode) =>
      users.applications.applyForBlueMark(userId, note, language),
    applyForDealership: (
      userId: string,
      note: string,
      certificate: ReceivedUpload | undefined,
      language: LanguageCode,
    ) => users.applications.applyForDealership(userId, note, certificate, language),
    cancelApplication: (userId: string, kind: BadgeKind) => users.applications.cancel(userId, kind),
  };
}

export type UsersPageOperations = ReturnType<typeof usersPageOperations>;
