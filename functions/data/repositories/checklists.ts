// Checklists (SPEC point 3: checklists, checklist_items).
// - A property's default checklist (template): one item, the ordered list of { id, description, required }.
// - A task's checklist: one item per task (keys.checklist) holding its checklist_items as a map by
//   id (plus their order), so a copy is a single Put inside the turnover's transaction and a tick is
//   a path update of one entry.
// - The task item carries `checklistId` and `openRequiredItems` (required items not ticked). Every
//   tick changes that counter in one transaction with its item, conditioned on the item's own state
//   and the task being open (never on the task's version, so ticks of different items never conflict);
//   completing a task is conditioned on the counter being 0 and every other task write on the counter
//   it read (repositories/tasks.ts), so a task can never be completed with a required item open, and
//   a tick is never overwritten, whatever the interleaving.
import { ulid } from 'ulid';
import type { Task } from '#shared/schemas';
import { offlineTime } from '#shared/task-history';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { CONFLICT_ATTEMPTS, conflictBackoff, isTransactionConflict } from '../transaction-retry';
import { propertyExistsCheck } from './properties';

export interface TemplateItem {
  id: string;
  description: string;
  required: boolean;
}

export interface ChecklistTemplate {
  propertyId: string;
  items: TemplateItem[];
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface StoredPhoto {
  key: string;
  uploadedAt: string;
  uploadedBy: string;
}

export interface StoredChecklistItem {
  id: string;
  description: string;
  required: boolean;
  position: number;
  isCompleted: boolean;
  completedAt: string | null;
  completedBy: string | null;
  photoBefore: StoredPhoto | null;
  photoAfter: StoredPhoto | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredChecklist {
  id: string;
  taskId: string;
  propertyId: string;
  notes: string | null;
  /** Where the items came from: the property's template, or a list given when attaching. */
  source: 'template' | 'custom';
  items: Record<string, StoredChecklistItem>;
  createdAt: string;
  updatedAt: string;
}

export type TaskWithChecklist = Task & { checklistId?: string | null; openRequiredItems?: number };

/** Attribute names of a checklist entry's path (ids are safe, but go through names anyway). */
const itemNames = (itemId: string) => ({ '#items': 'items', '#item': itemId });

// ---- Templates ------------------------------------------------------------------------------------

export async function getTemplate(companyId: string, propertyId: string): Promise<ChecklistTemplate> {
  const stored = await getItem<ChecklistTemplate>(keys.checklistTemplate(companyId, propertyId));
  return { propertyId, items: stored?.items ?? [], updatedAt: stored?.updatedAt ?? null, updatedBy: stored?.updatedBy ?? null };
}

/** Replaces a property's template (the property must exist in the company). Item ids are kept when given. */
export async function saveTemplate(
  companyId: string,
  propertyId: string,
  items: ReadonlyArray<{ id?: string; description: string; required: boolean }>,
  by: string,
  now = new Date(),
): Promise<ChecklistTemplate> {
  const template: ChecklistTemplate = {
    propertyId,
    items: items.map((item) => ({ id: item.id ?? ulid(), description: item.description, required: item.required })),
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  await transactWrite(
    [
      propertyExistsCheck(companyId, propertyId),
      { Put: { TableName: tableName(), Item: { ...keys.checklistTemplate(companyId, propertyId), entity: 'checklistTemplate', ...template } } },
    ],
    (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()),
  );
  return template;
}

// ---- A task's checklist ---------------------------------------------------------------------------

/** A new checklist for a task, from template items (ids kept: they are unique within the list). */
export function newChecklist(
  task: Pick<Task, 'id' | 'propertyId'>,
  items: ReadonlyArray<{ id?: string; description: string; required: boolean }>,
  source: StoredChecklist['source'],
  now = new Date(),
): StoredChecklist {
  const at = now.toISOString();
  return {
    id: ulid(now.getTime()),
    taskId: task.id,
    propertyId: task.propertyId,
    notes: null,
    source,
    items: Object.fromEntries(
      items.map((item, position) => {
        const id = item.id ?? ulid(now.getTime());
        return [
          id,
          { id, description: item.description, required: item.required, position, isCompleted: false, completedAt: null, completedBy: null, photoBefore: null, photoAfter: null, createdAt: at, updatedAt: at },
        ];
      }),
    ),
    createdAt: at,
    updatedAt: at,
  };
}

export const openRequiredCount = (checklist: Pick<StoredChecklist, 'items'>): number =>
  Object.values(checklist.items).filter((item) => item.required && !item.isCompleted).length;

/** The Put of a new checklist (for a transaction that also writes its task). */
export function checklistPut(companyId: string, checklist: StoredChecklist): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.checklist(companyId, checklist.taskId, checklist.id), entity: 'checklist', ...checklist },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getChecklist(companyId: string, task: TaskWithChecklist): Promise<StoredChecklist | undefined> {
  if (!task.checklistId) return undefined;
  return getItem<StoredChecklist>(keys.checklist(companyId, task.id, task.checklistId));
}

const OPEN_STATUSES = { ':pending': 'pending', ':inProgress': 'in_progress' };
const isOpenTask = (task: Task) => task.status === 'pending' || task.status === 'in_progress';

/** A version strictly after the task's (attaching a checklist is a change of the task). */
const nextVersion = (task: Task, now: Date) =>
  now.toISOString() > task.updatedAt ? now.toISOString() : new Date(Date.parse(task.updatedAt) + 1).toISOString();

/**
 * Gives an open task a checklist (replacing `task.checklistId`'s, when it has one) and sets its
 * open-required counter, all or nothing, conditioned on the task version read.
 */
export async function attachChecklist(
  companyId: string,
  task: TaskWithChecklist,
  checklist: StoredChecklist,
  now = new Date(),
  /** More items of the same change (its history line). */
  extra: TransactItem[] = [],
): Promise<Task> {
  if (!isOpenTask(task)) throw new ConflictError('checklist.taskClosed');
  const updatedAt = nextVersion(task, now);
  const items: TransactItem[] = [
    checklistPut(companyId, checklist),
    {
      Update: {
        TableName: tableName(),
        Key: keys.task(companyId, task.id),
        UpdateExpression: 'SET checklistId = :checklist, openRequiredItems = :open, updatedAt = :now',
        ConditionExpression: 'updatedAt = :version AND #status IN (:pending, :inProgress)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':checklist': checklist.id, ':open': openRequiredCount(checklist), ':now': updatedAt, ':version': task.updatedAt, ...OPEN_STATUSES },
      },
    },
  ];
  if (task.checklistId) items.push({ Delete: { TableName: tableName(), Key: keys.checklist(companyId, task.id, task.checklistId) } });
  items.push(...extra);
  await transactWrite(items, () => new ConflictError());
  return { ...task, checklistId: checklist.id, openRequiredItems: openRequiredCount(checklist), updatedAt };
}

export type TickOutcome = { changed: boolean; checklist: StoredChecklist; task: TaskWithChecklist };

/** The transaction's condition on the task: still open, still this checklist (never its version). */
export function openTaskGuard(companyId: string, taskId: string, checklistId: string, delta = 0, allowCompleted = false): TransactItem {
  const statuses = allowCompleted ? { ...OPEN_STATUSES, ':completed': 'completed' } : OPEN_STATUSES;
  const condition = `checklistId = :checklist AND #status IN (${Object.keys(statuses).join(', ')})`;
  const common = {
    TableName: tableName(),
    Key: keys.task(companyId, taskId),
    ConditionExpression: condition,
    ExpressionAttributeNames: { '#status': 'status' },
  };
  return delta
    ? { Update: { ...common, UpdateExpression: 'ADD openRequiredItems :delta', ExpressionAttributeValues: { ':checklist': checklistId, ...statuses, ':delta': delta } } }
    : { ConditionCheck: { ...common, ExpressionAttributeValues: { ':checklist': checklistId, ...statuses } } };
}

/**
 * The items of one tick's transaction, in order: [0] the item itself (conditioned on its own previous
 * state only), [1] the task (open, same checklist; the open-required counter moves by `delta`). More
 * items of the same change (its history) may be appended; TICK_ITEM and TICK_TASK name the first two.
 */
export function tickTransaction(
  companyId: string,
  taskId: string,
  checklist: Pick<StoredChecklist, 'id'>,
  item: Pick<StoredChecklistItem, 'id' | 'required'>,
  isCompleted: boolean,
  by: string,
  at: string,
  /** When the tick was done (a phone offline: earlier than `at`); `at` when not said. */
  doneAt: string = at,
): TransactItem[] {
  const delta = item.required ? (isCompleted ? -1 : 1) : 0;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.checklist(companyId, taskId, checklist.id),
        UpdateExpression:
          'SET #items.#item.isCompleted = :done, #items.#item.completedAt = :completedAt, #items.#item.completedBy = :completedBy, #items.#item.updatedAt = :at, updatedAt = :at',
        ConditionExpression: 'attribute_exists(#items.#item) AND #items.#item.isCompleted = :was',
        ExpressionAttributeNames: itemNames(item.id),
        ExpressionAttributeValues: { ':done': isCompleted, ':was': !isCompleted, ':completedAt': isCompleted ? doneAt : null, ':completedBy': isCompleted ? by : null, ':at': at },
      },
    },
    openTaskGuard(companyId, taskId, checklist.id, delta),
  ];
}
export const TICK_ITEM = 0;
export const TICK_TASK = 1;

