import { publicTaskPatchBody, type PublicTaskPatchBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeTask, publicTask } from '#functions/public-api/tasks';

export const handler = publicApiHandler<PublicTaskPatchBody>('v1-update-task', { body: publicTaskPatchBody }, async ({ caller, params, body }) =>
  apiJson(publicTask(await changeTask(caller, params.id, body))),
);
