import { Component, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ITEM_IMAGES } from '../../../../contract/item-basics.ts';
import { ImagePlus } from '../../../components/ui/icons.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { ErrorOf, fieldId, useFieldLabel } from './entry-fields.tsx';
import { PHOTO_ACCEPT, type PhotoActions, type PhotoListProps, PhotoSlotView, photoListClass } from './photo-slot.tsx';
import type { PhotoSlot } from './use-photo-queue.ts';

interface PhotoPickerProps extends PhotoActions {
  slots: PhotoSlot[];
  errors: FieldErrors;
  notice: string | null;
  onAdd(files: File[]): void;
}

/**
 * Up to five photos: add several at once, replace or remove one, reorder by dragging (pointer, touch or
 * keyboard through dnd-kit, loaded when there is something to reorder) or with each photo's move buttons. The
 * first photo is the cover and says so.
 */
export function PhotoPicker({ slots, errors, notice, onAdd, onReplace, onRetry, onRemove, onMove }: PhotoPickerProps) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  const full = slots.length >= MAX_ITEM_IMAGES;
  const error = errors.image_ids;
  return (
    <fieldset ref={box} aria-describedby="entry-image_ids-hint">
      <legend className="flex w-full items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{label('image_ids')}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t('itemEntry.photos.count', { count: slots.length, max: MAX_ITEM_IMAGES })}
        </span>
      </legend>
      <p id="entry-image_ids-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t('itemEntry.photos.hint', { max: MAX_ITEM_IMAGES })}
      </p>
      <PhotoList
        within={box}
        slots={slots}
        onReplace={onReplace}
        onRetry={onRetry}
        onRemove={onRemove}
        onMove={onMove}
        addTile={
          full ? null : (
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
          )
        }
      />
      {notice && (
        <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          {notice}
        </p>
      )}
      <ErrorOf name="image_ids" errors={errors} label={label('image_ids')} />
    </fieldset>
  );
}

type SortablePhotoList = (props: PhotoListProps) => ReactNode;
let sortablePhotoList: SortablePhotoList | undefined;
let sortableLoading: Promise<SortablePhotoList | undefined> | undefined;

/** dnd-kit and the sortable list (12 KB of brotli), fetched once; a failed fetch is tried again when next wanted. */
function loadSortablePhotoList() {
  sortableLoading ??= import('./sortable-photo-list.tsx').then(
    (module) => (sortablePhotoList = module.SortablePhotoList),
    () => {
      sortableLoading = undefined;
      return undefined;
    },
  );
  return sortableLoading;
}

/**
 * The photos, dragged with dnd-kit (pointer, touch or keyboard) once its code is there. It loads when there are
 * two photos to reorder, or when a grip is pointed at or focused; until then the list is the same, drawn without
 * it (the move buttons work), so the page does not wait for dnd-kit at start, and a new item's form never loads it
 * before a second photo is added.
 */
function PhotoList({ within, ...props }: PhotoListProps & { within: RefObject<HTMLElement | null> }) {
  const [Sortable, setSortable] = useState(() => sortablePhotoList);
  const wanted = props.slots.length >= 2;
  const load = useCallback(() => {
    void loadSortablePhotoList().then((loaded) => loaded && setSortable(() => loaded));
  }, []);
  useEffect(() => {
    if (wanted && !Sortable) load();
  }, [wanted, Sortable, load]);
  return (
    <KeepFocus within={within} mode={Sortable ? 'sortable' : 'plain'}>
      {Sortable ? <Sortable {...props} /> : <PlainPhotoList {...props} onGripReached={load} />}
    </KeepFocus>
  );
}

function PlainPhotoList({ slots, addTile, onGripReached, ...actions }: PhotoListProps & { onGripReached: () => void }) {
  return (
    <ol className={photoListClass} data-testid="photo-list">
      {slots.map((slot, index) => (
        <PhotoSlotView
          key={slot.key}
          slot={slot}
          index={index}
          count={slots.length}
          onGripReached={onGripReached}
          {...actions}
        />
      ))}
      {addTile}
    </ol>
  );
}

/** Where keyboard focus was, told apart by what a reader hears: the element's id, else its label. */
function focusKey(element: Element) {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const label = element.getAttribute('aria-label');
  return label ? `${element.localName}[aria-label="${CSS.escape(label)}"]` : null;
}

/**
 * Drawing the list with dnd-kit once it has loaded makes new elements of the same controls: the control that had
 * keyboard focus (the add button a photo was just chosen with, a grip) is found again in the new list and focused.
 */
class KeepFocus extends Component<{ within: RefObject<HTMLElement | null>; mode: string; children: ReactNode }> {
  override getSnapshotBeforeUpdate(previous: { mode: string }) {
    const box = this.props.within.current;
    const focused = document.activeElement;
    if (previous.mode === this.props.mode || !box || !focused || !box.contains(focused)) return null;
    return focusKey(focused);
  }

  override componentDidUpdate(_props: unknown, _state: unknown, key: string | null) {
    const target = key ? this.props.within.current?.querySelector<HTMLElement>(key) : null;
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  }

  override render() {
    return this.props.children;
  }
}
