// The figures of the Reports screen (SPEC "Reports") for a date range and a report type, from
// counters only: one Query over the range's day items (at most 366), the company counters (one
// GetItem), and, per section, the team (bounded by the plan), the most active property (one
// GetItem) or the money counters. Tasks count in the range they were created in, with their
// current status; completions count on the day they happened.
import { TASK_STATUSES, TASK_TYPES, type Role, type TaskStatus, type TaskType } from '#shared/enums';
import {
  completionRate,
  daysInRange,
  eachDay,
  reportRange,
  roundedRatio,
  utcDay,
  type DayRange,
  type ReportRangeKey,
} from '#shared/rules';
import type { ReportType } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { overdueTotals } from '#functions/data/repositories/invoices';
import { getProperty } from '#functions/data/repositories/properties';
import { getFinanceCounters, queryDayStats, type DayStats } from '#functions/data/repositories/report-stats';
import { getStats } from '#functions/data/repositories/stats';
import { listMembers } from '#functions/data/repositories/users';
import { money, type Money } from '#shared/money';

export interface ReportRequest {
  range: ReportRangeKey;
  type: ReportType;
  from?: string;
  to?: string;
}

export interface TimelinePoint {
  /** A day (YYYY-MM-DD) for ranges up to 31 days, else a month (YYYY-MM). */
  period: string;
  created: number;
  completed: number;
}

export interface TaskSection {
  total: number;
  completed: number;
  inProgress: number;
  pending: number;
  cancelled: number;
  /** Rounded percentage of completed tasks; 0 when there are none. */
  completionRate: number;
  byType: Record<TaskType, number>;
  byStatus: Record<TaskStatus, number>;
  /** Completions that happened in the range (of tasks created at any time). */
  completedInRange: number;
  timeline: TimelinePoint[];
}

export interface PropertySection {
  /** The company's properties (all of them are active). */
  active: number;
  averageTasksPerProperty: number;
  /** The property with most tasks created in the range (ties: the first by id); null = N/A. */
  mostActive: { id: string; name: string; tasks: number } | null;
  /** Tasks created in the range per property id. */
  tasksByProperty: Record<string, number>;
}

export interface TeamMemberFigures {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Tasks completed in the range with this member as assignee. */
  completedInRange: number;
  /** Tasks completed ever (the top-performers counter). */
  completedTotal: number;
}

export interface TeamSection {
  members: number;
  /** Tasks completed on time ÷ tasks completed, of the range's tasks, rounded (the metrics' teamEfficiency rule). */
  efficiency: number;
  tasksPerMember: number;
  people: TeamMemberFigures[];
}

export interface FinancialSection {
  /** Invoices paid in the range, expenses dated in it, and the difference. */
  revenue: Money;
  paidInvoices: number;
  expenses: Money;
  expenseCount: number;
  netProfit: Money;
  /** Unpaid invoices now (not limited to the range), and the overdue ones. */
  outstanding: Money;
  overdueCount: number;
  overdueTotal: Money;
}

export interface Report {
  companyName: string;
  range: DayRange & { key: ReportRangeKey; days: number };
  type: ReportType;
  generatedAt: string;
  /** The company's time zone: the exports show times in it. */
  timeZone: string;
  tasks: TaskSection | null;
  properties: PropertySection | null;
  team: TeamSection | null;
  financial: FinancialSection | null;
  /** Staff do not see money: the financial section is left out for them. */
  includesFinancial: boolean;
  /** Day rows of the range (for the exports' daily sheet). */
  days: DayStats[];
}

const wants = (type: ReportType, section: Exclude<ReportType, 'all'>) => type === 'all' || type === section;

function sum(days: DayStats[], pick: (day: DayStats) => number): number {
  return days.reduce((total, day) => total + pick(day), 0);
}

function sumMaps(maps: Array<Record<string, number>>): Record<string, number> {
  const total: Record<string, number> = {};
  for (const map of maps) for (const [key, value] of Object.entries(map)) total[key] = (total[key] ?? 0) + value;
  return total;
}

