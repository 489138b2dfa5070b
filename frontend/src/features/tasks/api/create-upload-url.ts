import type { UploadRequestBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

export const UPLOAD_URL_KEY = '/api/objects/upload';

export interface UploadUrl {
  /** A presigned PUT for one image of the task, signed for its content type and size; valid for 300 s. */
  uploadURL: string;
  /** Headers the PUT must send as given (signed): the content type and the pending-upload tag. */
  headers?: Record<string, string>;
}

/**
 * POST /api/objects/upload {taskId, contentType, size}: where to PUT one photo of the task.
 * The server answers 400 for a type other than JPEG, PNG, WebP, GIF or HEIC/HEIF or a file above
 * 10 MB, and 404 for a task that is not the caller's company's.
 */
export function createUploadUrl(body: UploadRequestBody): Promise<UploadUrl> {
  return apiRequest<UploadUrl>('POST', UPLOAD_URL_KEY, body);
}
