// Checklists of tasks: a property's default list, its copy on a task, ticks, and before/after photo
// proof per item (uploaded with the task photos' presigned PUT, under the task's prefix, then
// recorded here). Staff act on the tasks assigned to them; the CEO and managers on any task.
import type { Task } from '#shared/schemas';
import type { ChecklistPhotoBody } from '#shared/schemas';
import {
  attachChecklist,
  getChecklist,
  getTemplate,
  ItemChangedError,
  newChecklist,
  setItemCompleted,
  setItemPhoto,
  type StoredChecklist,
  type StoredChecklistItem,
  type StoredPhoto,
  type TaskWithChecklist,
} from '#functions/data/repositories/checklists';
import { requireTask } from '#functions/data/repositories/tasks';
import { taskHistoryPut } from '#functions/data/repositories/task-history';
import type { Caller } from '#functions/lib/http';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '#functions/lib/errors';
import { describeObject, presignView, requireUploadedObject, TASK_PHOTO_RULES, taskPhotoPrefix } from '#functions/storage/photos';
import { storedBytesDelta } from '#functions/data/repositories/storage-usage';

const photoView = async (photo: StoredPhoto | null) => (photo ? { ...photo, url: await presignView(photo.key) } : null);

/** One item as the screens read it, photos with short-lived GET URLs. */
export async function itemView(checklistId: string, item: StoredChecklistItem) {
  const [photoBefore, photoAfter] = await Promise.all([photoView(item.photoBefore), photoView(item.photoAfter)]);
  return {
    id: item.id,
    checklistId,
    description: item.description,
    required: item.required,
    position: item.position,
    isCompleted: item.isCompleted,
    completedAt: item.completedAt,
    completedBy: item.completedBy,
    photoBeforeUrl: photoBefore?.url ?? null,
    photoAfterUrl: photoAfter?.url ?? null,
    photoBefore,
    photoAfter,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** A checklist as the screens read it: items in order, photos with short-lived GET URLs. */
export async function checklistView(checklist: StoredChecklist) {
  const ordered = Object.values(checklist.items).sort((a, b) => a.position - b.position);
  const items = await Promise.all(ordered.map((item) => itemView(checklist.id, item)));
  const completed = items.filter((item) => item.isCompleted).length;
  return {
    id: checklist.id,
    taskId: checklist.taskId,
    propertyId: checklist.propertyId,
    status: items.length && completed === items.length ? 'completed' : completed > 0 ? 'in_progress' : 'pending',
    notes: checklist.notes,
    source: checklist.source,
    totalItems: items.length,
    completedItems: completed,
    requiredItems: items.filter((item) => item.required).length,
    openRequiredItems: items.filter((item) => item.required && !item.isCompleted).length,
    createdAt: checklist.createdAt,
    updatedAt: checklist.updatedAt,
    items,
  };
}

/** Staff act only on tasks assigned to them. */
function assertMayWork(caller: Caller, task: Task): void {
  if (caller.role === 'staff' && task.assignedUserId !== caller.userId) throw new ForbiddenError();
}

export async function taskChecklist(caller: Caller, taskId: string) {
  const task = (await requireTask(caller.companyId, taskId)) as TaskWithChecklist;
  const checklist = await getChecklist(caller.companyId, task);
  return checklist ? checklistView(checklist) : null;
}

/** Copies the property's template (or the items given) onto a task. */
export async function attachToTask(
  caller: Caller,
  taskId: string,
  body: { items?: Array<{ id?: string; description: string; required: boolean }>; replace: boolean },
) {
  const task = (await requireTask(caller.companyId, taskId)) as TaskWithChecklist;
  if (task.checklistId && !body.replace) throw new ConflictError('checklist.alreadyAttached');
  const items = body.items ?? (await getTemplate(caller.companyId, task.propertyId)).items;
  if (items.length === 0) throw new BadRequestError(body.items ? 'error.badRequest' : 'checklist.templateEmpty', body.items ? { items: 'checklist.descriptionRequired' } : {});
  const checklist = newChecklist(task, items, body.items ? 'custom' : 'template');
  const at = new Date();
  await attachChecklist(caller.companyId, task, checklist, at, [
    taskHistoryPut(caller.companyId, task.id, {
      at: at.toISOString(),
      actorUserId: caller.userId,
      action: 'checklist_attached',
      changes: [],
      details: { checklistId: checklist.id, items: Object.keys(checklist.items).length, replaced: Boolean(task.checklistId) },
    }),
  ]);
  return checklistView(checklist);
}

export async function tickItem(caller: Caller, taskId: string, itemId: string, isCompleted: boolean, occurredAt?: Date) {
  const task = await requireTask(caller.companyId, taskId);
  assertMayWork(caller, task);
  // The tick's history line, in the tick's own transaction (a fresh one on each attempt).
  const { checklist } = await setItemCompleted(caller.companyId, taskId, itemId, isCompleted, caller.userId, new Date(), (_list, item, at) => [
    taskHistoryPut(caller.companyId, taskId, {
      at,
      actorUserId: caller.userId,
      action: isCompleted ? 'item_ticked' : 'item_unticked',
      changes: [{ field: 'isCompleted', from: !isCompleted, to: isCompleted }],
      details: { itemId: item.id, item: item.description },
    }),
  ], occurredAt);
  return checklistView(checklist);
}

/** Records an uploaded photo as an item's before/after proof; the key must be under this task's prefix. */
export async function recordItemPhoto(caller: Caller, taskId: string, itemId: string, body: ChecklistPhotoBody) {
  const task = (await requireTask(caller.companyId, taskId)) as TaskWithChecklist;
  assertMayWork(caller, task);
  if (task.status === 'cancelled') throw new ConflictError('checklist.taskClosed');
  const checklist = await getChecklist(caller.companyId, task);
  if (!checklist?.items[itemId]) throw new NotFoundError();
  const key = await requireUploadedObject(body.photoURL, taskPhotoPrefix(caller.companyId, taskId), TASK_PHOTO_RULES);
  try {
    const uploadedAt = new Date().toISOString();
    const historyLine = taskHistoryPut(caller.companyId, taskId, {
      at: uploadedAt,
      actorUserId: caller.userId,
      action: 'photo_added',
      changes: [],
      details: { photoKey: key, itemId, item: checklist.items[itemId].description, kind: body.kind },
    });
    // The company's stored bytes (storage quota), at the object's real size, in the same transaction.
    const counted = storedBytesDelta(caller.companyId, (await describeObject(key))?.size ?? 0);
    await setItemPhoto(caller.companyId, task, itemId, body.kind, { key, uploadedAt, uploadedBy: caller.userId }, body.replaces, counted ? [historyLine, counted] : [historyLine]);
  } catch (error) {
    // Someone else filled this slot since the screen read it: answer the item as it is now.
    if (error instanceof ItemChangedError) throw new ItemChangedError({ item: await itemView(checklist.id, error.details.item as StoredChecklistItem) });
    throw error;
  }
  const updated = await getChecklist(caller.companyId, task);
  if (!updated) throw new NotFoundError();
  return checklistView(updated);
}
