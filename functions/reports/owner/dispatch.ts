// The monthly owner reports' dispatcher (SCHEDULED_JOBS 'send-owner-reports', hourly): on the 1st of
// a month in a company's zone, each owner of its properties whose report of the previous month has
// not gone out yet is handed to the owner-reports queue, one message per company, owner and month;
// the worker (./send.ts sendOwnerReport, functions/handlers/send-owner-report.ts) builds the PDF and
// mails it. Outside the hours when some zone is on a 1st the dispatcher reads nothing; then it reads
// only the companies with owned properties (a sparse index, keys.ownedPropertyIndex). Kept apart from
// the worker so the dispatcher's function carries no PDF or mailer code.
import { addDays } from '#shared/days';
import { zonedTime } from '#shared/rules';
import type { Property, PropertyOwner } from '#shared/schemas';
import { getItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { allProperties, companiesWithOwners } from '#functions/data/repositories/owner-reports';
import { sendJobs } from '#functions/jobs/queue';
import * as z from 'zod/mini';
import { jobInstant } from '#functions/jobs/worker';

const HOUR_MS = 3_600_000;
const DEFAULT_TIME_ZONE = 'America/New_York';

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

/** One message of the owner-reports queue: one owner's report of one month. */
export const ownerReportJob = z.object({
  companyId: z.string(),
  /** YYYY-MM, the month reported. */
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  /** The owner's e-mail (lower case): the worker reads their properties again. */
  ownerEmail: z.string().check(z.includes('@')),
  /** The dispatcher's run. */
  at: jobInstant,
});
export type OwnerReportJob = z.infer<typeof ownerReportJob>;

export interface OwnerReportDispatch {
  /** Companies on the 1st of a month (their zone) at the run. */
  companies: number;
  /** Owners handed to the owner-reports queue. */
  queued: number;
  /** Owners whose report of the month went out already. */
  alreadySent: number;
}

export async function dispatchOwnerReports(now: Date): Promise<OwnerReportDispatch> {
  const run: OwnerReportDispatch = { companies: 0, queued: 0, alreadySent: 0 };
  if (!someZoneOnFirst(now)) return run;
  const jobs: OwnerReportJob[] = [];
  for (const companyId of await companiesWithOwners()) {
    const company = await getCompany(companyId);
    if (!company) continue;
    const local = zonedTime(now, company.timezone ?? DEFAULT_TIME_ZONE).date;
    if (!local.endsWith('-01')) continue;
    run.companies += 1;
    const month = previousMonth(local);
    for (const { owner } of groupByOwner(await allProperties(company.id))) {
      if (await getItem(keys.ownerReportSent(company.id, month, owner.email))) {
        run.alreadySent += 1;
        continue;
      }
      jobs.push({ companyId: company.id, month, ownerEmail: owner.email, at: now.toISOString() });
    }
  }
  await sendJobs('owner-reports', jobs.map((job) => ({ body: job as unknown as Record<string, unknown> })));
  run.queued = jobs.length;
  return run;
}
