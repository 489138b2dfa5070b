// GET /api/owner/properties/{id}/work (issue 41 point 3, docs/owners.md): the work done at an
// owner's property (cleanings, inspections, repairs completed) and the problems reported, newest
// first, with their photos as presigned GETs.
import type { OwnerWork, OwnerWorkItem, Task } from '#shared/schemas';
import { queryAll } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { presignView } from '#functions/storage/photos';
import { BadRequestError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { ownedProperty } from './portal';

/** Work an owner sees: cleanings, inspections and repairs done, and problems reported (any status). */
const WORK_TYPES = new Set(['cleaning', 'inspection', 'maintenance']);
const isProblem = (task: Task & { issue?: boolean }) => Boolean(task.sourceTaskId || task.urgency || task.issue);

function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw new BadRequestError('error.badRequest', { cursor: 'validation.invalid' });
  return offset;
}

type StoredTask = Task & { issue?: boolean; photos?: Array<{ key: string }> };

/** GET /api/owner/properties/{id}/work?cursor=&limit= (newest first). */
export async function ownerWork(caller: Caller, propertyId: string, page: { limit: number; cursor?: string }): Promise<OwnerWork> {
  const property = await ownedProperty(caller.companyId, propertyId);
  const offset = offsetOf(page.cursor);
  const tasks = await queryAll<StoredTask>(
    { index: 'gsi4', partition: keys.tasksByProperty(caller.companyId, property.id), beginsWith: keys.taskPrefix },
    100_000,
  );
  const shown = tasks
    .filter((task) => task.propertyId === property.id)
    .filter((task) => isProblem(task) || (task.status === 'completed' && WORK_TYPES.has(task.type)))
    .map((task) => ({ task, at: task.completedAt ?? task.createdAt }))
    .sort((a, b) => b.at.localeCompare(a.at) || b.task.id.localeCompare(a.task.id));
  const slice = shown.slice(offset, offset + page.limit);
  const items: OwnerWorkItem[] = await Promise.all(
    slice.map(async ({ task }) => ({
      taskId: task.id,
      type: task.type,
      title: task.title,
      status: task.status,
      completedAt: task.completedAt ?? null,
      scheduledDate: task.dueDate ?? null,
      photos: await Promise.all((task.photos ?? []).map(async (photo) => ({ url: await presignView(photo.key), thumbnailUrl: null }))),
      problem: isProblem(task),
    })),
  );
  const next = offset + page.limit;
  return { items, nextCursor: next < shown.length ? Buffer.from(String(next), 'utf8').toString('base64url') : null };
}