function timeline(range: DayRange, days: DayStats[]): TimelinePoint[] {
  const byMonth = daysInRange(range) > 31;
  const periods = byMonth ? [...new Set(eachDay(range).map((day) => day.slice(0, 7)))] : eachDay(range);
  const points = new Map(periods.map((period) => [period, { period, created: 0, completed: 0 }]));
  for (const day of days) {
    const point = points.get(byMonth ? day.day.slice(0, 7) : day.day);
    if (!point) continue;
    point.created += day.taskCount;
    point.completed += day.done;
  }
  return [...points.values()];
}

export async function buildReport(
  companyId: string,
  request: ReportRequest,
  options: { includeFinancial: boolean; now?: Date },
): Promise<Report> {
  const now = options.now ?? new Date();
  const range = reportRange(request.range, now, { from: request.from, to: request.to });
  const type = request.type;
  const includeFinancial = options.includeFinancial && wants(type, 'financial');
  const [days, stats, company, people] = await Promise.all([
    queryDayStats(companyId, range.from, range.to),
    getStats(companyId),
    getCompany(companyId),
    wants(type, 'team') ? listMembers(companyId) : Promise.resolve(undefined),
  ]);

  const byStatus = Object.fromEntries(TASK_STATUSES.map((s) => [s, sum(days, (d) => d.byStatus[s])])) as Record<TaskStatus, number>;
  const byType = Object.fromEntries(TASK_TYPES.map((t) => [t, sum(days, (d) => d.byType[t])])) as Record<TaskType, number>;
  const total = sum(days, (d) => d.taskCount);
  const onTime = sum(days, (d) => d.onTime);

  const tasks: TaskSection | null = wants(type, 'tasks')
    ? {
        total,
        completed: byStatus.completed,
        inProgress: byStatus.in_progress,
        pending: byStatus.pending,
        cancelled: byStatus.cancelled,
        completionRate: completionRate(byStatus.completed, total),
        byType,
        byStatus,
        completedInRange: sum(days, (d) => d.done),
        timeline: timeline(range, days),
      }
    : null;

  let properties: PropertySection | null = null;
  if (wants(type, 'properties')) {
    const tasksByProperty = Object.fromEntries(Object.entries(sumMaps(days.map((d) => d.byProperty))).filter(([, count]) => count > 0));
    const [topId, topCount] =
      Object.entries(tasksByProperty).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0] ?? [];
    const top = topId ? await getProperty(companyId, topId) : undefined;
    properties = {
      active: stats.propertyCount,
      averageTasksPerProperty: roundedRatio(total, stats.propertyCount),
      mostActive: top ? { id: top.id, name: top.name, tasks: topCount } : null,
      tasksByProperty,
    };
  }

  let team: TeamSection | null = null;
  if (people) {
    const doneBy = sumMaps(days.map((d) => d.doneBy));
    team = {
      members: people.length,
      efficiency: completionRate(onTime, byStatus.completed),
      tasksPerMember: roundedRatio(total, people.length),
      people: people
        .map((user) => ({
          id: user.id,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
          email: user.email,
          role: user.role,
          completedInRange: doneBy[user.id] ?? 0,
          completedTotal: user.completedTasks ?? 0,
        }))
        .sort((a, b) => b.completedInRange - a.completedInRange || b.completedTotal - a.completedTotal || a.name.localeCompare(b.name)),
    };
  }

  let financial: FinancialSection | null = null;
  if (includeFinancial) {
    const [finance, overdue] = await Promise.all([getFinanceCounters(companyId), overdueTotals(companyId, utcDay(now))]);
    const revenueCents = sum(days, (d) => d.paidCents);
    const expenseCents = sum(days, (d) => d.expenseCents);
    financial = {
      revenue: money(revenueCents),
      paidInvoices: sum(days, (d) => d.paidCount),
      expenses: money(expenseCents),
      expenseCount: sum(days, (d) => d.expenseCount),
      netProfit: money(revenueCents - expenseCents),
      outstanding: money(finance.unpaidCents),
      overdueCount: overdue.count,
      overdueTotal: money(overdue.cents),
    };
  }

  return {
    companyName: company?.name ?? '',
    range: { ...range, key: request.range, days: daysInRange(range) },
    type,
    generatedAt: now.toISOString(),
    timeZone: company?.timezone ?? 'America/New_York',
    tasks,
    properties,
    team,
    financial,
    includesFinancial: options.includeFinancial,
    days,
  };
}
