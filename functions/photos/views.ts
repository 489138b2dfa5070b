import type { Task } from '#shared/schemas';
import { presignView } from './storage';

interface StoredPhoto {
  key: string;
  uploadedAt: string;
  uploadedBy: string;
}

export interface TaskView extends Task {
  photos: Array<StoredPhoto & { url: string }>;
}

/** A task as the screens read it: photos with short-lived GET URLs (the bucket is private). */
export async function taskView(task: Task & { photos?: StoredPhoto[]; photoKeys?: string[] }): Promise<TaskView> {
  const { photoKeys: _keys, photos = [], ...rest } = task;
  return { ...rest, photos: await Promise.all(photos.map(async (photo) => ({ ...photo, url: await presignView(photo.key) }))) };
}
