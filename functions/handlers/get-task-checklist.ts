import { taskChecklist } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';

/** GET /api/tasks/{id}/checklist: the task's checklist with photo URLs, or null when it has none. */
export const handler = apiHandler('get-task-checklist', {}, async ({ caller, params }) => json(await taskChecklist(caller, params.id)));
