// Downloads a report file (GET /api/reports/export) for the screen's filters, as a browser download.
import type { ExportFormat } from '#shared/report-query';
import { apiDownload } from '../../../lib/api-client';
import type { ReportFilters } from './get-report';

export async function downloadReport(format: ExportFormat, filters: ReportFilters): Promise<string> {
  const params = new URLSearchParams({ format, range: filters.range, type: filters.type });
  if (filters.range === 'custom' && filters.from && filters.to) {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  return apiDownload(`/api/reports/export?${params.toString()}`, `report.${format}`);
}
