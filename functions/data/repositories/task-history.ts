// A task's history: one item per recorded change (keys.taskHistory), written in the same
// transaction as the change itself, so a change and its history line exist together or not at all.
// Read newest first, paginated, as one Query on the task's prefix.
import { monotonicFactory } from 'ulid';
import type { PageQuery } from '#shared/schemas';
import type { TaskHistoryDraft, TaskHistoryEntry } from '#shared/task-history';
import { tableName } from '../client';
import { queryPage, type Page, type TransactItem } from '../db';
import { keys } from '../keys';

// Monotonic: the entries of one transaction (and of one process) sort in the order they were made.
const nextId = monotonicFactory();

/** A stored entry, ready for a transaction: the Put of one history line of a task. */
export function taskHistoryPut(companyId: string, taskId: string, entry: TaskHistoryDraft): TransactItem {
  const at = Date.parse(entry.at);
  const id = nextId(Number.isFinite(at) ? at : Date.now());
  const stored: TaskHistoryEntry = { id, taskId, ...entry };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.taskHistory(companyId, taskId, id), entity: 'taskHistory', ...stored },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Puts of several entries (one task write may record an assignment and a move at once). */
export function taskHistoryPuts(companyId: string, taskId: string, entries: readonly TaskHistoryDraft[]): TransactItem[] {
  return entries.map((entry) => taskHistoryPut(companyId, taskId, entry));
}

/** A task's history, newest first. */
export async function listTaskHistory(companyId: string, taskId: string, page: PageQuery): Promise<Page<TaskHistoryEntry>> {
  return queryPage<TaskHistoryEntry>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.taskHistoryPrefix(taskId),
    limit: page.limit,
    cursor: page.cursor,
    newestFirst: true,
  });
}
