// Builds a report file (xlsx or pdf) for a range and a report type.
import type { UiLanguage } from '#shared/enums';
import type { ExportFormat, ReportType } from '#shared/schemas';
import type { ReportRangeKey } from '#shared/rules';
import { listProperties } from '#functions/data/repositories/properties';
import { buildReport } from './report';
import { reportToPdf } from './export-pdf';
import { reportToXlsx, type PropertyName } from './export-xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Most properties listed on the export's Properties sheet (properties are bounded by the plan). */
const MAX_LISTED_PROPERTIES = 1000;

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

async function allProperties(companyId: string): Promise<PropertyName[]> {
  const names: PropertyName[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProperties(companyId, { limit: 100, cursor });
    names.push(...page.items.map((p) => ({ id: p.id, name: p.name })));
    cursor = page.cursor;
  } while (cursor && names.length < MAX_LISTED_PROPERTIES);
  return names;
}

export async function exportReport(
  companyId: string,
  request: { format: ExportFormat; range: ReportRangeKey; type: ReportType; from?: string; to?: string },
  options: { language: UiLanguage; includeFinancial: boolean; now?: Date },
): Promise<ReportFile> {
  const report = await buildReport(companyId, request, { includeFinancial: options.includeFinancial, now: options.now });
  const body =
    request.format === 'xlsx'
      ? await reportToXlsx(report, options.language, report.properties ? await allProperties(companyId) : [])
      : await reportToPdf(report, options.language);
  return {
    filename: `rentalops-report-${report.type}-${report.range.from}_${report.range.to}.${request.format}`,
    contentType: CONTENT_TYPES[request.format],
    body,
  };
}
