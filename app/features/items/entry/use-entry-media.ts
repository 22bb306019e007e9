import { useMemo, useState } from 'react';
import type { EntryDraft } from './draft-store.ts';
import type { StoredMedia } from './entry-values.ts';
import { type PhotoSlot, usePhotoQueue } from './use-photo-queue.ts';
import { type MediaSlot, useVideo } from './use-video.ts';

/** The pictures the form opens with: the item's own when editing, none for a new post. */
export interface StartMedia {
  photos: StoredMedia[];
  video: StoredMedia | null;
  videoIcon: StoredMedia | null;
  /** The item's own pictures: only saving the item lets go of them, never a removal in the form. */
  keepIds: ReadonlySet<string>;
}

/** Whether the pictures can be sent: all stored, some still on their way, or some failed. */
export type UploadState = 'ready' | 'uploading' | 'failed';

const isPhotoBusy = (slot: PhotoSlot) => slot.status === 'preparing' || slot.status === 'uploading';
const isVideoBusy = (slot: MediaSlot) => slot.status === 'checking' || slot.status === 'uploading';
const isIconBusy = (slot: MediaSlot) => slot.status === 'preparing' || slot.status === 'uploading';

function uploadStateOf(photos: PhotoSlot[], video: MediaSlot, icon: MediaSlot): UploadState {
  if (photos.some(isPhotoBusy) || isVideoBusy(video) || isIconBusy(icon)) return 'uploading';
  const failed = [...photos, video, icon].some((slot) => slot.status === 'failed');
  return failed ? 'failed' : 'ready';
}

/**
 * The photos and the video of the form. Every change the person makes counts as an edit (`touch`, so the
 * draft is kept); adding photos also clears the "a photo is required" message.
 */
export function useEntryMedia(start: StartMedia, touch: () => void, clearError: (field: string) => void) {
  const photos = usePhotoQueue(start.photos, start.keepIds);
  const video = useVideo(start, start.keepIds);
  const [tooManyPhotos, setTooManyPhotos] = useState(false);

  const keptPhotos = useMemo(() => photos.slots.flatMap((slot) => (slot.media ? [slot.media] : [])), [photos.slots]);
  const kept = { photos: keptPhotos, video: video.video.media, videoIcon: video.icon.media };
  /** The ids the form sends for its pictures. */
  const ids = {
    imageIds: keptPhotos.map((media) => media.img_id),
    videoId: kept.video?.img_id ?? null,
    videoIconId: kept.videoIcon?.img_id ?? null,
  };

  /** Puts back the pictures of a restored draft that still exist. */
  const restore = (media: Pick<EntryDraft, 'photos' | 'video' | 'videoIcon'>) => {
    photos.reset(media.photos);
    video.reset(media);
  };

  /** Back to the pictures the form opened with; new uploads are let go of. */
  const reset = () => {
    for (const slot of photos.slots) {
      if (slot.status === 'done' && slot.media && !start.keepIds.has(slot.media.img_id)) photos.remove(slot.key);
    }
    photos.reset(start.photos);
    video.removeVideo();
    video.reset(start);
  };

  return {
    photos: {
      slots: photos.slots,
      /** The notice that some chosen photos were left out (the limit was reached). */
      tooMany: tooManyPhotos,
      add: (files: File[]) => {
        touch();
        clearError('image_ids');
        setTooManyPhotos(photos.add(files) > 0);
      },
      replace: (slotKey: string, file: File) => {
        touch();
        photos.replace(slotKey, file);
      },
      retry: photos.retry,
      remove: (slotKey: string) => {
        touch();
        setTooManyPhotos(false);
        photos.remove(slotKey);
      },
      move: (from: number, to: number) => {
        touch();
        photos.move(from, to);
      },
    },
    video: {
      ...video,
      chooseVideo: async (file: File) => {
        touch();
        await video.chooseVideo(file);
      },
      chooseIcon: async (file: File) => {
        touch();
        await video.chooseIcon(file);
      },
      removeVideo: () => {
        touch();
        video.removeVideo();
      },
    },
    kept,
    ids,
    uploadState: uploadStateOf(photos.slots, video.video, video.icon),
    restore,
    reset,
  };
}
