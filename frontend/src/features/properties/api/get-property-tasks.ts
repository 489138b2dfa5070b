import type { Task } from '#shared/schemas';
import { useCursorList, type CursorList } from './cursor-pages';

const PAGE_SIZE = 20;

/** The list's path for a property (its hook's and the property screen's first reads). */
export function propertyTasksListPath(propertyId: string): string {
  return `/api/tasks?propertyId=${encodeURIComponent(propertyId)}`;
}
export const PROPERTY_TASKS_PAGE_SIZE = PAGE_SIZE;

/** GET /api/tasks?propertyId=…, newest first (the server's order for a property's tasks). */
export function usePropertyTasks(propertyId: string | undefined): CursorList<Task> {
  return useCursorList<Task>(propertyId ? propertyTasksListPath(propertyId) : null, PAGE_SIZE);
}
