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
import { useTranslation } from 'react-i18next';
import { type PhotoListProps, type PhotoSlotProps, PhotoSlotView, photoListClass } from './photo-slot.tsx';

/**
 * The photos in dnd-kit's sortable list: dragged by pointer, touch or keyboard (the grip: Space picks a photo
 * up, the arrow keys move it, Space drops it, Escape cancels), each step read out. Loaded by photo-picker.tsx
 * when there is something to reorder; the same list as its plain one, element for element.
 */
export function SortablePhotoList({ slots, addTile, onMove, ...actions }: PhotoListProps) {
  const { t } = useTranslation();
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
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('itemEntry.dnd.instructions') } }}
    >
      <SortableContext items={slots.map((slot) => slot.key)} strategy={rectSortingStrategy}>
        <ol className={photoListClass} data-testid="photo-list">
          {slots.map((slot, index) => (
            <SortablePhoto key={slot.key} slot={slot} index={index} count={slots.length} onMove={onMove} {...actions} />
          ))}
          {addTile}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortablePhoto(props: Omit<PhotoSlotProps, 'drag' | 'onGripReached'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.slot.key,
  });
  const style = transform || transition ? { transform: CSS.Transform.toString(transform), transition } : undefined;
  return (
    <PhotoSlotView {...props} drag={{ setNodeRef, setActivatorNodeRef, attributes, listeners, style, isDragging }} />
  );
}
