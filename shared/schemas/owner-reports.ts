// A property's owner and the monthly owner reports (issue 21 point 4).
import * as z from 'zod/mini';
import { NOTIFICATION_LANGUAGES } from '../enums';
import { requiredText, email } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** PUT /api/properties/{id}/owner: the owner who gets the monthly report, in their language. */
export const propertyOwnerBody = schema(() => z.object({
  name: requiredText('owner.nameRequired'),
  email: email('owner.emailRequired'),
  language: z._default(z.enum(NOTIFICATION_LANGUAGES, { error: 'owner.languageInvalid' }), 'pt'),
}));
export type PropertyOwnerBody = z.infer<typeof propertyOwnerBody>;

/** A calendar month, YYYY-MM (months 01-12, years 2000-2099). */
export const monthParam = schema(() => z.string({ error: 'ownerReport.monthInvalid' }).check(z.regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'ownerReport.monthInvalid' })));

/** GET /api/properties/{id}/owner-report?month=YYYY-MM */
export const ownerReportQuery = schema(() => z.object({ month: monthParam }));
export type OwnerReportQuery = z.infer<typeof ownerReportQuery>;

/** GET /api/owner-reports?owner=<e-mail>&month=YYYY-MM: one report over every property of that owner. */
export const ownerReportsQuery = schema(() => z.object({ owner: email('owner.emailRequired'), month: monthParam }));
export type OwnerReportsQuery = z.infer<typeof ownerReportsQuery>;
