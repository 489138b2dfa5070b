// The monthly owner reports' worker (QUEUE_WORKERS 'owner-reports', functions/handlers/send-owner-report.ts):
// one message per company, owner and month (queued by ./dispatch.ts on the 1st of a month in the
// company's zone). The owner gets the previous month's report (one PDF over all their properties) by
// e-mail through SES as an attachment, in the owner's language, and the send is listed in the
// company's notification history. One send per company, owner and month: a claim (conditional put,
// keys.ownerReportSent) is taken before sending, so reruns, overlapping runs and redelivered messages
// never send twice; a send that fails gives its claim back and throws (SQS delivers the message
// again, then to the queue's dead-letter queue); its first failure is listed in the history.
import type { Company } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { claimOnce, recordNotification, releaseClaim } from '#functions/data/repositories/notifications';
import { allProperties } from '#functions/data/repositories/owner-reports';
import { logger } from '#functions/lib/logger';
import { mailer, type Mailer } from '#functions/mail/mailer';
import { groupByOwner, type OwnerReportJob } from './dispatch';
import { OWNER_REPORT_LABELS, fill, formatMonth } from './labels';
import { loadOwnerReport } from './load';
import { ownerReportFilename, ownerReportToPdf } from './pdf';


const HOUR_MS = 3_600_000;
/** The claim outlives any rerun of the month. */
const CLAIM_DAYS = 400;
export const OWNER_REPORT_CATEGORY = 'owner_report';
/** The history's sender of a send that no user made. */
export const OWNER_REPORT_SENDER = 'owner-reports';

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

/** What one message of the owner-reports queue came to. */
export type OwnerReportOutcome = 'sent' | 'alreadySent' | 'noLongerOwner';

/**
 * The worker's part: the job's owner gets the month's report of the properties they own now, once.
 * `firstDelivery`: a failure is listed in the history on the message's first delivery only (its
 * retries are logged). Throws when the report cannot be built or sent, the claim given back.
 */
export async function sendOwnerReport(job: OwnerReportJob, options: { send?: Mailer; firstDelivery?: boolean } = {}): Promise<OwnerReportOutcome> {
  const send = options.send ?? mailer;
  const company: Company | undefined = await getCompany(job.companyId);
  const email = job.ownerEmail.toLowerCase();
  const group = company ? groupByOwner(await allProperties(company.id)).find((candidate) => candidate.owner.email === email) : undefined;
  if (!company || !group) return 'noLongerOwner';
  const { owner, properties } = group;
  const now = new Date(job.at);
  const marker = keys.ownerReportSent(company.id, job.month, owner.email);
  if (!(await claimOnce(marker, new Date(now.getTime() + CLAIM_DAYS * 24 * HOUR_MS), { month: job.month, owner: owner.email, claimedAt: new Date().toISOString() }))) return 'alreadySent';
  let subject: string | null = null;
  let text = '';
  try {
    const report = await loadOwnerReport(company.id, properties, job.month, owner, now);
    const mail = await ownerReportMail(report);
    subject = mail.subject;
    text = mail.text;
    await send.send(mail);
  } catch (error) {
    await releaseClaim(marker);
    if (options.firstDelivery ?? true) {
      await recordNotification({
        userId: OWNER_REPORT_SENDER, companyId: company.id, type: 'email', category: OWNER_REPORT_CATEGORY,
        recipient: owner.email, subject, message: text || job.month, status: 'failed', errorMessage: (error as Error).message?.slice(0, 500) ?? 'failed', sentAt: null,
      }).catch(() => undefined);
    }
    throw error;
  }
  // Sent: the history entry is best effort from here (a retry must not send the report again).
  await recordNotification({
    userId: OWNER_REPORT_SENDER, companyId: company.id, type: 'email', category: OWNER_REPORT_CATEGORY,
    recipient: owner.email, subject, message: text, status: 'sent', errorMessage: null, sentAt: new Date().toISOString(),
  }).catch((error: Error) => logger.error('Owner report sent, but not listed in the history', { companyId: company.id, month: job.month, error }));
  return 'sent';
}
