// The day's tasks grouped as the member lives them, in the company's time zone: overdue first,
// then today, tomorrow and the next days, then the open tasks without a date.
import { addDays, localDay } from '#shared/days';
import type { DayTask } from './overlay';
import { dateTimeFormat } from '../../../lib/intl';

export type DayGroupKey = 'overdue' | 'undated' | string;

export interface DayGroup {
  /** 'overdue', 'undated' or the calendar day (YYYY-MM-DD, company zone). */
  key: DayGroupKey;
  tasks: DayTask[];
}

/** Groups in order; the tasks keep the server's order (time order) inside each. */
export function groupByDay(tasks: DayTask[], timeZone: string): DayGroup[] {
  const groups = new Map<DayGroupKey, DayTask[]>();
  const add = (key: DayGroupKey, task: DayTask) => groups.set(key, [...(groups.get(key) ?? []), task]);
  for (const task of tasks) {
    if (task.overdue) add('overdue', task);
    else if (!task.dueDate) add('undated', task);
    else add(localDay(task.dueDate, timeZone), task);
  }
  const rank = (key: DayGroupKey) => (key === 'overdue' ? '0' : key === 'undated' ? '9' : `1${key}`);
  return [...groups].map(([key, list]) => ({ key, tasks: list })).sort((a, b) => rank(a.key).localeCompare(rank(b.key)));
}

/** The heading of a group: Overdue, Today, Tomorrow, or the weekday and date. */
export function dayLabel(key: DayGroupKey, today: string, language: string, t: (key: string) => string): string {
  if (key === 'overdue') return t('myDay.overdue');
  if (key === 'undated') return t('myDay.undated');
  if (key === today) return t('myDay.today');
  if (key === addDays(today, 1)) return t('myDay.tomorrow');
  return dateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${key}T12:00:00Z`));
}
