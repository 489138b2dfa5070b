// Problems reported from the field: a staff member (or a manager) working a task reports what they
// found (text, urgency, photos already uploaded under that task's prefix); it becomes a maintenance
// task for the managers (a work order, unassigned) linked to the task it came from (sourceTaskId),
// with the photos. The work order, its history line, the source task's history line and a check that
// the reporter may still work the source task are one transaction; then task.created and
// property.issue_reported (the CEO's alert, as the notification preferences say) are published.
import { ulid } from 'ulid';
import type { PreferredLanguage, UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import type { ProblemReportBody, Task } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';
import { assertMayWorkTask, type TaskWorker } from '#functions/data/repositories/task-access';
import { taskHistoryPut } from '#functions/data/repositories/task-history';
import { createTask, requireTask } from '#functions/data/repositories/tasks';
import { ForbiddenError } from '#functions/lib/errors';
import { taskEvents } from '#functions/events/task-events';
import { keyFromPhotoUrl, requireUploadedKey, TASK_PHOTO_RULES, taskPhotoPrefix, type UploadRules } from '#functions/storage/photos';

const PROBLEM_PHOTO_RULES: UploadRules = { ...TASK_PHOTO_RULES, field: 'photoKeys' };
const LANGUAGE: Record<PreferredLanguage, UiLanguage> = { portuguese: 'pt', english: 'en', spanish: 'es' };
const SUMMARY_LENGTH = 120;

/** The work order's title: "Problem: <first line of the description>", in the company's language. */
export function workOrderTitle(description: string, language: UiLanguage): string {
  // Any line break ends the line (a lone CR, Unicode's line and paragraph separators), and a tab is
  // a space: the title is one-line text (it goes into e-mail subjects, and the task form checks it).
  const firstLine = description.trim().split(/\r\n|[\r\n\u2028\u2029]/)[0].replace(/\s+/g, ' ').trim();
  const summary = firstLine.length > SUMMARY_LENGTH ? `${firstLine.slice(0, SUMMARY_LENGTH - 1)}…` : firstLine;
  return translateMessage('problem.title', language, { summary }).slice(0, 200);
}

export async function reportProblem(caller: TaskWorker & { companyId: string }, sourceTaskId: string, body: ProblemReportBody): Promise<Task> {
  const { companyId } = caller;
  const source = await requireTask(companyId, sourceTaskId);
  assertMayWorkTask(caller, source);
  // Photos: uploaded through POST /api/objects/upload for the source task (keys or their URLs).
  const prefix = taskPhotoPrefix(companyId, sourceTaskId);
  const given = [...new Set(body.photoKeys.map((value) => (/^https?:\/\//i.test(value) ? (keyFromPhotoUrl(value) ?? '') : value)))];
  const photoKeys = await Promise.all(given.map((key) => requireUploadedKey(key || undefined, prefix, PROBLEM_PHOTO_RULES)));
  const company = await getCompany(companyId);
  const language = LANGUAGE[company?.preferredLanguage ?? 'portuguese'] ?? 'pt';
  const now = new Date();
  const at = now.toISOString();
  const workOrderId = ulid(now.getTime());
  // The reporter may still work the source task when the transaction runs (staff: still theirs).
  const staff = caller.role === 'staff';
  const sourceCheck = {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.task(companyId, sourceTaskId),
      ConditionExpression: staff ? 'attribute_exists(pk) AND assignedUserId = :me' : 'attribute_exists(pk)',
      ...(staff ? { ExpressionAttributeValues: { ':me': caller.userId } } : {}),
    },
  };
  const sourceHistory = taskHistoryPut(companyId, sourceTaskId, {
    at,
    actorUserId: caller.userId,
    action: 'problem_reported',
    changes: [],
    details: { workOrderId, urgency: body.urgency },
  });
  const workOrder = await createTask(
    companyId,
    {
      type: 'maintenance',
      title: workOrderTitle(body.description, language),
      description: body.description,
      propertyId: source.propertyId,
      assignedUserId: null,
      status: 'pending',
      dueDate: null,
    },
    now,
    caller.userId,
    {
      id: workOrderId,
      sourceTaskId,
      urgency: body.urgency,
      photos: photoKeys.map((key) => ({ key, uploadedAt: at, uploadedBy: caller.userId })),
      photoKeys,
    },
    {
      items: [sourceCheck, sourceHistory],
      errorFor: () => new ForbiddenError(),
      // The work order's events in its transaction (the events outbox).
      events: (created) => taskEvents(undefined, created, { companyId, actorUserId: caller.userId, issue: true, now }),
    },
  );
  return workOrder;
}
