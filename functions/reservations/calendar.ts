// A property's month (GET /api/properties/{id}/calendar?month=YYYY-MM): the reservations that share
// a day with the month, the tasks due in it (company time zone), and the blocks (owner blocks,
// closures) that take its nights. Every read is bounded by the month: the month's occupancy item(s)
// and a BatchGet of the stays they name (any length), one Query on the property's reservations
// checking in within the month (cancelled and older rows), one Query on its tasks' due-date
// entries, a BatchGet of those tasks, and the property's few feeds.
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Task } from '#shared/schemas';
import { db, tableName } from '#functions/data/client';
import { keys, stripKeys } from '#functions/data/keys';
import { listFeeds } from '#functions/data/repositories/calendar-feeds';
import { isBlock, isCancelled, reservationsOverlapping, stayDays } from '#functions/data/repositories/reservations';
import { localInstant, monthBounds } from '#shared/days';
import { reservationView, type CompanyContext } from './service';

async function taskIdsDue(companyId: string, propertyId: string, from: string, to: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.companyPartition(companyId),
          ':from': `${keys.taskDuePrefix(propertyId)}${from}`,
          ':to': `${keys.taskDuePrefix(propertyId)}${to}`,
        },
        ExclusiveStartKey: start,
      }),
    );
    ids.push(...(result.Items ?? []).map((item) => String(item.taskId)));
    start = result.LastEvaluatedKey;
  } while (start);
  return ids;
}

async function getTasks(companyId: string, ids: string[]): Promise<Task[]> {
  const tasks: Task[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let request: Record<string, { Keys: Array<Record<string, unknown>> }> | undefined = {
      [tableName()]: { Keys: ids.slice(i, i + 100).map((id) => keys.task(companyId, id) as unknown as Record<string, unknown>) },
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt += 1) {
      const result = await db.send(new BatchGetCommand({ RequestItems: request }));
      tasks.push(...(result.Responses?.[tableName()] ?? []).map((item) => stripKeys<Task>(item)));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return tasks;
}

export async function propertyMonth(ctx: CompanyContext, propertyId: string, month: string) {
  const { first, next } = monthBounds(month);
  const from = localInstant(first, 0, ctx.timeZone);
  const to = localInstant(next, 0, ctx.timeZone);
  const [reservations, taskIds, feeds] = await Promise.all([
    reservationsOverlapping(ctx.companyId, propertyId, first, next),
    taskIdsDue(ctx.companyId, propertyId, from, to),
    listFeeds(ctx.companyId, propertyId),
  ]);
  const tasks = await getTasks(ctx.companyId, taskIds);
  const sourceOf = new Map(feeds.map((feed) => [feed.id, feed.source]));
  // Blocks (owner blocks, closures) are reservations of kind 'block': they show as blocks, never as guests.
  const live = reservations.filter((reservation) => !(isBlock(reservation) && isCancelled(reservation)));
  const blocks = live
    .filter((reservation) => isBlock(reservation))
    .map((reservation) => {
      const days = stayDays(reservation);
      return {
        start: days.checkinDay,
        end: days.checkoutDay,
        summary: reservation.guestName,
        feedId: reservation.feedId ?? null,
        source: (reservation.feedId && sourceOf.get(reservation.feedId)) || reservation.integrationSource || 'ical',
        reservationId: reservation.id,
        ambiguous: reservation.ambiguous ?? false,
        turnoverTaskId: reservation.turnoverTaskId ?? null,
        turnoverDismissed: reservation.turnoverDismissed ?? false,
      };
    });
  return {
    propertyId,
    month,
    timezone: ctx.timeZone,
    /** The month as local days: from `from` (first day) up to, not including, `to`. */
    from: first,
    to: next,
    reservations: live
      .filter((reservation) => !isBlock(reservation))
      .map(reservationView)
      .sort((a, b) => a.checkinDay.localeCompare(b.checkinDay) || a.id.localeCompare(b.id)),
    tasks: tasks
      .filter((task) => task.propertyId === propertyId && task.dueDate && task.dueDate >= from && task.dueDate < to)
      .map(({ id, type, title, status, dueDate, assignedUserId, reservationId, checklistId, openRequiredItems }) => ({
        id,
        type,
        title,
        status,
        dueDate,
        assignedUserId: assignedUserId ?? null,
        reservationId: reservationId ?? null,
        checklistId: checklistId ?? null,
        openRequiredItems: openRequiredItems ?? 0,
      }))
      .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '')),
    blocks: blocks.sort((a, b) => a.start.localeCompare(b.start)),
  };
}
