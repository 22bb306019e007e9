import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2, Video } from '../../../components/ui/icons.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { ErrorOf, fieldId, useFieldLabel } from './entry-fields.tsx';
import { uploadsUrl } from './entry-values.ts';
import { PHOTO_ACCEPT } from './photo-slot.tsx';
import { UploadProblem, UploadProgress } from './upload-status.tsx';
import type { MediaSlot, useVideo } from './use-video.ts';

const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/3gpp,video/x-matroska';
const fileButton =
  'inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 dark:border-slate-600 dark:hover:bg-slate-800';

/** The first file of a file input's change; the input is emptied so the same file can be chosen again. */
const onFileChosen = (choose: (file: File) => Promise<void>) => (event: ChangeEvent<HTMLInputElement>) => {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (file) void choose(file);
};

type VideoState = ReturnType<typeof useVideo>;

/** One video under a minute, with its thumbnail (taken from a frame, or chosen as a picture). */
export function VideoPicker({ state, errors }: { state: VideoState; errors: FieldErrors }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { video, icon, refusal } = state;
  const videoBusy = video.status === 'uploading' || video.status === 'checking';
  const hasVideo = Boolean(video.media) || video.status === 'uploading' || video.status === 'failed';
  const poster = icon.localPreview ?? (icon.media ? uploadsUrl(icon.media) : undefined);
  return (
    <fieldset aria-describedby="entry-video_id-hint">
      <legend className="text-sm font-semibold">
        {t('itemEntry.video.label')}
        <span className="ms-1 font-normal text-slate-500 dark:text-slate-400">({t('itemEntry.optional')})</span>
      </legend>
      <p id="entry-video_id-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('itemEntry.video.hint')}
      </p>
      {hasVideo && (
        <div className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr]">
          <VideoPreview video={video} poster={poster} busy={videoBusy} />
          <ThumbnailChooser state={state} poster={poster} />
        </div>
      )}
      {video.status === 'failed' && (
        <div className="mt-2">
          <UploadProblem error={video.error} onRetry={state.retryVideo} canRetry={Boolean(video.file)} />
        </div>
      )}
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="video-refusal">
          {t('itemEntry.video.tooLong', { seconds: refusal.seconds })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <label className={`${fileButton} ${videoBusy ? 'pointer-events-none opacity-60' : ''}`}>
          <Video className="size-4" aria-hidden />
          {hasVideo ? t('itemEntry.video.replace') : t('itemEntry.video.add')}
          <input
            id={fieldId('video_id')}
            type="file"
            accept={VIDEO_ACCEPT}
            className="sr-only"
            disabled={videoBusy}
            data-testid="video-input"
            onChange={onFileChosen(state.chooseVideo)}
          />
        </label>
        {hasVideo && (
          <button
            type="button"
            onClick={state.removeVideo}
            disabled={videoBusy}
            className={`${fileButton} text-red-700 dark:text-red-300`}
          >
            <Trash2 className="size-4" aria-hidden />
            {t('itemEntry.video.remove')}
          </button>
        )}
      </div>
      <ErrorOf name="video_id" errors={errors} label={label('video_id')} />
      <ErrorOf name="video_icon_id" errors={errors} label={label('video_icon_id')} />
    </fieldset>
  );
}

/** The stored video with its player, or a placeholder while it uploads; its progress on top. */
function VideoPreview({ video, poster, busy }: { video: MediaSlot; poster: string | undefined; busy: boolean }) {
  return (
    <div
      className="relative overflow-hidden rounded-2xl bg-slate-900"
      data-testid="video-slot"
      data-status={video.status}
    >
      {video.media ? (
        // biome-ignore lint/a11y/useMediaCaption: the seller's own clip, shown back to them; it has no captions.
        <video
          src={uploadsUrl(video.media)}
          poster={poster}
          controls
          preload="metadata"
          className="aspect-video w-full bg-black object-contain"
        />
      ) : (
        <div className="flex aspect-video items-center justify-center text-white">
          <Video className="size-10 opacity-70" aria-hidden />
        </div>
      )}
      {busy && (
        <div className="absolute inset-x-2 bottom-2">
          <UploadProgress status={video.status === 'checking' ? 'preparing' : video.status} progress={video.progress} />
        </div>
      )}
    </div>
  );
}

/** The video's thumbnail, its upload, and a way to choose another picture. */
function ThumbnailChooser({ state, poster }: { state: VideoState; poster: string | undefined }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const { icon } = state;
  const iconBusy = icon.status === 'uploading' || icon.status === 'preparing';
  return (
    <div className="max-w-64 space-y-2">
      <p className="text-xs font-semibold">{label('video_icon_id')}</p>
      <div
        className="relative aspect-video overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800"
        data-testid="video-icon-slot"
        data-status={icon.status}
      >
        {poster ? (
          <img src={poster} alt={t('itemEntry.video.thumbnail')} className="size-full object-cover" />
        ) : (
          <p className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-600 dark:text-slate-300">
            {t('itemEntry.video.noThumbnail')}
          </p>
        )}
        {iconBusy && (
          <div className="absolute inset-x-1 bottom-1">
            <UploadProgress status={icon.status} progress={icon.progress} />
          </div>
        )}
      </div>
      {icon.status === 'failed' && (
        <UploadProblem error={icon.error} onRetry={state.retryIcon} canRetry={Boolean(icon.file)} />
      )}
      <label className={fileButton}>
        {t('itemEntry.video.chooseThumbnail')}
        <input type="file" accept={PHOTO_ACCEPT} className="sr-only" onChange={onFileChosen(state.chooseIcon)} />
      </label>
    </div>
  );
}
