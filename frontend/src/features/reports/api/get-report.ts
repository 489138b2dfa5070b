import useSWR from 'swr';
import type { Role, TaskStatus, TaskType } from '#shared/enums';
import type { ReportRangeKey } from '#shared/rules';
import type { ReportType } from '#shared/schemas';
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

export function reportUrl(filters: ReportFilters): string | null {
  const params = new URLSearchParams({ range: filters.range, type: filters.type });
  if (filters.range === 'custom') {
    if (!filters.from || !filters.to || filters.to < filters.from) return null; // wait for a valid range
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
