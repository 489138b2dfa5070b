import { problemReportBody, type ProblemReportBody } from '#shared/schemas';
import { reportProblem } from '#functions/tasks/problems';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

/** POST /api/tasks/{id}/problems: a problem found while working the task becomes a work order (201). */
export const handler = apiHandler<ProblemReportBody>('report-task-problem', { body: problemReportBody }, async ({ caller, params, body }) =>
  json(await taskView(await reportProblem(caller, params.id, body)), 201),
);
