import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ITEM_IMAGES } from '../../../../contract/item-basics.ts';
import {
  ChevronLeft,
  ChevronRight,
  GripVertical,
  ImagePlus,
  RefreshCw,
  Trash2,
} from '../../../components/ui/icons.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { photoSources } from '../item-photos.ts';
import { ErrorOf, fieldId, useFieldLabel } from './entry-fields.tsx';
import { UploadProblem, UploadProgress } from './upload-status.tsx';
import type { PhotoSlot } from './use-photo-queue.ts';

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif';

interface PhotoPickerProps {
  slots: PhotoSlot[];
  errors: FieldErrors;
  notice: string | null;
  onAdd(files: File[]): void;
  onReplace(key: string, file: File): void;
  onRetry(key: string): void;
  onRemove(key: string): void;
  onMove(from: number, to: number): void;
}

/**
 * Up to five photos: add several at once, replace or remove one, reorder by dragging (pointer, touch or
 * keyboard through dnd-kit) or with each photo's move buttons. The first photo is the cover and says so.
 */
export function PhotoPicker({ slots, errors, notice, onAdd, onReplace, onRetry, onRemove, onMove }: PhotoPickerProps) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const input = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: string | number | undefined) => slots.findIndex((slot) => slot.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('itemEntry.dnd.pickedUp', { number: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('itemEntry.dnd.moved', { number: positionOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('itemEntry.dnd.dropped', { number: positionOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('itemEntry.dnd.cancelled', { number: positionOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  const full = slots.length >= MAX_ITEM_IMAGES;
  const error = errors.image_ids;
  return (
    <fieldset aria-describedby="entry-image_ids-hint">
      <legend className="flex w-full items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{label('image_ids')}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t('itemEntry.photos.count', { count: slots.length, max: MAX_ITEM_IMAGES })}
        </span>
      </legend>
      <p id="entry-image_ids-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('itemEntry.photos.hint', { max: MAX_ITEM_IMAGES })}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('itemEntry.dnd.instructions') } }}
      >
        <SortableContext items={slots.map((slot) => slot.key)} strategy={rectSortingStrategy}>
          <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="photo-list">
            {slots.map((slot, index) => (
              <SortablePhoto
                key={slot.key}
                slot={slot}
                index={index}
                count={slots.length}
                onReplace={onReplace}
                onRetry={onRetry}
                onRemove={onRemove}
                onMove={onMove}
              />
            ))}
            {!full && (
              <li>
                <label
                  htmlFor={fieldId('image_ids')}
                  data-entry-focus={error ? 'image_ids' : undefined}
                  className={`flex aspect-square cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-2 text-center text-sm font-semibold focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-slate-50 dark:hover:bg-slate-800 ${error ? 'border-red-500 text-red-700 dark:text-red-300' : 'border-slate-300 text-brand-700 dark:border-slate-600 dark:text-brand-300'}`}
                >
                  <ImagePlus className="size-8" aria-hidden />
                  {t('itemEntry.photos.add')}
                  <input
                    ref={input}
                    id={fieldId('image_ids')}
                    type="file"
                    multiple
                    accept={PHOTO_ACCEPT}
                    className="sr-only"
                    data-testid="photo-input"
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${fieldId('image_ids')}-error` : undefined}
                    onChange={(event) => {
                      const files = [...(event.target.files ?? [])];
                      event.target.value = '';
                      if (files.length > 0) onAdd(files);
                    }}
                  />
                </label>
              </li>
            )}
          </ol>
        </SortableContext>
      </DndContext>
      {notice && (
        <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          {notice}
        </p>
      )}
      <ErrorOf name="image_ids" errors={errors} label={label('image_ids')} />
    </fieldset>
  );
}

function SortablePhoto({
  slot,
  index,
  count,
  onReplace,
  onRetry,
  onRemove,
  onMove,
}: {
  slot: PhotoSlot;
  index: number;
  count: number;
} & Pick<PhotoPickerProps, 'onReplace' | 'onRetry' | 'onRemove' | 'onMove'>) {
  const { t, i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: slot.key,
  });
  const number = index + 1;
  const rtl = i18n.dir() === 'rtl';
  // "Earlier" points to the start of the line: left in English, right in Arabic.
  const Earlier = rtl ? ChevronRight : ChevronLeft;
  const Later = rtl ? ChevronLeft : ChevronRight;
  const sources = slot.media ? photoSources(slot.media) : null;
  const src = slot.localPreview ?? sources?.src;
  const busy = slot.status === 'preparing' || slot.status === 'uploading';
  const style = transform || transition ? { transform: CSS.Transform.toString(transform), transition } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="photo-slot"
      data-status={slot.status}
      data-img-id={slot.media?.img_id ?? ''}
      className={`relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800 ${isDragging ? 'z-10 shadow-xl ring-2 ring-brand-600' : ''}`}
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
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
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
