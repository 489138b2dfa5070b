// Repairs the owner pays for (issue 41 point 4; docs/owner-approvals.md). Every task write goes
// through the task repository (repositories/tasks.ts), which calls this module in the write's own
// transaction, so the app, the public API and the owner's decision follow one rule:
// - a maintenance task whose estimatedCost is above its property's ownerApprovalLimit, at a
//   property with an owner account (role owner: property-groups.ts ownerUserIdsOf), gets
//   `approval: pending` when created, or when its estimate, type or property changes (an approved
//   repair is asked again only when its estimate goes above the amount approved). Without an owner
//   account nobody is asked and the task's history says so. An estimate back under the limit (or
//   taken off) withdraws a pending request;
// - while pending it cannot be started or completed (409 approval.pending);
// - the owner's decision (approved / declined) is recorded in the task's history; the repository's
//   caller cancels a declined task in the same write;
// - an open task waiting for its owner has an entry (keys.approvalPending) the owner's list reads.
import type { Task, TaskApproval } from '#shared/schemas';
import type { TaskHistoryDraft } from '#shared/task-history';
import { ConflictError } from '#functions/lib/errors';
import { domainEvent, type DomainEvent } from '../../../events/catalogue';
import { tableName } from '../client';
import { getItems, queryAll, type TransactItem } from '../db';
import { keys } from '../keys';
import { getProperty } from './properties';
import { ownerUserIdsOf } from './property-groups';

const isOpen = (status: Task['status'] | undefined) => status === 'pending' || status === 'in_progress';

/** Whether the task waits for its owner (and is on the owners' list): approval pending while it is open. */
export const awaitsOwner = (task: Pick<Task, 'approval' | 'status'> | undefined): boolean =>
  task?.approval?.status === 'pending' && isOpen(task.status);

/** The amount an owner is asked about: a maintenance task's estimate (other types are never asked about). */
export const askedCost = (task: Pick<Task, 'type' | 'estimatedCost'>): number | null =>
  task.type === 'maintenance' && typeof task.estimatedCost === 'number' ? task.estimatedCost : null;

/** Whether a write changes what the rule reads (a creation always does). */
const touchesApproval = (before: Task | undefined, after: Task): boolean =>
  !before || (before.estimatedCost ?? null) !== (after.estimatedCost ?? null) || before.type !== after.type || before.propertyId !== after.propertyId;

export interface ApprovalContext {
  /** The property's ownerApprovalLimit (cents); null: never ask. */
  limit: number | null;
  /** The property's owners with a portal account. */
  ownerUserIds: readonly string[];
  at: string;
  actorUserId: string;
}

type Outcome = { approval: TaskApproval | null; history: TaskHistoryDraft[]; requested: boolean };

/**
 * The approval a task write leaves (pure): what `before` had, asked again, withdrawn, or the owner's
 * decision the write carries (`after.approval` decided while `before`'s was pending).
 */
export function nextApproval(before: Task | undefined, after: Task, context: ApprovalContext): Outcome {
  const previous = before?.approval ?? null;
  const entry = (action: TaskHistoryDraft['action'], details: TaskHistoryDraft['details']): TaskHistoryDraft => ({
    at: context.at,
    actorUserId: context.actorUserId,
    action,
    changes: [],
    details,
  });
  // The owner's decision.
  const decided = after.approval;
  if (previous?.status === 'pending' && decided && decided.status !== 'pending') {
    const action = decided.status === 'approved' ? 'approval_approved' : 'approval_declined';
    return { approval: decided, history: [entry(action, { estimatedCost: decided.estimatedCost, note: decided.note })], requested: false };
  }
  if (!touchesApproval(before, after)) return { approval: previous, history: [], requested: false };
  const cost = askedCost(after);
  const above = cost !== null && context.limit !== null && cost > context.limit;
  if (!above) {
    if (previous?.status !== 'pending') return { approval: previous, history: [], requested: false };
    return { approval: null, history: [entry('approval_withdrawn', { estimatedCost: cost, limit: context.limit })], requested: false };
  }
  // Only open work waits (a repair recorded as done or cancelled is not asked about).
  if (!isOpen(after.status)) return { approval: previous, history: [], requested: false };
  if (previous?.status === 'pending') {
    // Still waiting: the owner is asked about the new amount (their list shows it).
    const same = previous.estimatedCost === cost && before?.propertyId === after.propertyId;
    return same ? { approval: previous, history: [], requested: false } : { approval: { ...previous, estimatedCost: cost }, history: [], requested: false };
  }
  if (previous?.status === 'approved' && cost <= previous.estimatedCost && before?.propertyId === after.propertyId) {
    return { approval: previous, history: [], requested: false };
  }
  if (context.ownerUserIds.length === 0) {
    return { approval: previous, history: [entry('approval_not_asked', { estimatedCost: cost, limit: context.limit, reason: 'no_owner_account' })], requested: false };
  }
  const approval: TaskApproval = { status: 'pending', requestedAt: context.at, estimatedCost: cost, decidedAt: null, decidedBy: null, note: null };
  return { approval, history: [entry('approval_requested', { estimatedCost: cost, limit: context.limit })], requested: true };
}

