// Zod schemas for every entity of SPEC.md point 3 and every request body of point 7.
// Error messages are keys of shared/messages.ts (issueMessageKey names one for the issues that carry
// none). Built with zod/mini, zod's functional API: its schemas carry no method table that pulls in
// all of zod, so a bundle holds (and a Lambda function's start-up runs) only the parts it uses.
//
// The schemas live in one module per domain (shared/schemas/: tasks, reservations, financials…, and
// fields.ts for the fields and text checks they share); this file only re-exports them, so everything
// imports `#shared/schemas`. Split because a bundler places a module whole: as one module, every
// schema any lazily loaded screen or dialog used went into one shared chunk, and the first of them
// to load built all of those (~150 schemas, ~20 ms of a desktop's main thread, 4x on a phone). Now
// a chunk builds the schemas of the domains it uses.
export {
  genericIssueMessage,
  issueMessageKey,
  hasHiddenCharacters,
  asOneLine,
  withoutHiddenCharacters,
  isoDate,
  pageQuery,
  type TextLines,
  type PageQuery,
} from './schemas/fields';
export { MIN_RECORD_YEAR, MAX_RECORD_YEAR, inRecordYears } from './record-dates';
export * from './schemas/companies';
export * from './schemas/settings';
export * from './schemas/uploads';
export * from './schemas/auth';
export * from './schemas/team';
export * from './schemas/property-groups';
export * from './schemas/owners';
export * from './schemas/properties';
export * from './schemas/owner-reports';
export * from './schemas/reservations';
export * from './schemas/feeds';
export * from './schemas/tasks';
export * from './schemas/checklists';
export * from './schemas/financials';
export { REPORT_TYPES, EXPORT_FORMATS, reportQuery, reportExportQuery, type ReportType, type ExportFormat, type ReportQuery, type ReportExportQuery } from './report-query';
export * from './schemas/notifications';
export * from './schemas/shifts';
export * from './schemas/billing';
export * from './schemas/webhooks';
export * from './schemas/public-api';
export * from './schemas/portfolio';
