import { requireTask } from '#functions/data/repositories/tasks';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('get-task', {}, async ({ caller, params }) => json(await taskView(await requireTask(caller.companyId, params.id))));
