import type { Company, Task } from '#shared/schemas';
import type { StoredCompany } from '#functions/data/repositories/companies';
import { presignStableView, presignView } from '#functions/storage/photos';

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
  if (photos.length === 0) return { ...rest, photos: [] };
  return { ...rest, photos: await Promise.all(photos.map(async (photo) => ({ ...photo, url: await presignView(photo.key) }))) };
}

/**
 * A company as the screens read it: `logoUrl` is a presigned GET of its logo (null without one);
 * the object key stays on the server. A `logoUrl` stored on the item is never passed through.
 */
export async function companyView(company: StoredCompany): Promise<Company> {
  const { logoKey, logoUrl: _stored, ...rest } = company;
  return { ...rest, logoUrl: logoKey ? await presignStableView(logoKey) : null };
}
