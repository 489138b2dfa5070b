import { recentTasks } from '#functions/data/repositories/tasks';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('list-recent-tasks', {}, async ({ caller }) => json(await recentTasks(caller.companyId, 5)));
