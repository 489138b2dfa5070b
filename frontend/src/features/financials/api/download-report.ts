// Downloads a report file (GET /api/reports/export) and hands it to the browser as a download.
import type { ExportFormat, ReportType } from '#shared/schemas';
import type { ReportRangeKey } from '#shared/rules';
import { apiDownload } from '../../../lib/api-client';

export interface ReportExport {
  format: ExportFormat;
  range: ReportRangeKey;
  type: ReportType;
  from?: string;
  to?: string;
}

export async function downloadReport(request: ReportExport): Promise<string> {
  const params = new URLSearchParams({ format: request.format, range: request.range, type: request.type });
  if (request.range === 'custom' && request.from && request.to) {
    params.set('from', request.from);
    params.set('to', request.to);
  }
  return apiDownload(`/api/reports/export?${params.toString()}`, `report.${request.format}`);
}
