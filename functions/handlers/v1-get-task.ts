import { requireTask } from '#functions/data/repositories/tasks';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicTask } from '#functions/public-api/tasks';

export const handler = publicApiHandler('v1-get-task', {}, async ({ caller, params }) => apiJson(publicTask(await requireTask(caller.companyId, params.id))));
