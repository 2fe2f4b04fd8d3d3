import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import type { ReactNode } from "react";

function SortableRow({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="sortable-row"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        p: 1,
        border: 1,
        borderColor: isDragging ? "primary.main" : "divider",
        borderRadius: 1,
        bgcolor: "background.paper",
        position: "relative",
        zIndex: isDragging ? 1 : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${label}`}
        size="small"
        sx={{ cursor: "grab", touchAction: "none" }}
      >
        <DragIndicatorIcon />
      </IconButton>
      {children}
    </Box>
  );
}

/**
 * A list reordered by dragging its handles with a pointer, or from the keyboard: focus a handle,
 * Space to pick up, arrow keys to move, Space to drop, Escape to cancel (@dnd-kit's sensors).
 */
export function SortableList<Item extends { id: number }>({
  items,
  label,
  itemLabel,
  onReorder,
  renderItem,
}: {
  items: readonly Item[];
  /** The list's accessible name. */
  label: string;
  itemLabel: (item: Item) => string;
  onReorder: (items: Item[]) => void;
  renderItem: (item: Item, index: number) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${labelOf(items, itemLabel, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${labelOf(items, itemLabel, active.id)} is over position ${positionOf(items, over.id)}.`
              : `${labelOf(items, itemLabel, active.id)} is no longer over the list.`,
          onDragEnd: ({ active, over }) =>
            over
              ? `${labelOf(items, itemLabel, active.id)} was dropped at position ${positionOf(items, over.id)}.`
              : `${labelOf(items, itemLabel, active.id)} was dropped.`,
          onDragCancel: ({ active }) =>
            `Moving ${labelOf(items, itemLabel, active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Box
          component="ol"
          aria-label={label}
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} label={itemLabel(item)}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function labelOf<Item extends { id: number }>(
  items: readonly Item[],
  itemLabel: (item: Item) => string,
  id: string | number,
) {
  const item = items.find((candidate) => candidate.id === id);
  return item ? itemLabel(item) : "the item";
}

function positionOf<Item extends { id: number }>(items: readonly Item[], id: string | number) {
  return items.findIndex((item) => item.id === id) + 1;
}
