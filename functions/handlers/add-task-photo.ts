import { taskPhotoBody, type TaskPhotoBody } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { addTaskPhoto } from '#functions/data/repositories/task-photos';
import { assertMayWorkTask } from '#functions/data/repositories/task-access';
import { taskHistoryPut } from '#functions/data/repositories/task-history';
import { requireUploadedObject, TASK_PHOTO_RULES, taskPhotoPrefix } from '#functions/storage/photos';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';
import { countUpload } from '#functions/billing/quota';

/**
 * Records an uploaded photo against a task of the caller's company (staff: a task assigned to them),
 * with its history line in the same transaction; anything else writes nothing.
 */
export const handler = apiHandler<TaskPhotoBody>('add-task-photo', { body: taskPhotoBody }, async ({ caller, body }) => {
  assertMayWorkTask(caller, await requireTask(caller.companyId, body.taskId));
  const key = await requireUploadedObject(body.photoURL, taskPhotoPrefix(caller.companyId, body.taskId), TASK_PHOTO_RULES);
  const uploadedAt = new Date().toISOString();
  await addTaskPhoto(caller.companyId, body.taskId, { key, uploadedAt, uploadedBy: caller.userId }, [
    taskHistoryPut(caller.companyId, body.taskId, { at: uploadedAt, actorUserId: caller.userId, action: 'photo_added', changes: [], details: { photoKey: key } }),
    // The company's stored bytes, at the object's real size, in the same transaction (storage quota).
    ...(await countUpload(caller.companyId, key)),
  ]);
  return json(await taskView(await requireTask(caller.companyId, body.taskId)));
});
