// Downloads a report file (GET /api/reports/export) and hands it to the browser as a download.
// The answer is binary, so it is read with fetch (cookies and Accept-Language as apiRequest sends
// them: the file's texts follow the interface language); a non-OK answer is re-issued through
// apiRequest so it rejects with the same ApiError and a 401 reaches the shell's redirect.
import type { ExportFormat, ReportType } from '#shared/schemas';
import type { ReportRangeKey } from '#shared/rules';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

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
  const url = `/api/reports/export?${params.toString()}`;
  const response = await fetch(url, { headers: { 'Accept-Language': currentLanguage() }, credentials: 'include' });
  if (!response.ok) {
    await apiRequest('GET', url);
    throw new Error(`${response.status}: ${response.statusText}`);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `report.${request.format}`;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}
