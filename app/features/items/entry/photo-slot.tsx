import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, GripVertical, RefreshCw, Trash2 } from '../../../components/ui/icons.tsx';
import { photoSources } from '../item-photos.ts';
import { UploadProblem, UploadProgress } from './upload-status.tsx';
import type { PhotoSlot } from './use-photo-queue.ts';

// One photo of the photo field, drawn alike by its plain list (photo-picker.tsx) and its sortable one
// (sortable-photo-list.tsx, with dnd-kit).

/** What can be done to a photo of the list. */
export interface PhotoActions {
  onReplace(key: string, file: File): void;
  onRetry(key: string): void;
  onRemove(key: string): void;
  onMove(from: number, to: number): void;
}

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

export interface PhotoListProps extends PhotoActions {
  slots: PhotoSlot[];
  /** The tile that adds photos, after the last one; null when there are as many as allowed. */
  addTile: ReactNode;
}

/** The list the photos are drawn in, with or without dnd-kit. */
export const photoListClass = 'mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5';

/** What dnd-kit gives a photo it drags (sortable-photo-list.tsx); the plain list has none. */
export interface PhotoDrag {
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  attributes: HTMLAttributes<HTMLElement>;
  listeners: HTMLAttributes<HTMLElement> | undefined;
  style: CSSProperties | undefined;
  isDragging: boolean;
}

export type PhotoSlotProps = {
  slot: PhotoSlot;
  index: number;
  count: number;
  /** Without it (the plain list), the grip looks and reads the same and loads the drag code when reached. */
  drag?: PhotoDrag;
  onGripReached?: () => void;
} & PhotoActions;

/** The attributes dnd-kit gives a sortable photo's grip while it is not dragged. */
const RESTING_GRIP = { role: 'button', tabIndex: 0, 'aria-disabled': false, 'aria-roledescription': 'sortable' };

/** One photo: its picture (the first is the cover), its upload state, the drag grip and its buttons. */
export function PhotoSlotView({
  slot,
  index,
  count,
  drag,
  onGripReached,
  onReplace,
  onRetry,
  onRemove,
  onMove,
}: PhotoSlotProps) {
  const { t, i18n } = useTranslation();
  const number = index + 1;
  const rtl = i18n.dir() === 'rtl';
  // "Earlier" points to the start of the line: left in English, right in Arabic.
  const Earlier = rtl ? ChevronRight : ChevronLeft;
  const Later = rtl ? ChevronLeft : ChevronRight;
  const sources = slot.media ? photoSources(slot.media) : null;
  const src = slot.localPreview ?? sources?.src;
  const busy = slot.status === 'preparing' || slot.status === 'uploading';
  const grip = drag
    ? { ref: drag.setActivatorNodeRef, ...drag.attributes, ...drag.listeners }
    : { ...RESTING_GRIP, onFocus: onGripReached, onPointerEnter: onGripReached };
  return (
    <li
      ref={drag?.setNodeRef}
      style={drag?.style}
      data-testid="photo-slot"
      data-status={slot.status}
      data-img-id={slot.media?.img_id ?? ''}
      className={`relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800 ${drag?.isDragging ? 'z-10 shadow-xl ring-2 ring-brand-600' : ''}`}
    >
      <div className="relative aspect-square">
        {src && (
          <img
            src={src}
            srcSet={slot.localPreview ? undefined : sources?.srcSet}
            sizes="(min-width: 640px) 200px, 45vw"
            alt={t('itemEntry.photos.photo', { number })}
            className={`size-full object-cover ${busy ? 'opacity-60' : ''}`}
            draggable={false}
          />
        )}
        {index === 0 && (
          <span className="absolute start-2 top-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
            {t('itemEntry.photos.cover')}
          </span>
        )}
        <button
          type="button"
          {...grip}
          aria-label={t('itemEntry.photos.drag', { number })}
          className="absolute end-2 top-2 cursor-grab touch-none rounded-full bg-white/90 p-1.5 text-slate-800 shadow hover:bg-white active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        {busy && (
          <div className="absolute inset-x-2 bottom-2">
            <UploadProgress status={slot.status} progress={slot.progress} />
          </div>
        )}
      </div>
      {slot.status === 'failed' && (
        <div className="p-2">
          <UploadProblem error={slot.error} onRetry={() => onRetry(slot.key)} canRetry={Boolean(slot.file)} />
        </div>
      )}
      <div className="flex items-center justify-between gap-1 p-1.5">
        <div className="flex gap-1">
          <IconButton
            label={t('itemEntry.photos.moveEarlier', { number })}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <Earlier className="size-4" aria-hidden />
          </IconButton>
          <IconButton
            label={t('itemEntry.photos.moveLater', { number })}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <Later className="size-4" aria-hidden />
          </IconButton>
        </div>
        <div className="flex gap-1">
          <label
            className="inline-flex cursor-pointer rounded-full p-2 text-slate-700 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-700"
            title={t('itemEntry.photos.replace', { number })}
          >
            <RefreshCw className="size-4" aria-hidden />
            <input
              type="file"
              accept={PHOTO_ACCEPT}
              className="sr-only"
              aria-label={t('itemEntry.photos.replace', { number })}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onReplace(slot.key, file);
              }}
            />
          </label>
          <IconButton label={t('itemEntry.photos.remove', { number })} onClick={() => onRemove(slot.key)}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
    </li>
  );
}

export function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-full p-2 text-slate-700 hover:bg-slate-200 disabled:opacity-30 disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-700"
    >
      {children}
    </button>
  );
}
