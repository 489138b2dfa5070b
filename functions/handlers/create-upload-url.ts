import { uploadRequestBody, type UploadRequestBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { presignUpload } from '#functions/storage/photos';
import { assertMayWorkTask } from '#functions/data/repositories/task-access';
import { apiHandler, json } from '#functions/lib/http';

/** A presigned PUT, for one image, under the caller's company and one of its tasks (staff: their own tasks). */
export const handler = apiHandler<UploadRequestBody>('create-upload-url', { body: uploadRequestBody }, async ({ caller, body }) => {
  // Staff upload only to the tasks they may work (their own).
  assertMayWorkTask(caller, await requireTask(caller.companyId, body.taskId));
  const { uploadURL } = await presignUpload(caller.companyId, body.taskId, body.contentType);
  return json({ uploadURL });
});
