import type { MyTasksResponse } from '#shared/property-access';
import { myTasksQuery, type MyTasksQuery } from '#shared/schemas';
import { checklistView } from '#functions/checklists/service';
import { apiHandler, json } from '#functions/lib/http';
import { taskView } from '#functions/photos/views';
import { myTasks } from '#functions/staff/my-tasks';

/**
 * GET /api/me/tasks?days=7 (every role): the caller's own tasks from today (company zone) for
 * `days` days, the overdue and undated open ones too, in time order, each with its property, the
 * next guest's arrival, its checklist and photos (presigned GETs, as the task routes answer them).
 */
export const handler = apiHandler<unknown, MyTasksQuery>('get-my-tasks', { query: myTasksQuery }, async ({ caller, query }) => {
  const draft = await myTasks(caller, query.days);
  const tasks = await Promise.all(
    draft.tasks.map(async ({ task, checklist, ...rest }) => ({
      ...(await taskView(task)),
      ...rest,
      checklist: checklist ? await checklistView(checklist) : null,
    })),
  );
  const body: MyTasksResponse = { timeZone: draft.timeZone, from: draft.from, to: draft.to, days: draft.days, tasks };
  return json(body);
});
