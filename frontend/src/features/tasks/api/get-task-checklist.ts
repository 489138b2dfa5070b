import useSWR, { type KeyedMutator } from 'swr';
import type { ApiError } from '../../../lib/api-client';
import type { TaskPhoto } from './add-task-photo';
import { taskKey } from './get-task';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** Which proof photo of a checklist item: taken before the work, or after it. */
export type ChecklistPhotoKind = 'before' | 'after';

/** One item of a task's checklist as GET /api/tasks/{id}/checklist answers it (functions/checklists). */
export interface ChecklistItemView {
  id: string;
  checklistId: string;
  description: string;
  /** The task cannot be completed while a required item is open. */
  required: boolean;
  position: number;
  isCompleted: boolean;
  completedAt: string | null;
  completedBy: string | null;
  /** Presigned GETs (about 15 minutes), or null without a photo. */
  photoBeforeUrl: string | null;
  photoAfterUrl: string | null;
  photoBefore: TaskPhoto | null;
  photoAfter: TaskPhoto | null;
  createdAt: string;
  updatedAt: string;
}

/** A task's checklist, its items in order, with the counts the screens show. */
export interface TaskChecklist {
  id: string;
  taskId: string;
  propertyId: string;
  status: 'pending' | 'in_progress' | 'completed';
  notes: string | null;
  source: 'template' | 'custom';
  totalItems: number;
  completedItems: number;
  requiredItems: number;
  openRequiredItems: number;
  createdAt: string;
  updatedAt: string;
  items: ChecklistItemView[];
}

/**
 * Under the task's own key, so every task refresh (useRefreshTaskQueries: keys starting with
 * /api/tasks) also reads the checklist again, with fresh photo URLs.
 */
export function taskChecklistKey(taskId: string): string {
  return `${taskKey(taskId)}/checklist`;
}

/** The counts, from the items (kept right while a tick is optimistic). */
export function withCounts(checklist: TaskChecklist, items: ChecklistItemView[]): TaskChecklist {
  const completed = items.filter((item) => item.isCompleted).length;
  return {
    ...checklist,
    items,
    totalItems: items.length,
    completedItems: completed,
    requiredItems: items.filter((item) => item.required).length,
    openRequiredItems: items.filter((item) => item.required && !item.isCompleted).length,
    status: items.length && completed === items.length ? 'completed' : completed > 0 ? 'in_progress' : 'pending',
  };
}

export interface TaskChecklistState {
  /** The checklist; null when the task has none; undefined while loading. */
  checklist: TaskChecklist | null | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** SWR's mutate bound to the checklist's key (optimistic ticks, a recorded photo). */
  mutate: KeyedMutator<TaskChecklist | null>;
}

/** GET /api/tasks/{id}/checklist (null: the task has no checklist). Read again when it appears. */
export function useTaskChecklist(taskId: string | undefined): TaskChecklistState {
  const { data, error, mutate } = useSWR<TaskChecklist | null, ApiError>(taskId ? taskChecklistKey(taskId) : null, { revalidateIfStale: true });
  return { checklist: data === undefined ? undefined : (data ?? null), isLoading: waitingForFirstAnswer(taskId, data, error), error, mutate };
}
