// The report's query (GET /api/reports, and its exports): the API validates it and the reports
// screen judges a custom range with the same schema. A module of its own (beside shared/schemas/'s
// domains, and re-exported by shared/schemas.ts) so the reports screen's first load builds these two
// schemas and no other.
import * as z from 'zod/mini';
import { recordDate } from './record-dates';
import { MAX_REPORT_DAYS, REPORT_RANGES, daysInRange } from './rules';

/** Builds a schema lazily enough for bundlers (as in each module of shared/schemas/: esbuild honours the annotation only in its own module). */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

export const REPORT_TYPES = ['all', 'tasks', 'properties', 'team', 'financial'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const reportQueryFields = schema(() => ({
  range: z._default(z.enum(REPORT_RANGES, { error: 'validation.invalid' }), 'this_month'),
  type: z._default(z.enum(REPORT_TYPES, { error: 'validation.invalid' }), 'all'),
  from: z.optional(recordDate()),
  to: z.optional(recordDate()),
}));

function checkCustomRange(query: { range: string; from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (query.range !== 'custom') return;
  if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'report.customRangeRequired' });
  if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.customRangeRequired' });
  if (!query.from || !query.to) return;
  if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.rangeOrder' });
  else if (daysInRange({ from: query.from, to: query.to }) > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'report.rangeTooLong' });
  }
}

export const reportQuery = schema(() => z.object(reportQueryFields).check(z.superRefine(checkCustomRange)));
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = schema(() => z
  .object({ ...reportQueryFields, format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid' }) })
  .check(z.superRefine(checkCustomRange)));
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

