// Checklists (SPEC point 3: checklists, checklist_items).
// - A property's default checklist (template): one item, the ordered list of { id, description, required }.
// - A task's checklist: one item per task (keys.checklist) holding its checklist_items as a map by
//   id (plus their order), so a copy is a single Put inside the turnover's transaction and a tick is
//   a path update of one entry.
// - The task item carries `checklistId` and `openRequiredItems` (required items not ticked). Every
//   tick changes that counter and moves the task's updatedAt in one transaction with the checklist,
//   and completing a task is conditioned on the counter being 0 (repositories/tasks.ts), so a task
//   can never be completed with a required item open, whatever the interleaving.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Task } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
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

/** A version strictly after the task's, so the task's optimistic check (updatedAt) sees every tick. */
const nextVersion = (task: Task, now: Date) =>
  now.toISOString() > task.updatedAt ? now.toISOString() : new Date(Date.parse(task.updatedAt) + 1).toISOString();

/**
 * Gives an open task a checklist (replacing `task.checklistId`'s, when it has one) and sets its
 * open-required counter, all or nothing, conditioned on the task version read.
 */
export async function attachChecklist(companyId: string, task: TaskWithChecklist, checklist: StoredChecklist, now = new Date()): Promise<Task> {
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
  await transactWrite(items, () => new ConflictError());
  return { ...task, checklistId: checklist.id, openRequiredItems: openRequiredCount(checklist), updatedAt };
}

export type TickOutcome = { changed: boolean; checklist: StoredChecklist; task: TaskWithChecklist };

/**
 * Ticks or unticks one item of an open task's checklist. The item's state, the task's counter and
 * the task's version change in one transaction; the item's previous state and the task's status and
 * checklist are its conditions. A race with another change of the same task is retried on fresh reads.
 */
export async function setItemCompleted(
  companyId: string,
  taskId: string,
  itemId: string,
  isCompleted: boolean,
  by: string,
  now = new Date(),
): Promise<TickOutcome> {
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const task = await getItem<TaskWithChecklist>(keys.task(companyId, taskId));
    if (!task) throw new NotFoundError();
    const checklist = await getChecklist(companyId, task);
    const item = checklist?.items[itemId];
    if (!checklist || !item) throw new NotFoundError();
    if (item.isCompleted === isCompleted) return { changed: false, checklist, task };
    if (!isOpenTask(task)) throw new ConflictError('checklist.taskClosed');
    const at = now.toISOString();
    const version = nextVersion(task, now);
    const delta = item.required ? (isCompleted ? -1 : 1) : 0;
    try {
      await transactWrite(
        [
          {
            Update: {
              TableName: tableName(),
              Key: keys.checklist(companyId, taskId, checklist.id),
              UpdateExpression:
                'SET #items.#item.isCompleted = :done, #items.#item.completedAt = :completedAt, #items.#item.completedBy = :completedBy, #items.#item.updatedAt = :at, updatedAt = :at',
              ConditionExpression: 'attribute_exists(#items.#item) AND #items.#item.isCompleted = :was',
              ExpressionAttributeNames: itemNames(itemId),
              ExpressionAttributeValues: { ':done': isCompleted, ':was': !isCompleted, ':completedAt': isCompleted ? at : null, ':completedBy': isCompleted ? by : null, ':at': at },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.task(companyId, taskId),
              UpdateExpression: delta ? 'SET updatedAt = :version ADD openRequiredItems :delta' : 'SET updatedAt = :version',
              ConditionExpression: 'checklistId = :checklist AND #status IN (:pending, :inProgress) AND updatedAt < :version',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':version': version, ':checklist': checklist.id, ...OPEN_STATUSES, ...(delta ? { ':delta': delta } : {}) },
            },
          },
        ],
        () => new ConflictError(),
      );
      const ticked = { ...item, isCompleted, completedAt: isCompleted ? at : null, completedBy: isCompleted ? by : null, updatedAt: at };
      return {
        changed: true,
        checklist: { ...checklist, items: { ...checklist.items, [itemId]: ticked }, updatedAt: at },
        task: { ...task, updatedAt: version, openRequiredItems: (task.openRequiredItems ?? 0) + delta },
      };
    } catch (error) {
      // A condition failed or another transaction held the task (TransactionConflict): read again,
      // since the item may already be in the wanted state, or the task closed meanwhile.
      const retryable = error instanceof ConflictError || (error as Error).name === 'TransactionCanceledException';
      if (!retryable) throw error;
    }
  }
  throw new ConflictError();
}

/** Records a before/after photo on one item (the key was checked against the task's prefix by the caller). */
export async function setItemPhoto(
  companyId: string,
  task: TaskWithChecklist,
  itemId: string,
  kind: 'before' | 'after',
  photo: StoredPhoto,
): Promise<void> {
  if (!task.checklistId) throw new NotFoundError();
  const attribute = kind === 'before' ? 'photoBefore' : 'photoAfter';
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.checklist(companyId, task.id, task.checklistId),
        UpdateExpression: `SET #items.#item.#photo = :photo, #items.#item.updatedAt = :at, updatedAt = :at`,
        ConditionExpression: 'attribute_exists(#items.#item)',
        ExpressionAttributeNames: { ...itemNames(itemId), '#photo': attribute },
        ExpressionAttributeValues: { ':photo': photo, ':at': photo.uploadedAt },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}
