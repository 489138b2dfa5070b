// GET /api/me/tasks: the caller's own tasks from today (company time zone) for `days` days, plus
// the overdue open ones and the undated open ones, in time order, each with its property (map
// link; access fields when the caller may see them), the next guest's arrival at that property
// after the task (same-day turnovers flagged) and its stored checklist. Reads: the company, three
// Queries of the caller's task list, BatchGets of the tasks, their properties and checklists, and
// one Query of check-ins per property in the list. Photos and checklist URLs are presigned by the
// handler (functions/photos, functions/checklists).
import { addDays } from '#shared/days';
import {
  accessWindowEnd,
  nextCheckinAfter,
  propertyWithAccess,
  seesAllAccess,
  startOfLocalDay,
  type MyTaskProperty,
  type NextCheckin,
} from '#shared/property-access';
import { zonedTime } from '#shared/rules';
import type { Property, Reservation, Task } from '#shared/schemas';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import {
  assignedTaskEntries,
  checkinsFrom,
  checklistsOf,
  propertiesWithOpenTaskDueBefore,
  tasksByIds,
} from '#functions/data/repositories/assigned-tasks';
import type { StoredChecklist, TaskWithChecklist } from '#functions/data/repositories/checklists';
import { DEFAULT_TIME_ZONE, type AccessCaller } from './property-access';

export type StoredTask = TaskWithChecklist & { photos?: Array<{ key: string; uploadedAt: string; uploadedBy: string }>; photoKeys?: string[] };

export interface MyTaskDraft {
  task: StoredTask;
  overdue: boolean;
  property: MyTaskProperty | null;
  nextCheckin: NextCheckin | null;
  checklist: StoredChecklist | null;
}

export interface MyTasksDraft {
  timeZone: string;
  from: string;
  to: string;
  days: number;
  tasks: MyTaskDraft[];
}

const isOpen = (task: Pick<Task, 'status'>) => task.status === 'pending' || task.status === 'in_progress';

/** The next check-ins of each property, from the earliest moment any of `tasks` there needs. */
export async function checkinsByProperty(companyId: string, tasks: readonly Pick<Task, 'propertyId' | 'dueDate'>[], now: Date): Promise<Map<string, Reservation[]>> {
  const earliest = new Map<string, string>();
  for (const task of tasks) {
    const since = task.dueDate ? new Date(task.dueDate).toISOString() : now.toISOString();
    const known = earliest.get(task.propertyId);
    if (!known || since < known) earliest.set(task.propertyId, since);
  }
  const entries = await Promise.all(
    [...earliest].map(async ([propertyId, since]) => [propertyId, await checkinsFrom(companyId, propertyId, since)] as const),
  );
  return new Map(entries);
}

export async function myTasks(caller: AccessCaller, days: number, now = new Date()): Promise<MyTasksDraft> {
  const company = await getCompany(caller.companyId);
  const timeZone = company?.timezone ?? DEFAULT_TIME_ZONE;
  const from = startOfLocalDay(now, timeZone, 0);
  const to = startOfLocalDay(now, timeZone, days);
  const accessEnd = accessWindowEnd(now, timeZone);
  const [entries, extraAccess] = await Promise.all([
    assignedTaskEntries(caller.companyId, caller.userId, { from, to }),
    // The window's open tasks answer who may see access fields unless it ends before tomorrow does.
    !seesAllAccess(caller.role) && to < accessEnd
      ? propertiesWithOpenTaskDueBefore(caller.companyId, caller.userId, accessEnd)
      : Promise.resolve(new Set<string>()),
  ]);
  const stored = await tasksByIds<StoredTask>(caller.companyId, entries.map((entry) => entry.taskId));
  const byId = new Map(stored.map((task) => [task.id, task]));
  // The list entry and the task are written in one transaction; the task is the truth either way.
  const tasks = entries
    .map((entry) => byId.get(entry.taskId))
    .filter((task): task is StoredTask => Boolean(task && task.assignedUserId === caller.userId && task.status !== 'cancelled'));
  const propertyIds = [...new Set(tasks.map((task) => task.propertyId))];
  const [propertyItems, checklists, checkins] = await Promise.all([
    propertyIds.length ? getItems(propertyIds.map((id) => keys.property(caller.companyId, id))) : Promise.resolve([]),
    checklistsOf(caller.companyId, tasks),
    checkinsByProperty(caller.companyId, tasks, now),
  ]);
  const properties = new Map<string, Property>();
  propertyItems.forEach((item, i) => item && properties.set(propertyIds[i], item as unknown as Property));
  const mayAccess = new Set(extraAccess);
  for (const task of tasks) {
    if (isOpen(task) && task.dueDate && Date.parse(task.dueDate) < accessEnd.getTime()) mayAccess.add(task.propertyId);
  }
  const visible = (propertyId: string) => seesAllAccess(caller.role) || mayAccess.has(propertyId);
  return {
    timeZone,
    from: zonedTime(from, timeZone).date,
    to: addDays(zonedTime(from, timeZone).date, days - 1),
    days,
    tasks: tasks.map((task) => {
      const property = properties.get(task.propertyId);
      const view = property ? propertyWithAccess(property, visible(property.id)) : undefined;
      return {
        task,
        overdue: isOpen(task) && Boolean(task.dueDate) && Date.parse(task.dueDate!) < from.getTime(),
        property: view
          ? { id: view.id, name: view.name, address: view.address, mapUrl: view.mapUrl, ...('accessNotes' in view ? { accessNotes: view.accessNotes, doorCode: view.doorCode } : {}) }
          : null,
        nextCheckin: nextCheckinAfter(checkins.get(task.propertyId) ?? [], task.dueDate, timeZone, now),
        checklist: checklists.get(task.id) ?? null,
      };
    }),
  };
}