export interface ApprovalStep {
  /** The task to write, with its approval. */
  task: Task;
  history: TaskHistoryDraft[];
  events: DomainEvent[];
}

/**
 * The approval part of a task write (reads the property's limit and owners only when the task has
 * an amount to ask about): the task with its approval, the history entries and the events. 409
 * (approval.pending) when the write starts or completes a task still waiting for its owner.
 */
export async function approvalStep(companyId: string, before: Task | undefined, after: Task, actorUserId: string | undefined, now: Date): Promise<ApprovalStep> {
  const needsReads = touchesApproval(before, after) && askedCost(after) !== null;
  const [property, ownerUserIds] = needsReads
    ? await Promise.all([getProperty(companyId, after.propertyId), ownerUserIdsOf(companyId, after.propertyId)])
    : [undefined, [] as string[]];
  const actor = actorUserId ?? 'system';
  const outcome = nextApproval(before, after, {
    limit: typeof property?.ownerApprovalLimit === 'number' ? property.ownerApprovalLimit : null,
    ownerUserIds,
    at: after.updatedAt,
    actorUserId: actor,
  });
  const task: Task = { ...after, approval: outcome.approval };
  if (outcome.approval === null && !before?.approval) delete task.approval;
  // Starting or completing while the owner has not approved (a repair already under way whose
  // estimate goes up keeps its status, and waits before it can be completed).
  const working = task.status === 'in_progress' || task.status === 'completed';
  if (task.approval?.status === 'pending' && working && before?.status !== task.status) {
    throw Object.assign(new ConflictError('approval.pending'), { code: 'approval_pending' });
  }
  const common = { companyId, occurredAt: now.toISOString(), taskId: task.id, title: task.title, type: task.type, propertyId: task.propertyId, actorUserId: actor };
  const events: DomainEvent[] = [];
  if (outcome.requested && task.approval) {
    events.push(domainEvent('task.approval_requested', { ...common, estimatedCost: task.approval.estimatedCost, ownerUserIds: [...ownerUserIds] }));
  }
  const decision = task.approval;
  if (before?.approval?.status === 'pending' && decision && decision.status !== 'pending') {
    events.push(domainEvent('task.approval_decided', {
      ...common,
      approved: decision.status === 'approved',
      note: decision.note,
      estimatedCost: decision.estimatedCost,
      assignedUserId: task.assignedUserId ?? null,
    }));
  }
  return { task, history: outcome.history, events };
}

/** The writes keeping a task's entry on its owners' list (keys.approvalPending) in step, for taskWrite. */
export function approvalEntryWrites(companyId: string, before: Task | undefined, after: Task): TransactItem[] {
  const keyOf = (task: Task | undefined) => (task && awaitsOwner(task) ? keys.approvalPending(companyId, task.propertyId, task.id) : undefined);
  const was = keyOf(before);
  const now = keyOf(after);
  if (was?.sk === now?.sk) return [];
  const writes: TransactItem[] = [];
  if (was) writes.push({ Delete: { TableName: tableName(), Key: was } });
  if (now) {
    writes.push({
      Put: {
        TableName: tableName(),
        Item: { ...now, entity: 'approvalPending', taskId: after.id, propertyId: after.propertyId, requestedAt: after.approval?.requestedAt ?? after.updatedAt },
      },
    });
  }
  return writes;
}

/**
 * The open tasks waiting for the owners of these properties, oldest request first: one Query of the
 * company's entries (few: only repairs waiting), then the tasks themselves (checked again: an entry
 * is written with its task, so they agree but for a write landing in between).
 */
export async function tasksAwaitingOwner(companyId: string, propertyIds: ReadonlySet<string>): Promise<Task[]> {
  if (propertyIds.size === 0) return [];
  const entries = await queryAll<{ taskId: string; propertyId: string; requestedAt: string }>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.approvalPendingPrefix,
  });
  const mine = entries.filter((entry) => propertyIds.has(entry.propertyId));
  if (mine.length === 0) return [];
  const tasks = (await getItems(mine.map((entry) => keys.task(companyId, entry.taskId)))) as Array<Task | undefined>;
  return tasks
    .filter((task): task is Task => Boolean(task) && awaitsOwner(task) && propertyIds.has(task!.propertyId))
    .sort((a, b) => (a.approval!.requestedAt < b.approval!.requestedAt ? -1 : a.approval!.requestedAt > b.approval!.requestedAt ? 1 : a.id.localeCompare(b.id)));
}

/** How many repairs wait for the owners of these properties (GET /api/owner/overview's pendingApprovals). */
export async function countAwaitingOwner(companyId: string, propertyIds: ReadonlySet<string>): Promise<number> {
  return (await tasksAwaitingOwner(companyId, propertyIds)).length;
}
