import { listMembers } from '#functions/data/repositories/users';
import { memberDurations } from '#shared/task-history';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/team/durations (CEO and managers): time on task per member, from the counters kept in
 * each task's completion transaction: completed tasks, how many had a start time, their total and
 * average minutes (the basis for paying per clean).
 */
export const handler = apiHandler('list-team-durations', {}, async ({ caller }) =>
  json(
    (await listMembers(caller.companyId)).map((user) => ({
      userId: user.id,
      ...memberDurations(user as typeof user & { timedTasks?: number; workedMinutes?: number }),
    })),
  ),
);
