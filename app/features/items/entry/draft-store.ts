import { type EntryValues, emptyValues, type StoredMedia, TEXT_FIELDS } from './entry-values.ts';

/**
 * The form kept on this device until it is posted (localStorage), so a reload, a closed tab or a lost
 * connection loses nothing: one draft per user, apart for a new post and for each item being edited. Only
 * finished uploads are kept (their ids and addresses); a file still on its way is chosen again.
 */
export interface EntryDraft {
  values: EntryValues;
  photos: StoredMedia[];
  video: StoredMedia | null;
  videoIcon: StoredMedia | null;
  savedAt: number;
}

/** Drafts older than this hold uploads the server has swept away (it keeps unused ones for a day). */
const DRAFT_MEDIA_LIFETIME_MS = 20 * 60 * 60 * 1000;

const PREFIX = 'souk.itemDraft';
const VERSION = 1;

export const draftKey = (userId: string, itemId: string | null) => `${PREFIX}.v${VERSION}.${userId}.${itemId ?? 'new'}`;

const isMedia = (value: unknown): value is StoredMedia => {
  const media = value as Partial<StoredMedia> | null;
  return (
    typeof media === 'object' &&
    media !== null &&
    typeof media.img_id === 'string' &&
    typeof media.img_path === 'string' &&
    /^[\w./-]+$/.test(media.img_path) &&
    !media.img_path.includes('..')
  );
};

/** The kept draft, or null when there is none or it cannot be read (another version, a broken value). */
export function readDraft(key: string): EntryDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<EntryDraft>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.values !== 'object') return null;
    const values = emptyValues();
    const kept = parsed.values as Record<string, unknown>;
    for (const field of TEXT_FIELDS) {
      if (typeof kept[field] === 'string') values[field] = kept[field];
    }
    return {
      values,
      photos: Array.isArray(parsed.photos) ? parsed.photos.filter(isMedia) : [],
      video: isMedia(parsed.video) ? parsed.video : null,
      videoIcon: isMedia(parsed.videoIcon) ? parsed.videoIcon : null,
      savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0,
    };
  } catch {
    return null;
  }
}

/**
 * The pictures of a draft that still exist: all of a recent draft, only the item's own ones (`keepIds`, which
 * the server never sweeps away) of an older one.
 */
export function usableDraftMedia(draft: EntryDraft, keepIds: ReadonlySet<string>, now = Date.now()) {
  const fresh = now - draft.savedAt < DRAFT_MEDIA_LIFETIME_MS;
  const usable = (media: StoredMedia | null) => (media && (fresh || keepIds.has(media.img_id)) ? media : null);
  return {
    photos: draft.photos.filter((media) => usable(media)),
    video: usable(draft.video),
    videoIcon: usable(draft.videoIcon),
  };
}

/** Keeps the draft; a full or blocked storage is not worth an error (the form still works). */
export function writeDraft(key: string, draft: Omit<EntryDraft, 'savedAt'>) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Private mode or a full storage: nothing kept, nothing broken.
  }
}

export function clearDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** Whether a draft holds anything the person typed or uploaded. */
export function draftHasContent(draft: Omit<EntryDraft, 'savedAt'>, baseline: EntryValues) {
  return (
    draft.photos.length > 0 ||
    draft.video !== null ||
    TEXT_FIELDS.some((field) => draft.values[field] !== baseline[field])
  );
}
