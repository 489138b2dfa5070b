// Downloads a report file (GET /api/reports/export) and hands it to the browser as a download.
// The answer is binary, so it is read with fetch (cookies and Accept-Language as apiRequest sends
// them: the file's texts follow the interface language); a non-OK answer is re-issued through
// apiRequest so it rejects with the same ApiError and a 401 reaches the shell's redirect.
import type { ExportFormat } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { ReportFilters } from './get-report';

export async function downloadReport(format: ExportFormat, filters: ReportFilters): Promise<string> {
  const params = new URLSearchParams({ format, range: filters.range, type: filters.type });
  if (filters.range === 'custom' && filters.from && filters.to) {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  const url = `/api/reports/export?${params.toString()}`;
  const response = await fetch(url, { headers: { 'Accept-Language': currentLanguage() }, credentials: 'include' });
  if (!response.ok) {
    await apiRequest('GET', url);
    throw new Error(`${response.status}: ${response.statusText}`);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `report.${format}`;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}
