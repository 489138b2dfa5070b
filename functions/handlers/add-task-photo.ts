import { taskPhotoBody, type TaskPhotoBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { addTaskPhoto } from '#functions/data/repositories/task-photos';
import { describeObject, keyFromPhotoUrl, MAX_PHOTO_BYTES, taskPhotoPrefix } from '#functions/photos/storage';
import { taskView } from '#functions/photos/views';
import { BadRequestError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/** Records an uploaded photo against a task of the caller's company; anything else writes nothing. */
export const handler = apiHandler<TaskPhotoBody>('add-task-photo', { body: taskPhotoBody }, async ({ caller, body }) => {
  await requireTask(caller.companyId, body.taskId);
  const key = keyFromPhotoUrl(body.photoURL);
  if (!key || !key.startsWith(taskPhotoPrefix(caller.companyId, body.taskId)) || key.includes('..')) {
    throw new BadRequestError('error.badRequest', { photoURL: 'photos.outsidePrefix' });
  }
  const object = await describeObject(key);
  if (!object) throw new BadRequestError('error.badRequest', { photoURL: 'photos.notUploaded' });
  if (object.size > MAX_PHOTO_BYTES) throw new BadRequestError('error.badRequest', { photoURL: 'photos.tooLarge' });
  if (object.contentType && !object.contentType.startsWith('image/')) throw new BadRequestError('error.badRequest', { photoURL: 'photos.notImage' });
  await addTaskPhoto(caller.companyId, body.taskId, { key, uploadedAt: new Date().toISOString(), uploadedBy: caller.userId });
  return json(await taskView(await requireTask(caller.companyId, body.taskId)));
});
