import { publicTaskChecklistSchema } from '#shared/schemas';
import { taskChecklist } from '#functions/checklists/service';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';

/** GET /api/v1/tasks/{id}/checklist: the task's checklist with its items (photo URLs short-lived), or null when it has none. */
export const handler = publicApiHandler('v1-get-task-checklist', {}, async ({ caller, params }) =>
  apiJson(publicTaskChecklistSchema.parse(await taskChecklist(caller, params.id))),
);