/** A write that lost a race: read again and decide (the item may already be as wanted, the task closed). */
class LostRace extends Error {}

const MAX_ATTEMPTS = CONFLICT_ATTEMPTS;
const backoff = conflictBackoff;

/**
 * Ticks or unticks one item of an open task's checklist. The item and the task's open-required
 * counter change in one transaction conditioned on the item's own previous state and on the task
 * being open with this checklist, never on the task's version: ticks of different items (two
 * cleaners, or one tapping quickly) never refuse each other. Completing the task is conditioned on the
 * counter being 0 (repositories/tasks.ts), so whichever commits first, a task is never completed with
 * a required item open. A lost race is retried on fresh reads; ticking an item that is already in the
 * wanted state changes nothing. `extra` adds items of the same change (its history).
 */
export async function setItemCompleted(
  companyId: string,
  taskId: string,
  itemId: string,
  isCompleted: boolean,
  by: string,
  now = new Date(),
  extra: (checklist: StoredChecklist, item: StoredChecklistItem, at: string) => TransactItem[] = () => [],
  /** When a phone says the tick was done, offline (Action-Age): kept between the task's creation, 48 h back and now. */
  occurredAt?: Date,
): Promise<TickOutcome> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const task = await getItem<TaskWithChecklist>(keys.task(companyId, taskId));
    if (!task) throw new NotFoundError();
    const checklist = await getChecklist(companyId, task);
    const item = checklist?.items[itemId];
    if (!checklist || !item) throw new NotFoundError();
    if (item.isCompleted === isCompleted) return { changed: false, checklist, task };
    if (!isOpenTask(task)) throw new ConflictError('checklist.taskClosed');
    const at = attempt === 1 ? now.toISOString() : new Date().toISOString();
    const doneAt = offlineTime(task.createdAt, at, occurredAt?.toISOString());
    const delta = item.required ? (isCompleted ? -1 : 1) : 0;
    try {
      await transactWrite([...tickTransaction(companyId, taskId, checklist, item, isCompleted, by, at, doneAt), ...extra(checklist, item, at)], () => new LostRace());
      const ticked = { ...item, isCompleted, completedAt: isCompleted ? doneAt : null, completedBy: isCompleted ? by : null, updatedAt: at };
      const fresh = await getItem<StoredChecklist>(keys.checklist(companyId, taskId, checklist.id));
      return {
        changed: true,
        checklist: fresh ?? { ...checklist, items: { ...checklist.items, [itemId]: ticked }, updatedAt: at },
        task: { ...task, openRequiredItems: (task.openRequiredItems ?? 0) + delta },
      };
    } catch (error) {
      if (!(error instanceof LostRace) && !isTransactionConflict(error)) throw error;
      await backoff(attempt);
    }
  }
  throw new ConflictError();
}

