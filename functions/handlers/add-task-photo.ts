import { taskPhotoBody, type TaskPhotoBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { addTaskPhoto } from '#functions/data/repositories/task-photos';
import { requireUploadedObject, TASK_PHOTO_RULES, taskPhotoPrefix } from '#functions/photos/storage';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

/** Records an uploaded photo against a task of the caller's company; anything else writes nothing. */
export const handler = apiHandler<TaskPhotoBody>('add-task-photo', { body: taskPhotoBody }, async ({ caller, body }) => {
  await requireTask(caller.companyId, body.taskId);
  const key = await requireUploadedObject(body.photoURL, taskPhotoPrefix(caller.companyId, body.taskId), TASK_PHOTO_RULES);
  await addTaskPhoto(caller.companyId, body.taskId, { key, uploadedAt: new Date().toISOString(), uploadedBy: caller.userId });
  return json(await taskView(await requireTask(caller.companyId, body.taskId)));
});
