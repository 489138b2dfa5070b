import { uploadRequestBody, type UploadRequestBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { presignUpload } from '#functions/photos/storage';
import { apiHandler, json } from '#functions/lib/http';

/** A presigned PUT, for one image, under the caller's company and one of its tasks. */
export const handler = apiHandler<UploadRequestBody>('create-upload-url', { body: uploadRequestBody }, async ({ caller, body }) => {
  await requireTask(caller.companyId, body.taskId);
  const { uploadURL } = await presignUpload(caller.companyId, body.taskId, body.contentType);
  return json({ uploadURL });
});
