// Recording an inspection (issue 40 point 2; docs/inspections-readiness.md): POST
// /api/tasks/{id}/inspection {passed, failedItemIds?, note?} by the inspector, a manager or the CEO.
// One transaction writes both tasks, their history, the cleaning's checklist, the property's
// readiness and the events:
// - pass: the inspection is completed with its result; the cleaning counts as inspected;
// - fail: the inspection is completed with its result; the cleaning is open again (pending), its
//   failed checklist items unticked, the note and the inspection's photos on it; its cleaner is told
//   (task.inspection_failed: their channels and the bell). Completing it again asks for a new
//   inspection (round 2, …: repositories/task-follow-ups.ts).
import type { InspectionBody, Task } from '#shared/schemas';
import { timeOnTask, type TaskHistoryDraft } from '#shared/task-history';
import { tableName } from '#functions/data/client';
import type { TransactItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getChecklist, type StoredChecklist, type StoredPhoto, type TaskWithChecklist } from '#functions/data/repositories/checklists';
import { readinessWrites, unknownPropertyError } from '#functions/data/repositories/readiness';
import { assertMayWorkTask, type TaskWorker } from '#functions/data/repositories/task-access';
import { MAX_PHOTOS_PER_TASK, type TaskPhoto } from '#functions/data/repositories/task-photos';
import { requireTask, taskWrite } from '#functions/data/repositories/tasks';
import { writeMerged } from '#functions/data/repositories/transaction-merge';
import { outboxPut } from '#functions/data/outbox';
import { BadRequestError, ConflictError } from '#functions/lib/errors';
import { taskEvents, taskUpdatedEvents } from '#functions/events/task-events';
import { domainEvent } from '../../events/catalogue';

type StoredTask = TaskWithChecklist & { photos?: TaskPhoto[]; photoKeys?: string[] };

const nextVersion = (task: Task, now: Date) =>
  now.toISOString() > task.updatedAt ? now.toISOString() : new Date(Date.parse(task.updatedAt) + 1).toISOString();

/** The inspection's photos (its own and those on its checklist items) the cleaner should see. */
function inspectionPhotos(inspection: StoredTask, checklist: StoredChecklist | undefined, failed: ReadonlySet<string>): StoredPhoto[] {
  const onItems = Object.values(checklist?.items ?? {})
    .filter((item) => failed.size === 0 || failed.has(item.id))
    .flatMap((item) => [item.photoBefore, item.photoAfter].filter((photo): photo is StoredPhoto => Boolean(photo)));
  return [...(inspection.photos ?? []), ...onItems];
}

