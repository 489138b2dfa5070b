import useSWR from 'swr';
import type { Role, TaskStatus, TaskType } from '#shared/enums';
import type { ReportRangeKey } from '#shared/rules';
import { reportQuery, type ReportType } from '#shared/report-query';
import type { ApiError } from '../../../lib/api-client';

export interface Money {
  cents: number;
  amount: string;
}

/** GET /api/reports (functions/reports/report.ts); sections outside the report type are null. */
export interface Report {
  companyName: string;
  range: { key: ReportRangeKey; from: string; to: string; days: number };
  type: ReportType;
  generatedAt: string;
  tasks: {
    total: number;
    completed: number;
    inProgress: number;
    pending: number;
    cancelled: number;
    completionRate: number;
    byType: Record<TaskType, number>;
    byStatus: Record<TaskStatus, number>;
    completedInRange: number;
    timeline: Array<{ period: string; created: number; completed: number }>;
  } | null;
  properties: {
    active: number;
    averageTasksPerProperty: number;
    mostActive: { id: string; name: string; tasks: number } | null;
  } | null;
  team: {
    members: number;
    efficiency: number;
    tasksPerMember: number;
    people: Array<{ id: string; name: string; role: Role; completedInRange: number; completedTotal: number }>;
  } | null;
  financial: {
    revenue: Money;
    paidInvoices: number;
    expenses: Money;
    expenseCount: number;
    netProfit: Money;
    outstanding: Money;
    overdueCount: number;
    overdueTotal: Money;
  } | null;
  /** False for staff: no money in their reports. */
  includesFinancial: boolean;
}

export interface ReportFilters {
  range: ReportRangeKey;
  type: ReportType;
  from?: string;
  to?: string;
}

export type RangeProblem = { field: 'from' | 'to'; key: string };

/**
 * What is wrong with a custom range, as the server says it: the API's own schema (`reportQuery`,
 * shared/schemas.ts) reads it, so a date it does not read, a year outside the records' years, the
 * end before the start and a range over MAX_REPORT_DAYS are its messages. Null when it can be read,
 * is not custom, or a date is still missing (the screen asks for both dates).
 */
export function customRangeProblem(filters: Pick<ReportFilters, 'range' | 'from' | 'to'>): RangeProblem | null {
  if (filters.range !== 'custom' || (!filters.from && !filters.to)) return null;
  // A missing date takes the other one's value, so only what was typed is judged.
  const from = filters.from ?? filters.to;
  const to = filters.to ?? filters.from;
  const result = reportQuery.safeParse({ range: 'custom', type: 'all', from, to });
  const issue = result.success ? undefined : result.error.issues.find((entry) => entry.path[0] === 'from' || entry.path[0] === 'to');
  return issue ? { field: issue.path[0] as 'from' | 'to', key: issue.message } : null;
}

export function reportUrl(filters: ReportFilters): string | null {
  const params = new URLSearchParams({ range: filters.range, type: filters.type });
  if (filters.range === 'custom') {
    if (!filters.from || !filters.to || customRangeProblem(filters)) return null; // wait for a range the server takes
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  return `/api/reports?${params.toString()}`;
}

/** The report for the filters; the previous figures stay on screen while new ones load. */
export function useReport(filters: ReportFilters) {
  const { data, error, isLoading, isValidating } = useSWR<Report, ApiError>(reportUrl(filters), { keepPreviousData: true });
  return { report: data, error, isLoading, isValidating };
}
