// The PDF export: a header (company, period, type, generation time) and one block per section of
// the report type, as label/value rows and small tables. Built in memory with pdfkit's standard
// Helvetica (WinAnsi covers Portuguese and Spanish accents).

import { TASK_STATUSES, TASK_TYPES, type UiLanguage } from '#shared/enums';
import { formatCalendarDay } from '#shared/rules';
import { EXPORT_LABELS, formatDateTime, formatUsd } from './labels';
import type { Report } from './report';

const MARGIN = 50;
const BRAND = '#2547e0';
const MUTED = '#6b7585';

export async function reportToPdf(report: Report, language: UiLanguage): Promise<Buffer> {
  const l = EXPORT_LABELS[language];
  // Loaded on first use: pdfkit is most of the export function's code (README, "Performance").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: l.title, Author: 'RentalOps' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensureSpace(60);
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(14).fillColor(BRAND).text(text, MARGIN, doc.y, { width });
    doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + width, doc.y + 2).strokeColor('#dbe5fe').stroke();
    doc.moveDown(0.5);
  };
  const row = (label: string, value: string | number, bold = false) => {
    ensureSpace(18);
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5).fillColor('#12161d');
    doc.text(label, MARGIN, y, { width: width * 0.65 });
    doc.text(String(value), MARGIN + width * 0.65, y, { width: width * 0.35, align: 'right' });
    doc.y = Math.max(doc.y, y + 15);
  };
  const table = (headers: string[], rows: Array<Array<string | number>>, widths: number[]) => {
    const cell = (values: Array<string | number>, bold: boolean) => {
      ensureSpace(18);
      const y = doc.y;
      let x = MARGIN;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(bold ? '#12161d' : '#222833');
      values.forEach((value, i) => {
        const w = width * widths[i];
        doc.text(String(value), x, y, { width: w - 6, align: i === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
        x += w;
      });
      doc.y = y + 15;
    };
    cell(headers, true);
    rows.forEach((values) => cell(values, false));
    doc.moveDown(0.4);
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(l.title, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10.5).fillColor(MUTED);
  doc.text(`${l.company}: ${report.companyName}`);
  doc.text(`${l.period}: ${l.ranges[report.range.key]} (${formatCalendarDay(report.range.from, language)} – ${formatCalendarDay(report.range.to, language)})`);
  doc.text(`${l.reportType}: ${l.types[report.type]}`);
  doc.text(`${l.generatedAt}: ${formatDateTime(report.generatedAt, language)}`);

  if (report.tasks) {
    const t = report.tasks;
    heading(l.taskPerformance);
    row(l.totalTasks, t.total);
    row(l.completed, t.completed);
    row(l.inProgress, t.inProgress);
    row(l.pending, t.pending);
    row(l.cancelled, t.cancelled);
    row(l.completionRate, `${t.completionRate}%`, true);
    row(l.completedInRange, t.completedInRange);
    heading(l.tasksByType);
    table([l.tasksByType, l.tasks], [...TASK_TYPES.map((type) => [l.taskTypes[type], t.byType[type]]), [l.total, t.total]], [0.7, 0.3]);
    heading(l.tasksByStatus);
    table([l.tasksByStatus, l.tasks], [...TASK_STATUSES.map((s) => [l.taskStatuses[s], t.byStatus[s]]), [l.total, t.total]], [0.7, 0.3]);
  }

  if (report.properties) {
    const p = report.properties;
    heading(l.propertyOverview);
    row(l.activeProperties, p.active);
    row(l.averageTasksPerProperty, p.averageTasksPerProperty);
    row(l.mostActiveProperty, p.mostActive ? `${p.mostActive.name} (${p.mostActive.tasks})` : l.notAvailable);
  }

  if (report.team) {
    const team = report.team;
    heading(l.teamPerformance);
    row(l.teamMembers, team.members);
    row(l.teamEfficiency, `${team.efficiency}%`);
    row(l.tasksPerMember, team.tasksPerMember);
    doc.moveDown(0.4);
    table(
      [l.name, l.role, l.completedInPeriod, l.completedAllTime],
      team.people.map((person) => [person.name, l.roles[person.role], person.completedInRange, person.completedTotal]),
      [0.34, 0.18, 0.24, 0.24],
    );
  }

  if (report.financial) {
    const f = report.financial;
    heading(l.financialSummary);
    row(l.revenue, formatUsd(f.revenue.cents));
    row(l.paidInvoices, f.paidInvoices);
    row(l.expenses, formatUsd(f.expenses.cents));
    row(l.expenseCount, f.expenseCount);
    row(l.netProfit, formatUsd(f.netProfit.cents), true);
    row(l.outstanding, formatUsd(f.outstanding.cents));
    row(l.overdueInvoices, f.overdueCount);
    row(l.overdueTotal, formatUsd(f.overdueTotal.cents));
  }

  doc.end();
  return finished;
}
