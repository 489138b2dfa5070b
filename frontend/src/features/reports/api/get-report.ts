import useSWR from 'swr';
import type { Role, TaskStatus, TaskType } from '#shared/enums';
import { MAX_REPORT_DAYS, daysInRange, type ReportRangeKey } from '#shared/rules';
import { inRecordYears, type ReportType } from '#shared/schemas';
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

/** A day as the API takes it (YYYY-MM-DD, a real date): a date field also gives years of five digits and more. */
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

export type RangeProblem = { field: 'from' | 'to'; key: 'validation.date' | 'validation.dateOutOfRange' | 'report.rangeOrder' | 'report.rangeTooLong' };

/** The message for a date the API would refuse, or null. */
const dayProblem = (day: string): RangeProblem['key'] | null => (!isDay(day) ? 'validation.date' : !inRecordYears(day) ? 'validation.dateOutOfRange' : null);

/**
 * What is wrong with a custom range, as the server's schema would say it (shared/schemas.ts): a date
 * it does not read or of a year outside 2000-2099, the end before the start, or more than MAX_REPORT_DAYS days. Null when it can be
 * read (or is not custom, or a date is still missing).
 */
export function customRangeProblem(filters: Pick<ReportFilters, 'range' | 'from' | 'to'>): RangeProblem | null {
  if (filters.range !== 'custom') return null;
  for (const field of ['from', 'to'] as const) {
    const key = filters[field] ? dayProblem(filters[field]) : null;
    if (key) return { field, key };
  }
  if (!filters.from || !filters.to) return null;
  if (filters.to < filters.from) return { field: 'to', key: 'report.rangeOrder' };
  return daysInRange({ from: filters.from, to: filters.to }) > MAX_REPORT_DAYS ? { field: 'to', key: 'report.rangeTooLong' } : null;
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
