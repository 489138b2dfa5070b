// Tasks as the public API reads and writes them (issue 39): the app's own repository and events
// (functions/data/repositories/tasks.ts, functions/events/task-events.ts), so a change made through
// the API is the same change, with the same history, counters, notifications and webhooks.
import { taskSchema, type Task, type PublicTaskListQuery } from '#shared/schemas';
import { queryPage, type Page } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { updateTask } from '#functions/data/repositories/tasks';
import { taskEvents, taskUpdatedEvents } from '#functions/events/task-events';
import type { ApiCaller } from '#functions/lib/public-api';

/** What a list reads of each task: its documented fields, not the index keys nor photos. */
const ATTRIBUTES: readonly string[] = Object.keys(taskSchema.shape);

/**
 * A task as the API answers it: exactly the fields of taskSchema (its documented shape), picked from
 * the stored task (written through the same schema), not parsed again on every answer.
 */
export function publicTask(task: Task): Task {
  const answer: Record<string, unknown> = {};
  for (const field of ATTRIBUTES) if ((task as Record<string, unknown>)[field] !== undefined) answer[field] = (task as Record<string, unknown>)[field];
  return answer as Task;
}

/** Pages read at most to fill one answer when filters leave items out (a page may then hold fewer than `limit`: follow nextCursor). */
const MAX_READS = 5;

/**
 * A page of tasks, newest first. status, type and property pick the index (as the app's list does);
 * assignee and updatedSince filter what it reads.
 */
export async function listPublicTasks(companyId: string, query: PublicTaskListQuery): Promise<Page<Task>> {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  const where = (attribute: string, operator: string, value: string) => {
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    clauses.push(`#${attribute} ${operator} :${attribute}`);
  };
  let source: { index?: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4'; partition: string; beginsWith?: string };
  if (query.propertyId) {
    source = { index: 'gsi4', partition: keys.tasksByProperty(companyId, query.propertyId), beginsWith: 'TASK#' };
    if (query.status) where('status', '=', query.status);
    if (query.type) where('type', '=', query.type);
  } else if (query.status && query.type) source = { index: 'gsi3', partition: keys.tasksByStatusAndType(companyId, query.status, query.type) };
  else if (query.status) source = { index: 'gsi1', partition: keys.tasksByStatus(companyId, query.status) };
  else if (query.type) source = { index: 'gsi2', partition: keys.tasksByType(companyId, query.type) };
  else source = { partition: keys.companyPartition(companyId), beginsWith: keys.taskPrefix };
  if (query.assigneeId) where('assignedUserId', '=', query.assigneeId);
  if (query.updatedSince) where('updatedAt', '>=', new Date(query.updatedSince).toISOString());
  const filter = clauses.length ? { FilterExpression: clauses.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values } : undefined;
  const items: Task[] = [];
  let cursor = query.cursor;
  for (let read = 0; read < MAX_READS; read += 1) {
    const page = await queryPage<Task>({ ...source, limit: query.limit - items.length, cursor, newestFirst: true, filter, attributes: ATTRIBUTES });
    items.push(...page.items);
    cursor = page.cursor;
    if (!cursor || items.length >= query.limit || !filter) break;
  }
  return { items, cursor };
}

/** Changes a task as a manager does in the app; the change's events in its transaction. */
export async function changeTask(caller: ApiCaller, taskId: string, changes: Partial<Task>, occurredAt?: Date): Promise<Task> {
  // The app's own events, task.updated (the public webhook's) included, as PUT /api/tasks makes them.
  const events = (before: Task, after: Task) => {
    const context = { companyId: caller.companyId, actorUserId: caller.userId };
    return [...taskEvents(before, after, context), ...taskUpdatedEvents(before, after, context)];
  };
  return updateTask(caller.companyId, taskId, changes, new Date(), caller.userId, undefined, events, occurredAt);
}
