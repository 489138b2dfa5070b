// The monthly owner reports (SCHEDULED_JOBS 'send-owner-reports', hourly): on the 1st of a month in
// a company's zone, each owner of its properties gets the previous month's report (one PDF over all
// their properties) by e-mail through SES as an attachment, in the owner's language, and the send
// is listed in the company's notification history. One send per company, owner and month: a claim
// (conditional put, keys.ownerReportSent) is taken before sending, so reruns and overlapping runs
// never send twice; a send that fails gives its claim back (the next hourly run of the 1st retries)
// and is listed as failed. Outside the hours when some zone is on a 1st the job reads nothing; then
// it reads only the companies with owned properties (a sparse index, keys.ownedPropertyIndex).
import { addDays } from '#shared/days';
import { zonedTime } from '#shared/rules';
import type { Company, Property, PropertyOwner } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { claimOnce, recordNotification, releaseClaim } from '#functions/data/repositories/notifications';
import { allProperties, companiesWithOwners } from '#functions/data/repositories/owner-reports';
import { logger } from '#functions/lib/logger';
import { mailer, type Mailer } from '#functions/mail/mailer';
import { OWNER_REPORT_LABELS, fill, formatMonth } from './labels';
import { DEFAULT_TIME_ZONE, loadOwnerReport } from './load';
import { ownerReportFilename, ownerReportToPdf } from './pdf';

const HOUR_MS = 3_600_000;
/** The claim outlives any rerun of the month. */
const CLAIM_DAYS = 400;
export const OWNER_REPORT_CATEGORY = 'owner_report';
/** The history's sender of a send that no user made. */
export const OWNER_REPORT_SENDER = 'owner-reports';

export interface OwnerReportRun {
  /** Companies on the 1st of a month (their zone) at the run. */
  companies: number;
  sent: number;
  alreadySent: number;
  failed: number;
}

/** The month before the one of `day` (YYYY-MM-DD). */
export const previousMonth = (day: string): string => addDays(`${day.slice(0, 7)}-01`, -1).slice(0, 7);

/** Whether some zone (UTC-12 to UTC+14) is on the 1st of a month at `now`. */
export function someZoneOnFirst(now: Date): boolean {
  return [now.getTime() - 12 * HOUR_MS, now.getTime() + 14 * HOUR_MS].some((t) => new Date(t).toISOString().slice(8, 10) === '01');
}

/** The owners of a company's properties: their properties, by e-mail (case-insensitive). */
export function groupByOwner(properties: readonly Property[]): Array<{ owner: PropertyOwner; properties: Property[] }> {
  const groups = new Map<string, { owner: PropertyOwner; properties: Property[] }>();
  const newestFirst = [...properties].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
  for (const property of newestFirst) {
    if (!property.owner?.email) continue;
    const email = property.owner.email.toLowerCase();
    const group = groups.get(email) ?? { owner: { ...property.owner, email }, properties: [] };
    group.properties.push(property);
    groups.set(email, group);
  }
  return [...groups.values()];
}

/** The e-mail of a report: subject and text in the owner's language, the PDF attached. */
export async function ownerReportMail(report: Awaited<ReturnType<typeof loadOwnerReport>>) {
  const l = OWNER_REPORT_LABELS[report.owner.language];
  const params = {
    name: report.owner.name,
    month: formatMonth(report.month, report.owner.language),
    company: report.companyName,
    properties: report.properties.map((p) => p.name).join(', '),
  };
  const pdf = await ownerReportToPdf(report);
  return {
    to: report.owner.email,
    subject: fill(l.mailSubject, params),
    text: fill(l.mailBody, params),
    attachments: [{ filename: ownerReportFilename(report, report.owner.name), contentType: 'application/pdf', content: pdf }],
  };
}

async function sendCompanyReports(company: Company, month: string, now: Date, send: Mailer, run: OwnerReportRun): Promise<void> {
  for (const { owner, properties } of groupByOwner(await allProperties(company.id))) {
    const marker = keys.ownerReportSent(company.id, month, owner.email);
    if (!(await claimOnce(marker, new Date(now.getTime() + CLAIM_DAYS * 24 * HOUR_MS), { month, owner: owner.email, claimedAt: now.toISOString() }))) {
      run.alreadySent += 1;
      continue;
    }
    let subject: string | null = null;
    let text = '';
    try {
      const report = await loadOwnerReport(company.id, properties, month, owner, now);
      const mail = await ownerReportMail(report);
      subject = mail.subject;
      text = mail.text;
      await send.send(mail);
      await recordNotification({
        userId: OWNER_REPORT_SENDER, companyId: company.id, type: 'email', category: OWNER_REPORT_CATEGORY,
        recipient: owner.email, subject, message: text, status: 'sent', errorMessage: null, sentAt: new Date().toISOString(),
      });
      run.sent += 1;
    } catch (error) {
      run.failed += 1;
      await releaseClaim(marker);
      logger.error('Owner report failed', { companyId: company.id, month, error: error as Error });
      await recordNotification({
        userId: OWNER_REPORT_SENDER, companyId: company.id, type: 'email', category: OWNER_REPORT_CATEGORY,
        recipient: owner.email, subject, message: text || month, status: 'failed', errorMessage: (error as Error).message?.slice(0, 500) ?? 'failed', sentAt: null,
      }).catch(() => undefined);
    }
  }
}

export async function sendOwnerReports(now: Date, send: Mailer = mailer): Promise<OwnerReportRun> {
  const run: OwnerReportRun = { companies: 0, sent: 0, alreadySent: 0, failed: 0 };
  if (!someZoneOnFirst(now)) return run;
  for (const companyId of await companiesWithOwners()) {
    const company = await getCompany(companyId);
    if (!company) continue;
    const local = zonedTime(now, company.timezone ?? DEFAULT_TIME_ZONE).date;
    if (!local.endsWith('-01')) continue;
    run.companies += 1;
    await sendCompanyReports(company, previousMonth(local), now, send, run);
  }
  return run;
}
