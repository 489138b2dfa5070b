// The Excel export: a Summary sheet, one sheet per section of the report type, and a Daily sheet
// with a Total row (SUM formulas with their computed results, so any reader sees the totals).
import type ExcelJS from 'exceljs';
import type { UiLanguage } from '#shared/enums';
import { TASK_STATUSES, TASK_TYPES } from '#shared/enums';
import { eachDay, formatCalendarDay } from '#shared/rules';
import { EXPORT_LABELS, formatDateTime } from './labels';
import type { Report } from './report';

const USD_FORMAT = '"$"#,##0.00';
const PERCENT_FORMAT = '0"%"';

export interface PropertyName {
  id: string;
  name: string;
}

type Cell = string | number | ExcelJS.CellFormulaValue | null;

function header(sheet: ExcelJS.Worksheet, values: string[]) {
  const row = sheet.addRow(values);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF3FF' } };
}

function title(sheet: ExcelJS.Worksheet, text: string) {
  const row = sheet.addRow([text]);
  row.font = { bold: true, size: 13 };
}

/** Rows of a table, then a Total row summing the numeric columns (formula + cached result). */
function tableWithTotal(sheet: ExcelJS.Worksheet, headers: string[], rows: Cell[][], totalLabel: string, numericColumns: number[], formats: Record<number, string> = {}) {
  header(sheet, headers);
  const first = sheet.rowCount + 1;
  for (const values of rows) sheet.addRow(values);
  const last = sheet.rowCount;
  const total: Cell[] = headers.map(() => null);
  total[0] = totalLabel;
  for (const column of numericColumns) {
    const letter = sheet.getColumn(column + 1).letter;
    const result = rows.reduce((acc, row) => acc + Number(row[column] ?? 0), 0);
    total[column] = rows.length
      ? { formula: `SUM(${letter}${first}:${letter}${last})`, result: Math.round(result * 100) / 100 }
      : 0;
  }
  const totalRow = sheet.addRow(total);
  totalRow.font = { bold: true };
  for (const [column, format] of Object.entries(formats)) {
    for (let r = first; r <= totalRow.number; r++) sheet.getRow(r).getCell(Number(column) + 1).numFmt = format;
  }
}

function metricRows(sheet: ExcelJS.Worksheet, rows: Array<[string, Cell, string?]>) {
  for (const [label, value, format] of rows) {
    const row = sheet.addRow([label, value]);
    if (format) row.getCell(2).numFmt = format;
  }
}

