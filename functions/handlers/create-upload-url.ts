import { uploadRequestBody, type UploadRequestBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { presignUpload } from '#functions/storage/photos';
import { assertMayWorkTask } from '#functions/data/repositories/task-access';
import { apiHandler, json } from '#functions/lib/http';
import { BadRequestError } from '#functions/lib/errors';
import { assertStorageAvailable } from '#functions/billing/quota';
import { takeUploadAllowance } from '#functions/billing/upload-rate';

/**
 * A presigned PUT for one image of the declared type and exact size, under the caller's company and
 * one of its tasks (staff: their own tasks), tagged pending until a route records it.
 */
export const handler = apiHandler<UploadRequestBody>('create-upload-url', { body: uploadRequestBody }, async ({ caller, body }) => {
  // Staff upload only to the tasks they may work (their own).
  assertMayWorkTask(caller, await requireTask(caller.companyId, body.taskId));
  // Over the plan's storage (issue 22): refused here, with the plan's message.
  await assertStorageAvailable(caller, body.size);
  // The URL is signed for exactly this size (and type): without one there is nothing to sign.
  if (body.size === undefined) throw new BadRequestError('error.badRequest', { size: 'validation.required' });
  // Uploads per user and company (a burst and a day: 429 with Retry-After), issue 43 point 7.
  await takeUploadAllowance(caller);
  const { uploadURL, headers } = await presignUpload(caller.companyId, body.taskId, body.contentType, body.size);
  // `headers`: what the PUT must send (signed): the content type and the pending-upload tag.
  return json({ uploadURL, headers });
});