/** The checklist Update that unticks the failed items of the cleaning (only those it has, ticked). */
function untickItems(companyId: string, cleaning: StoredTask, checklist: StoredChecklist, itemIds: readonly string[], at: string): TransactItem | undefined {
  const ticked = itemIds.filter((id) => checklist.items[id]?.isCompleted);
  if (ticked.length === 0) return undefined;
  const names: Record<string, string> = { '#items': 'items' };
  const values: Record<string, unknown> = { ':no': false, ':none': null, ':at': at, ':yes': true };
  const sets: string[] = [];
  const conditions: string[] = [];
  ticked.forEach((id, i) => {
    names[`#i${i}`] = id;
    sets.push(`#items.#i${i}.isCompleted = :no`, `#items.#i${i}.completedAt = :none`, `#items.#i${i}.completedBy = :none`, `#items.#i${i}.updatedAt = :at`);
    conditions.push(`#items.#i${i}.isCompleted = :yes`);
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.checklist(companyId, cleaning.id, checklist.id),
      UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :at`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export interface InspectionOutcome {
  inspection: Task;
  cleaning: Task;
}

export async function recordInspection(caller: TaskWorker & { companyId: string }, inspectionId: string, body: InspectionBody, now = new Date()): Promise<InspectionOutcome> {
  const { companyId } = caller;
  const inspection = (await requireTask(companyId, inspectionId)) as StoredTask;
  // The inspector (its assignee), the managers and the CEO.
  assertMayWorkTask(caller, inspection);
  if (inspection.type !== 'inspection' || !inspection.inspectsTaskId) throw new BadRequestError('inspection.notInspection');
  if (inspection.inspectionResult || inspection.status === 'completed' || inspection.status === 'cancelled') throw new ConflictError('inspection.alreadyRecorded');
  const failedIds = [...new Set(body.failedItemIds)];
  if (body.passed && failedIds.length) throw new BadRequestError('inspection.passedWithFailures', { failedItemIds: 'inspection.passedWithFailures' });
  const note = body.note?.trim() || null;
  if (!body.passed && failedIds.length === 0 && !note) throw new BadRequestError('inspection.failNeedsReason', { failedItemIds: 'inspection.failNeedsReason' });
  const checklist = await getChecklist(companyId, inspection);
  const unknown = failedIds.filter((id) => !checklist?.items[id]);
  if (unknown.length) {
    throw new BadRequestError('inspection.unknownItems', {}, { items: unknown.map((id) => id.slice(0, 64)).join(', ') });
  }
  const cleaning = (await requireTask(companyId, inspection.inspectsTaskId)) as StoredTask;
  if (cleaning.status !== 'completed' || cleaning.inspection?.inspectionTaskId !== inspection.id || cleaning.inspection.status !== 'pending') {
    throw new ConflictError('inspection.cleaningClosed');
  }
  const at = nextVersion(inspection, now);
  const round = inspection.inspectionRound ?? cleaning.inspection.round;
  const failedItems = failedIds.map((id) => checklist!.items[id].description);
  const result = { passed: body.passed, failedItemIds: failedIds, note, recordedAt: at, recordedBy: caller.userId };
  const historyLine = (action: 'inspection_passed' | 'inspection_failed', other: string): TaskHistoryDraft => ({
    at,
    actorUserId: caller.userId,
    action,
    changes: [],
    details: { round, failed: failedIds.length, note, otherTaskId: other },
  });
  // The inspection: completed with its result.
  const inspectionAfter: Task = { ...inspection, status: 'completed', ...timeOnTask(inspection, 'completed', at), inspectionResult: result, updatedAt: at };
  const inspectionWrite = taskWrite(companyId, inspection, inspectionAfter, {
    expression: 'updatedAt = :version AND attribute_not_exists(inspectionResult)',
    values: { ':version': inspection.updatedAt },
  }, { actorUserId: caller.userId, history: [historyLine(body.passed ? 'inspection_passed' : 'inspection_failed', cleaning.id)] });
  // The cleaning: inspected, or open again with what failed.
  const cleaningAt = nextVersion(cleaning, now);
  const summary = { ...cleaning.inspection, status: body.passed ? ('passed' as const) : ('failed' as const), note, failedItemIds: failedIds, failedItems, recordedAt: at, recordedBy: caller.userId };
  let cleaningAfter: StoredTask;
  const more: TransactItem[] = [];
  if (body.passed) {
    cleaningAfter = { ...cleaning, inspection: summary, updatedAt: cleaningAt };
  } else {
    const cleaningList = await getChecklist(companyId, cleaning);
    const untick = cleaningList ? untickItems(companyId, cleaning, cleaningList, failedIds, cleaningAt) : undefined;
    if (untick) more.push(untick);
    const reopened = cleaningList ? failedIds.filter((id) => cleaningList.items[id]?.isCompleted && cleaningList.items[id].required).length : 0;
    const known = new Set(cleaning.photoKeys ?? []);
    const added = inspectionPhotos(inspection, checklist, new Set(failedIds)).filter((photo) => !known.has(photo.key) && known.add(photo.key));
    const photos = [...(cleaning.photos ?? []), ...added].slice(0, MAX_PHOTOS_PER_TASK);
    cleaningAfter = {
      ...cleaning,
      status: 'pending',
      ...timeOnTask(cleaning, 'pending', cleaningAt),
      inspection: summary,
      openRequiredItems: (cleaning.openRequiredItems ?? 0) + reopened,
      ...(photos.length ? { photos, photoKeys: photos.map((photo) => photo.key) } : {}),
      updatedAt: cleaningAt,
    };
  }
  const cleaningWrite = taskWrite(companyId, cleaning, cleaningAfter, { expression: 'updatedAt = :version', values: { ':version': cleaning.updatedAt } }, {
    actorUserId: caller.userId,
    history: [historyLine(body.passed ? 'inspection_passed' : 'inspection_failed', inspection.id)],
  });
  const readiness = await readinessWrites(companyId, [cleaning.propertyId], { tasks: [inspectionAfter, cleaningAfter] }, now);
  const context = { companyId, actorUserId: caller.userId, now };
  // The result, about the cleaning: a pass for the webhooks, a fail for the cleaner too.
  const outcome = {
    companyId,
    occurredAt: now.toISOString(),
    taskId: cleaning.id,
    title: cleaning.title,
    type: cleaning.type,
    propertyId: cleaning.propertyId,
    actorUserId: caller.userId,
    inspectionTaskId: inspection.id,
    round,
    note,
  };
  const events = [
    ...taskEvents(inspection, inspectionAfter, context),
    ...taskUpdatedEvents(inspection, inspectionAfter, context),
    ...taskUpdatedEvents(cleaning, cleaningAfter, context),
    body.passed
      ? domainEvent('task.inspection_passed', outcome)
      : domainEvent('task.inspection_failed', { ...outcome, assignedUserId: cleaning.assignedUserId ?? null, dueDate: cleaning.dueDate ?? null, failedItems }),
  ];
  const outbox = outboxPut(events, now);
  await writeMerged([
    inspectionWrite,
    cleaningWrite,
    { items: more, errorFor: () => new ConflictError('inspection.cleaningClosed') },
    { items: readiness, errorFor: unknownPropertyError },
    { items: outbox ? [outbox] : [], errorFor: () => new ConflictError() },
  ]);
  const { photoKeys: _keys, ...cleaningView } = cleaningAfter;
  return { inspection: inspectionAfter, cleaning: cleaningView as Task };
}