export async function reportToXlsx(report: Report, language: UiLanguage, properties: PropertyName[]): Promise<Buffer> {
  const l = EXPORT_LABELS[language];
  // Loaded on first use: exceljs is most of the export function's code (README, "Performance").
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'RentalOps';
  workbook.created = new Date(report.generatedAt);

  const summary = workbook.addWorksheet(l.sheets.summary);
  summary.columns = [{ width: 38 }, { width: 36 }];
  title(summary, l.title);
  metricRows(summary, [
    [l.company, report.companyName],
    [l.period, `${l.ranges[report.range.key]}: ${formatCalendarDay(report.range.from, language)} – ${formatCalendarDay(report.range.to, language)}`],
    [l.reportType, l.types[report.type]],
    [l.generatedAt, formatDateTime(report.generatedAt, language, report.timeZone)],
  ]);
  summary.addRow([]);
  header(summary, [l.metric, l.value]);
  if (report.tasks) {
    metricRows(summary, [
      [l.totalTasks, report.tasks.total],
      [l.completed, report.tasks.completed],
      [l.completionRate, report.tasks.completionRate, PERCENT_FORMAT],
    ]);
  }
  if (report.properties) {
    metricRows(summary, [
      [l.activeProperties, report.properties.active],
      [l.mostActiveProperty, report.properties.mostActive?.name ?? l.notAvailable],
    ]);
  }
  if (report.team) {
    metricRows(summary, [
      [l.teamMembers, report.team.members],
      [l.teamEfficiency, report.team.efficiency, PERCENT_FORMAT],
    ]);
  }
  if (report.financial) {
    metricRows(summary, [
      [l.revenue, report.financial.revenue.cents / 100, USD_FORMAT],
      [l.expenses, report.financial.expenses.cents / 100, USD_FORMAT],
      [l.netProfit, report.financial.netProfit.cents / 100, USD_FORMAT],
    ]);
  }

  if (report.tasks) {
    const sheet = workbook.addWorksheet(l.sheets.tasks);
    sheet.columns = [{ width: 32 }, { width: 16 }];
    title(sheet, l.taskPerformance);
    header(sheet, [l.metric, l.value]);
    metricRows(sheet, [
      [l.totalTasks, report.tasks.total],
      [l.completed, report.tasks.completed],
      [l.inProgress, report.tasks.inProgress],
      [l.pending, report.tasks.pending],
      [l.cancelled, report.tasks.cancelled],
      [l.completionRate, report.tasks.completionRate, PERCENT_FORMAT],
      [l.completedInRange, report.tasks.completedInRange],
    ]);
    sheet.addRow([]);
    title(sheet, l.tasksByType);
    tableWithTotal(sheet, [l.tasksByType, l.tasks], TASK_TYPES.map((t) => [l.taskTypes[t], report.tasks!.byType[t]]), l.total, [1]);
    sheet.addRow([]);
    title(sheet, l.tasksByStatus);
    tableWithTotal(sheet, [l.tasksByStatus, l.tasks], TASK_STATUSES.map((s) => [l.taskStatuses[s], report.tasks!.byStatus[s]]), l.total, [1]);
  }

  if (report.properties) {
    const sheet = workbook.addWorksheet(l.sheets.properties);
    sheet.columns = [{ width: 36 }, { width: 16 }];
    title(sheet, l.propertyOverview);
    header(sheet, [l.metric, l.value]);
    metricRows(sheet, [
      [l.activeProperties, report.properties.active],
      [l.averageTasksPerProperty, report.properties.averageTasksPerProperty],
      [l.mostActiveProperty, report.properties.mostActive?.name ?? l.notAvailable],
    ]);
    sheet.addRow([]);
    const counts = report.properties.tasksByProperty;
    const rows = properties
      .map((p) => [p.name, counts[p.id] ?? 0] as Cell[])
      .sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0]).localeCompare(String(b[0])));
    tableWithTotal(sheet, [l.property, l.tasks], rows, l.total, [1]);
  }

  if (report.team) {
    const sheet = workbook.addWorksheet(l.sheets.team);
    sheet.columns = [{ width: 28 }, { width: 34 }, { width: 14 }, { width: 24 }, { width: 22 }];
    title(sheet, l.teamPerformance);
    header(sheet, [l.metric, l.value]);
    metricRows(sheet, [
      [l.teamMembers, report.team.members],
      [l.teamEfficiency, report.team.efficiency, PERCENT_FORMAT],
      [l.tasksPerMember, report.team.tasksPerMember],
    ]);
    sheet.addRow([]);
    tableWithTotal(
      sheet,
      [l.name, l.email, l.role, l.completedInPeriod, l.completedAllTime],
      report.team.people.map((p) => [p.name, p.email, l.roles[p.role], p.completedInRange, p.completedTotal]),
      l.total,
      [3, 4],
    );
  }

  if (report.financial) {
    const f = report.financial;
    const sheet = workbook.addWorksheet(l.sheets.financial);
    sheet.columns = [{ width: 36 }, { width: 18 }];
    title(sheet, l.financialSummary);
    header(sheet, [l.metric, l.value]);
    metricRows(sheet, [
      [l.revenue, f.revenue.cents / 100, USD_FORMAT],
      [l.paidInvoices, f.paidInvoices],
      [l.expenses, f.expenses.cents / 100, USD_FORMAT],
      [l.expenseCount, f.expenseCount],
      [l.netProfit, f.netProfit.cents / 100, USD_FORMAT],
      [l.outstanding, f.outstanding.cents / 100, USD_FORMAT],
      [l.overdueInvoices, f.overdueCount],
      [l.overdueTotal, f.overdueTotal.cents / 100, USD_FORMAT],
    ]);
  }

  if (report.tasks || report.financial) {
    const sheet = workbook.addWorksheet(l.sheets.daily);
    const byDay = new Map(report.days.map((d) => [d.day, d]));
    const headers = [l.date];
    if (report.tasks) headers.push(l.tasksCreated, l.tasksCompleted);
    if (report.financial) headers.push(l.revenue, l.expenses);
    sheet.columns = headers.map((_, i) => ({ width: i === 0 ? 14 : 18 }));
    const rows = eachDay(report.range).map((day) => {
      const d = byDay.get(day);
      const row: Cell[] = [day];
      if (report.tasks) row.push(d?.taskCount ?? 0, d?.done ?? 0);
      if (report.financial) row.push((d?.paidCents ?? 0) / 100, (d?.expenseCents ?? 0) / 100);
      return row;
    });
    const numeric = headers.slice(1).map((_, i) => i + 1);
    const formats: Record<number, string> = {};
    if (report.financial) {
      formats[headers.length - 2] = USD_FORMAT;
      formats[headers.length - 1] = USD_FORMAT;
    }
    title(sheet, l.daily);
    tableWithTotal(sheet, headers, rows, l.total, numeric, formats);
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