/** The photo the screen showed in an item's slot when it sent a new one: a key, none (null), or not said. */
export type ExpectedPhoto = string | null | undefined;

/** The same item's photo slot was changed by someone else since the screen read it: 409 with the item now. */
export class ItemChangedError extends ConflictError {
  readonly code = 'checklist-item-changed';
  constructor(readonly details: { item: unknown }) {
    super('checklist.itemChanged');
  }
}

/**
 * Records a before/after photo on one item (the key was checked against the task's prefix by the
 * caller): the item's slot and the task (not cancelled, same checklist) are the only conditions, so
 * photos of different items or slots never refuse each other. With `expected` (the key the screen
 * showed, or null for none), a slot someone else filled meanwhile is a 409 showing their photo.
 */
export async function setItemPhoto(
  companyId: string,
  task: TaskWithChecklist,
  itemId: string,
  kind: 'before' | 'after',
  photo: StoredPhoto,
  expected?: ExpectedPhoto,
  extra: TransactItem[] = [],
): Promise<void> {
  if (!task.checklistId) throw new NotFoundError();
  const attribute = kind === 'before' ? 'photoBefore' : 'photoAfter';
  const slotCondition =
    expected === undefined ? '' : expected === null ? ' AND (attribute_not_exists(#items.#item.#photo) OR attribute_type(#items.#item.#photo, :none))' : ' AND #items.#item.#photo.#key = :expected';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.checklist(companyId, task.id, task.checklistId),
        UpdateExpression: `SET #items.#item.#photo = :photo, #items.#item.updatedAt = :at, updatedAt = :at`,
        ConditionExpression: `attribute_exists(#items.#item)${slotCondition}`,
        ExpressionAttributeNames: { ...itemNames(itemId), '#photo': attribute, ...(typeof expected === 'string' ? { '#key': 'key' } : {}) },
        ExpressionAttributeValues: {
          ':photo': photo,
          ':at': photo.uploadedAt,
          ...(expected === null ? { ':none': 'NULL' } : typeof expected === 'string' ? { ':expected': expected } : {}),
        },
      },
    },
    // A photo may still be added to a completed task (proof after the fact), not to a cancelled one.
    openTaskGuard(companyId, task.id, task.checklistId, 0, true),
    ...extra,
  ];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    try {
      await transactWrite(items, (index) => new LostRace(String(index)));
      return;
    } catch (error) {
      if (error instanceof LostRace) {
        const current = await getItem<TaskWithChecklist>(keys.task(companyId, task.id));
        if (!current || current.checklistId !== task.checklistId) throw new NotFoundError();
        if (!isOpenTask(current) && current.status !== 'completed') throw new ConflictError('checklist.taskClosed');
        const checklist = await getChecklist(companyId, current);
        const item = checklist?.items[itemId];
        if (!item) throw new NotFoundError();
        if (expected !== undefined && (item[attribute]?.key ?? null) !== expected) throw new ItemChangedError({ item });
      } else if (!isTransactionConflict(error)) {
        throw error;
      }
      await backoff(attempt);
    }
  }
  throw new ConflictError();
}
