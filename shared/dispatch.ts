// The dispatch board (/dispatch, GET /api/dispatch?week=YYYY-MM-DD): its answer's shape, the
// planned duration of each task type, and the Monday-start week in a company's time zone.
import { addDays } from './days';
import { TASK_TYPES, type TaskType } from './enums';
import { MAX_TASK_DURATION_MINUTES, MIN_TASK_DURATION_MINUTES, type Task } from './schemas';

/** Minutes a task of each type is planned to take when the company has not set its own. */
export const DEFAULT_TASK_DURATIONS: Readonly<Record<TaskType, number>> = { cleaning: 120, maintenance: 90, laundry: 60, inspection: 30 };

export type TaskDurations = Record<TaskType, number>;

/** The company's durations with the defaults for anything missing or unusable. */
export function taskDurationsOf(stored: Partial<Record<string, unknown>> | null | undefined): TaskDurations {
  const durations = { ...DEFAULT_TASK_DURATIONS };
  for (const type of TASK_TYPES) {
    const value = stored?.[type];
    if (typeof value === 'number' && Number.isInteger(value) && value >= MIN_TASK_DURATION_MINUTES && value <= MAX_TASK_DURATION_MINUTES) {
      durations[type] = value;
    }
  }
  return durations;
}

/**
 * How long a task is planned to take: its own measured time when it was completed with one
 * (actualMinutes), else the company's duration for its type.
 */
export function plannedMinutes(task: Pick<Task, 'type' | 'status' | 'actualMinutes'>, durations: TaskDurations): number {
  if (task.status === 'completed' && typeof task.actualMinutes === 'number' && task.actualMinutes > 0) return task.actualMinutes;
  return durations[task.type] ?? DEFAULT_TASK_DURATIONS.cleaning;
}

/** The Monday of the week holding the calendar date `date`. */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven dates of the week that starts on `monday` (or of any seven days from a first one). */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Saturday or Sunday (a calendar date). */
export function isWeekend(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * Which seven days the board shows: the calendar week (`week`, Monday to Sunday) or seven days from
 * a first one (`rolling`: from today by default, so a Sunday evening plans Monday without a click).
 */
export function boardDays(
  query: { week?: string; from?: string; view?: 'week' | 'rolling' },
  today: string,
): { view: 'week' | 'rolling'; start: string } {
  const view = query.view ?? (query.from ? 'rolling' : query.week ? 'week' : isWeekend(today) ? 'rolling' : 'week');
  return view === 'rolling' ? { view, start: query.from ?? today } : { view, start: mondayOf(query.week ?? today) };
}

export type DispatchWarning =
  /** The member has another task at the same time. */
  | { kind: 'overlap'; taskId: string; withTaskId: string }
  /** A cleaning that would still run when the next guest checks in at the property. */
  | { kind: 'checkin'; taskId: string; reservationId: string; checkinAt: string }
  /** The member works shifts that day, and the task is not inside one of them. */
  | { kind: 'offShift'; taskId: string; shifts: string[] };

export interface DispatchCard {
  task: Task;
  /** The property's name (its id when it is gone). */
  propertyName: string;
  /** Local date (company zone) the task starts on. */
  day: string;
  /** Planned minutes and the instant it ends (start + minutes). */
  minutes: number;
  endsAt: string;
  warnings: DispatchWarning[];
}

export interface DispatchMember {
  id: string;
  name: string;
  role: string;
  /** Not a member any more (tasks still assigned to someone who left). */
  former?: boolean;
}

export interface DispatchRow {
  /** null: the unassigned row. */
  member: DispatchMember | null;
  /** Planned minutes of the row's tasks this week (cancelled tasks are not on the board). */
  workloadMinutes: number;
  /** Planned minutes per local date. */
  minutesByDay: Record<string, number>;
  /** The shifts the member is scheduled on, per local date (only the days they have one). */
  shiftsByDay: Record<string, string[]>;
  warningCount: number;
  cards: DispatchCard[];
}

export interface DispatchBoard {
  /**
   * The seven days shown: `view` 'week' is a calendar week (start a Monday), 'rolling' seven days
   * from `start` (today's by default). `previous` and `next` are the starts seven days either side.
   */
  week: { view: 'week' | 'rolling'; start: string; days: string[]; timeZone: string; today: string; previous: string; next: string };
  durations: TaskDurations;
  rows: DispatchRow[];
}
