import type { Task, TaskPhotoBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export const TASK_PHOTOS_KEY = '/api/task-photos';

/** A photo of a task as the task endpoints answer it. */
export interface TaskPhoto {
  /** The object's key in the photo bucket (stable: use it as the React key). */
  key: string;
  /** A short-lived presigned GET (about 15 minutes); read the task again for a fresh one. */
  url: string;
  uploadedAt: string;
  uploadedBy: string;
}

/** GET /api/tasks and /api/tasks/{id} answer the task with its photos (none: an empty list). */
export type TaskWithPhotos = Task & { photos?: TaskPhoto[] };

/** The task's photos that can be shown (an answer without them counts as none). */
export function photosOf(task: Task): TaskPhoto[] {
  const { photos } = task as TaskWithPhotos;
  if (!Array.isArray(photos)) return [];
  return photos.filter((photo): photo is TaskPhoto => typeof photo?.url === 'string' && typeof photo.key === 'string');
}

/**
 * PUT /api/task-photos {photoURL, taskId}: records a photo already uploaded to its presigned URL
 * (the URL without its query). Answers the task with its photos. Refresh with useRefreshTaskQueries.
 */
export function addTaskPhoto(body: TaskPhotoBody): Promise<TaskWithPhotos> {
  return apiRequest<TaskWithPhotos>('PUT', TASK_PHOTOS_KEY, body);
}
