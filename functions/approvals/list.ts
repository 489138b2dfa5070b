// The repairs waiting for an owner (issue 41 point 4; docs/owner-approvals.md): GET /api/owner/approvals.
// The rule itself (when a repair waits, what it blocks, the history) lives with every task write in
// functions/data/repositories/task-approvals.ts; deciding is ./decide.ts (kept apart: only the list
// presigns photos).
import type { OwnerApproval, Task } from '#shared/schemas';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { tasksAwaitingOwner } from '#functions/data/repositories/task-approvals';
import { presignView } from '#functions/storage/photos';
import { ownerProperties, type OwnerCaller } from './owner-properties';

interface StoredPhoto {
  key: string;
}

/** The repairs waiting for this owner, oldest request first, with their photos (presigned GET). */
export async function listOwnerApprovals(caller: OwnerCaller): Promise<OwnerApproval[]> {
  const properties = await ownerProperties(caller);
  const tasks = (await tasksAwaitingOwner(caller.companyId, properties)) as Array<Task & { photos?: StoredPhoto[] }>;
  if (tasks.length === 0) return [];
  const propertyIds = [...new Set(tasks.map((task) => task.propertyId))];
  const names = new Map<string, string>();
  const items = await getItems(propertyIds.map((propertyId) => keys.property(caller.companyId, propertyId)));
  items.forEach((item, index) => names.set(propertyIds[index], typeof item?.name === 'string' ? item.name : propertyIds[index]));
  return Promise.all(
    tasks.map(async (task) => ({
      taskId: task.id,
      propertyId: task.propertyId,
      propertyName: names.get(task.propertyId) ?? task.propertyId,
      title: task.title,
      description: task.description ?? null,
      estimatedCost: task.approval!.estimatedCost,
      requestedAt: task.approval!.requestedAt,
      photos: await Promise.all((task.photos ?? []).map(async (photo) => ({ url: await presignView(photo.key), thumbnailUrl: null }))),
    })),
  );
}
