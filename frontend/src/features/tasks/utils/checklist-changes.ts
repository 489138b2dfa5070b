// What someone else changed on a checklist while this screen showed it: after a 409 on a tick or a
// photo, the checklist is read again and compared with the one the screen had, so the notice can
// name each changed item and the rows can mark them.
import type { ChecklistItemView, TaskChecklist } from '../api/get-task-checklist';

export type ItemChangeKind = 'ticked' | 'unticked' | 'photoBefore' | 'photoAfter' | 'added' | 'removed';

export interface ItemChange {
  itemId: string;
  description: string;
  kinds: ItemChangeKind[];
}

export interface ChecklistChanges {
  /** The task has another checklist now (replaced), or none. */
  replaced: boolean;
  items: ItemChange[];
}

const photoKey = (photo: ChecklistItemView['photoBefore']) => photo?.key ?? null;

/** The differences between the checklist shown and the one read now, item by item, in the new order. */
export function checklistChanges(shown: TaskChecklist, now: TaskChecklist | null | undefined): ChecklistChanges {
  if (!now || now.id !== shown.id) return { replaced: true, items: [] };
  const before = new Map(shown.items.map((item) => [item.id, item]));
  const items: ItemChange[] = [];
  for (const item of now.items) {
    const old = before.get(item.id);
    before.delete(item.id);
    const kinds: ItemChangeKind[] = [];
    if (!old) kinds.push('added');
    else {
      if (old.isCompleted !== item.isCompleted) kinds.push(item.isCompleted ? 'ticked' : 'unticked');
      if (photoKey(old.photoBefore) !== photoKey(item.photoBefore) && item.photoBefore) kinds.push('photoBefore');
      if (photoKey(old.photoAfter) !== photoKey(item.photoAfter) && item.photoAfter) kinds.push('photoAfter');
    }
    if (kinds.length) items.push({ itemId: item.id, description: item.description, kinds });
  }
  for (const gone of before.values()) items.push({ itemId: gone.id, description: gone.description, kinds: ['removed'] });
  return { replaced: false, items };
}

/** The item as the server answered it in a 409's `details` (a photo slot someone else filled), if any. */
export function changedItemOf(body: unknown): ChecklistItemView | undefined {
  const details = (body as { details?: { item?: ChecklistItemView } } | undefined)?.details;
  return details?.item && typeof details.item.id === 'string' ? details.item : undefined;
}
