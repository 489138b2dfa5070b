// What a task write brings along in its own transaction (issue 40; docs/inspections-readiness.md):
// - a cleaning completed at a property that requires inspections gets its inspection task (type
//   `inspection`, `inspectsTaskId` naming the cleaning, round 1, 2, … per cleaning), for the
//   property's inspector or, without one, unassigned for the managers, with the cleaning's checklist
//   items as its pass/fail items; the cleaning records the round as pending;
// - every write of a cleaning or inspection stores its property's readiness (repositories/readiness.ts).
// The task repository calls it with its own taskWrite (passed in, so this module does not import
// the repository that imports it).
import { ulid } from 'ulid';
import { PREFERRED_LANGUAGE_OF, UI_LANGUAGES, type UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { Task } from '#shared/schemas';
import type { TaskHistoryDraft } from '#shared/task-history';
import { ConflictError } from '#functions/lib/errors';
import { domainEvent, type DomainEvent } from '../../../events/catalogue';
import type { TransactItem } from '../db';
import { checklistPut, getChecklist, newChecklist, type TaskWithChecklist } from './checklists';
import { getCompany } from './companies';
import { getProperty } from './properties';
import { readinessWrites, touchesReadiness, unknownPropertyError } from './readiness';
import { taskHistoryPut } from './task-history';
import { getUser } from './users';

/** repositories/tasks.ts taskWrite, as this module calls it. */
export type TaskWriteFn = (
  companyId: string,
  before: Task | undefined,
  after: Task,
  taskCondition: { expression: string; values?: Record<string, unknown> },
  options?: { skipPropertyCheck?: boolean; actorUserId?: string; history?: readonly TaskHistoryDraft[] },
) => { items: TransactItem[]; errorFor: (index: number) => Error };

export interface FollowUps {
  /** The task as it is to be written (a completed cleaning names its pending inspection). */
  after: Task;
  items: TransactItem[];
  errorFor: (index: number) => Error;
  events: DomainEvent[];
  /** The inspection task created with the change. */
  inspection?: Task;
}

async function companyUiLanguage(companyId: string): Promise<UiLanguage> {
  const preferred = (await getCompany(companyId))?.preferredLanguage;
  return UI_LANGUAGES.find((language) => PREFERRED_LANGUAGE_OF[language] === preferred) ?? 'pt';
}

/** The creation events of an inspection task (as functions/events/task-events.ts words a creation). */
function inspectionEvents(companyId: string, inspection: Task, cleaning: Task, actorUserId: string, now: Date): DomainEvent[] {
  const occurredAt = now.toISOString();
  const common = { companyId, occurredAt, taskId: inspection.id, title: inspection.title, type: inspection.type, propertyId: inspection.propertyId, actorUserId };
  return [
    domainEvent('task.created', { ...common, status: inspection.status, assignedUserId: inspection.assignedUserId ?? null, dueDate: inspection.dueDate ?? null, issue: false }),
    ...(inspection.assignedUserId
      ? [domainEvent('task.assigned', { ...common, assignedUserId: inspection.assignedUserId, previousAssignedUserId: null, dueDate: inspection.dueDate ?? null })]
      : []),
    domainEvent('task.inspection_requested', {
      ...common,
      cleaningTaskId: cleaning.id,
      cleaningTitle: cleaning.title,
      round: inspection.inspectionRound ?? 1,
      inspectorId: inspection.assignedUserId ?? null,
    }),
  ];
}

/**
 * The inspection of a cleaning just completed, when its property requires one and the cleaning
 * has no open inspection already (a reopened cleaning completed again before its inspection was
 * recorded keeps that one). Undefined when none is due.
 */
async function inspectionFor(
  companyId: string,
  before: Task | undefined,
  after: Task,
  now: Date,
  actorUserId: string | undefined,
  write: TaskWriteFn,
): Promise<{ after: Task; inspection: Task; items: TransactItem[]; errors: Array<() => Error>; events: DomainEvent[] } | undefined> {
  const completing = after.type === 'cleaning' && after.status === 'completed' && before?.status !== 'completed';
  if (!completing) return undefined;
  if (after.inspection?.status === 'pending') return undefined;
  const property = await getProperty(companyId, after.propertyId);
  if (!property?.inspectionRequired) return undefined;
  const round = (after.inspection?.round ?? 0) + 1;
  // An inspector who left the company meanwhile: the managers get it unassigned.
  const inspectorId = property.inspectorId && (await getUser(companyId, property.inspectorId)) ? property.inspectorId : null;
  const language = await companyUiLanguage(companyId);
  const createdAt = now.toISOString();
  const inspection: Task = {
    id: ulid(now.getTime()),
    type: 'inspection',
    title: translateMessage(round > 1 ? 'inspection.roundTitle' : 'inspection.defaultTitle', language, { title: after.title, round }).slice(0, 200),
    description: null,
    propertyId: after.propertyId,
    reservationId: after.reservationId ?? null,
    assignedUserId: inspectorId,
    status: 'pending',
    dueDate: createdAt,
    completedAt: null,
    startedAt: null,
    actualMinutes: null,
    inspectsTaskId: after.id,
    inspectionRound: round,
    createdAt,
    updatedAt: createdAt,
  };
  const items: TransactItem[] = [];
  const errors: Array<() => Error> = [];
  // Its checklist: the cleaning's items, same ids, as pass/fail items (none required: the result is
  // recorded through POST /api/tasks/{id}/inspection).
  const cleaningList = await getChecklist(companyId, before as TaskWithChecklist);
  if (cleaningList) {
    const ordered = Object.values(cleaningList.items).sort((a, b) => a.position - b.position);
    const checklist = newChecklist(inspection, ordered.map((item) => ({ id: item.id, description: item.description, required: false })), 'custom', now);
    inspection.checklistId = checklist.id;
    inspection.openRequiredItems = 0;
    items.push(checklistPut(companyId, checklist));
    errors.push(() => new ConflictError());
  }
  const created = write(companyId, undefined, inspection, { expression: 'attribute_not_exists(pk)' }, { skipPropertyCheck: true, actorUserId });
  items.push(...created.items);
  created.items.forEach((_, index) => errors.push(() => created.errorFor(index)));
  const cleaning: Task = { ...after, inspection: { status: 'pending', round, inspectionTaskId: inspection.id, note: null, failedItemIds: [], failedItems: [], recordedAt: null, recordedBy: null } };
  if (actorUserId) {
    items.push(taskHistoryPut(companyId, after.id, { at: after.updatedAt, actorUserId, action: 'inspection_requested', changes: [], details: { round, inspectionTaskId: inspection.id, inspectorId } }));
    errors.push(() => new ConflictError());
  }
  return { after: cleaning, inspection, items, errors, events: inspectionEvents(companyId, inspection, after, actorUserId ?? after.assignedUserId ?? 'system', now) };
}

/** The items, events and final version of a task write's follow-ups (nothing for most writes). */
export async function taskFollowUps(
  companyId: string,
  before: Task | undefined,
  after: Task,
  now: Date,
  actorUserId: string | undefined,
  write: TaskWriteFn,
): Promise<FollowUps> {
  // An inspection's result is recorded through POST /api/tasks/{id}/inspection (which completes it).
  if (after.type === 'inspection' && after.inspectsTaskId && after.status === 'completed' && before?.status !== 'completed' && !after.inspectionResult) {
    throw new ConflictError('inspection.useResult');
  }
  const inspection = await inspectionFor(companyId, before, after, now, actorUserId, write);
  const final = inspection?.after ?? after;
  const items = [...(inspection?.items ?? [])];
  const errors = [...(inspection?.errors ?? [])];
  if (touchesReadiness(before, final)) {
    const properties = [final.propertyId, ...(before ? [before.propertyId] : [])];
    const writes = await readinessWrites(companyId, properties, { tasks: [final, ...(inspection ? [inspection.inspection] : [])] }, now);
    items.push(...writes);
    writes.forEach(() => errors.push(unknownPropertyError));
  }
  return {
    after: final,
    items,
    errorFor: (index) => (errors[index] ?? (() => new ConflictError()))(),
    events: inspection?.events ?? [],
    inspection: inspection?.inspection,
  };
}
