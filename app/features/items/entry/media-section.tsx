import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { EntrySection } from './entry-fields.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import type { ItemEntry } from './use-item-entry.ts';
import { VideoPicker } from './video-picker.tsx';

/** The photos and the video, each uploaded as soon as it is chosen. */
export function MediaSection({
  photos,
  video,
  errors,
}: {
  photos: ItemEntry['photos'];
  video: ItemEntry['video'];
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  return (
    <EntrySection id="entry-media" title={t('itemEntry.sections.media')} wide>
      <PhotoPicker
        slots={photos.slots}
        errors={errors}
        notice={photos.tooMany ? t('itemEntry.photos.tooMany', { max: 5 }) : null}
        onAdd={photos.add}
        onReplace={photos.replace}
        onRetry={photos.retry}
        onRemove={photos.remove}
        onMove={photos.move}
      />
      <VideoPicker state={video} errors={errors} />
    </EntrySection>
  );
}
