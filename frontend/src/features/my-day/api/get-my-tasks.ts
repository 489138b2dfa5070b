import useSWR from 'swr';
import type { MyTask, MyTasksResponse } from '#shared/property-access';
import type { ApiError } from '../../../lib/api-client';
import { waitingForFirstAnswer } from '../../../lib/first-read-helpers';

/** The staff member's next 7 days (the service worker keeps the last answer for offline reads). */
export const MY_TASKS_KEY = '/api/me/tasks?days=7';

/** A checklist item as the task routes answer it (functions/checklists). */
export interface MyChecklistItem {
  id: string;
  description: string;
  required: boolean;
  position: number;
  isCompleted: boolean;
  photoBeforeUrl: string | null;
  photoAfterUrl: string | null;
}

export interface MyChecklist {
  id: string;
  totalItems: number;
  completedItems: number;
  openRequiredItems: number;
  items: MyChecklistItem[];
}

export type MyDayTask = Omit<MyTask, 'checklist'> & { checklist: MyChecklist | null };
export type MyDayResponse = Omit<MyTasksResponse, 'tasks'> & { tasks: MyDayTask[] };

export interface MyTasksState {
  day: MyDayResponse | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  refresh: () => Promise<unknown>;
}

/**
 * GET /api/me/tasks?days=7, read again whenever the screen appears and when the signal comes back
 * (offline the service worker answers with the last copy).
 */
export function useMyTasks(): MyTasksState {
  const { data, error, mutate } = useSWR<MyDayResponse, ApiError>(MY_TASKS_KEY, { revalidateIfStale: true, revalidateOnReconnect: true });
  return { day: data, isLoading: waitingForFirstAnswer(MY_TASKS_KEY, data, error), error, refresh: () => mutate() };
}
