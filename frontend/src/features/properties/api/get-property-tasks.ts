import type { Task } from '#shared/schemas';
import { useCursorList, type CursorList } from './cursor-pages';

const PAGE_SIZE = 20;

/** GET /api/tasks?propertyId=…, newest first (the server's order for a property's tasks). */
export function usePropertyTasks(propertyId: string | undefined): CursorList<Task> {
  return useCursorList<Task>(propertyId ? `/api/tasks?propertyId=${encodeURIComponent(propertyId)}` : null, PAGE_SIZE);
}
