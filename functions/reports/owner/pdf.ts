// The owner report as a PDF, through the exports' one PDF writer (functions/reports/pdf-writer.ts):
// the owner, the month, a summary over their properties, then per property its figures and the
// lists behind them (stays, cleanings, problems, expenses, invoices). Texts in the owner's language,
// days as the company's zone reads them (data.ts), money in USD.
import { formatCalendarDay } from '#shared/rules';
import { formatDateTime, formatUsd } from '../labels';
import { createPdfWriter } from '../pdf-writer';
import type { Figures, OwnerReportData } from './data';
import { OWNER_REPORT_LABELS, formatMonth } from './labels';

export async function ownerReportToPdf(report: OwnerReportData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const language = report.owner.language;
  const l = OWNER_REPORT_LABELS[language];
  const day = (value: string) => formatCalendarDay(value, language);
  const pdf = await createPdfWriter({ title: l.title, compress: options.compress });

  const figures = (f: Figures) => {
    pdf.row(l.stays, f.stays);
    pdf.row(l.nights, `${f.nights} / ${f.nightsAvailable}`);
    pdf.row(l.occupancy, `${f.occupancyPercent}%`, true);
    pdf.row(l.blockedNights, f.blockedNights);
    pdf.row(l.cleaningsDone, f.cleanings);
    pdf.row(l.problemsReported, f.problemsReported);
    pdf.row(l.problemsFixed, f.problemsFixed);
    pdf.row(l.expenses, formatUsd(f.expensesCents, language));
    pdf.row(l.invoiced, formatUsd(f.invoicedCents, language));
    pdf.row(l.paid, formatUsd(f.paidCents, language));
  };
  const list = (title: string, headers: string[], rows: Array<Array<string | number>>, widths: number[]) => {
    pdf.heading(title);
    if (rows.length === 0) pdf.note(l.none);
    else pdf.table(headers, rows, widths);
  };

  pdf.title(l.title);
  if (report.owner.name) pdf.meta(`${l.owner}: ${report.owner.name}`);
  pdf.meta(`${l.company}: ${report.companyName}`);
  pdf.meta(`${l.month}: ${formatMonth(report.month, language)}`);
  pdf.meta(`${l.properties}: ${report.properties.map((p) => p.name).join(', ')}`);
  pdf.meta(`${l.generatedAt}: ${formatDateTime(report.generatedAt, language, report.timeZone)}`);

  if (report.properties.length > 1) {
    pdf.heading(l.summary);
    figures(report.totals);
  }
  for (const property of report.properties) {
    pdf.heading(`${property.name} · ${property.address}`);
    figures(property);
    pdf.note(l.occupancyNote);
    list(l.staysSection, [l.guest, l.checkin, l.checkout, l.nightsInMonth],
      property.stayLines.map((s) => [s.guestName, day(s.checkinDay), day(s.checkoutDay), s.nightsInMonth]), [0.4, 0.2, 0.2, 0.2]);
    list(l.cleaningsSection, [l.task, l.date], property.cleaningLines.map((c) => [c.title, day(c.day)]), [0.7, 0.3]);
    list(l.problemsSection, [l.problem, l.reported, l.fixed],
      property.problemLines.map((p) => [p.title, day(p.reportedDay), p.fixedDay ? day(p.fixedDay) : l.notFixed]), [0.56, 0.22, 0.22]);
    list(l.expensesSection, [l.description, l.category, l.date, l.amount],
      [...property.expenseLines.map((e) => [e.description ?? l.categories[e.category], l.categories[e.category], day(e.date), formatUsd(e.cents, language)]),
        ...(property.expenseLines.length ? [[l.total, '', '', formatUsd(property.expensesCents, language)]] : [])], [0.4, 0.2, 0.2, 0.2]);
    list(l.invoicesSection, [l.client, l.date, l.due, l.status, l.amount],
      [...property.invoiceLines.map((i) => [i.client ?? i.description ?? '—', day(i.issuedDay), day(i.dueDate), l.invoiceStatuses[i.status], formatUsd(i.cents, language)]),
        ...(property.invoiceLines.length ? [[l.total, '', '', '', formatUsd(property.invoicedCents, language)]] : [])], [0.32, 0.17, 0.17, 0.14, 0.2]);
  }
  return pdf.end();
}

export const ownerReportFilename = (report: OwnerReportData, slug: string) =>
  `rentalops-owner-report-${slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'owner'}-${report.month}.pdf`;
