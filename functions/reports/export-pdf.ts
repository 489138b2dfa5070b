// The PDF export: a header (company, period, type, generation time) and one block per section of
// the report type, as label/value rows and small tables, through the exports' one PDF writer
// (pdf-writer.ts, shared with the owner reports).

import { TASK_STATUSES, TASK_TYPES, type UiLanguage } from '#shared/enums';
import { formatCalendarDay } from '#shared/rules';
import { EXPORT_LABELS, formatDateTime, formatUsd } from './labels';
import { createPdfWriter } from './pdf-writer';
import type { Report } from './report';

export async function reportToPdf(report: Report, language: UiLanguage): Promise<Buffer> {
  const l = EXPORT_LABELS[language];
  const { heading, row, table, ...pdf } = await createPdfWriter({ title: l.title });

  pdf.title(l.title);
  pdf.meta(`${l.company}: ${report.companyName}`);
  pdf.meta(`${l.period}: ${l.ranges[report.range.key]} (${formatCalendarDay(report.range.from, language)} – ${formatCalendarDay(report.range.to, language)})`);
  pdf.meta(`${l.reportType}: ${l.types[report.type]}`);
  pdf.meta(`${l.generatedAt}: ${formatDateTime(report.generatedAt, language, report.timeZone)}`);

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
    pdf.gap(0.4);
    table(
      [l.name, l.role, l.completedInPeriod, l.completedAllTime],
      team.people.map((person) => [person.name, l.roles[person.role], person.completedInRange, person.completedTotal]),
      [0.34, 0.18, 0.24, 0.24],
    );
  }

  if (report.financial) {
    const f = report.financial;
    heading(l.financialSummary);
    row(l.revenue, formatUsd(f.revenue.cents, language));
    row(l.paidInvoices, f.paidInvoices);
    row(l.expenses, formatUsd(f.expenses.cents, language));
    row(l.expenseCount, f.expenseCount);
    row(l.netProfit, formatUsd(f.netProfit.cents, language), true);
    row(l.outstanding, formatUsd(f.outstanding.cents, language));
    row(l.overdueInvoices, f.overdueCount);
    row(l.overdueTotal, formatUsd(f.overdueTotal.cents, language));
  }

  return pdf.end();
}
