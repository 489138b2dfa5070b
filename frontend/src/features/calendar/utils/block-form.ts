// The block form: the server's calendarBlockBody for one property and kind, plus check-out after
// check-in before the round trip (the server checks it again, in the same words).
import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import { calendarBlockBody } from '#shared/schemas';
import { daysBetween } from '#shared/days';
import { mappedSchema } from '../../../lib/forms/schema-resolver';

export interface BlockFormValues {
  checkinDate: string;
  checkoutDate: string;
  note: string;
}

export function blockFormSchema(propertyId: string, kind: 'block' | 'owner', t: TFunction) {
  return mappedSchema(
    calendarBlockBody.check(
      z.superRefine((body, ctx) => {
        if (!body.checkinDate || !body.checkoutDate) return;
        if (daysBetween(body.checkinDate, body.checkoutDate) < 1) ctx.addIssue({ code: 'custom', path: ['checkoutDate'], message: t('reservation.checkoutBeforeCheckin') });
      }),
    ),
    (values: BlockFormValues) => ({ propertyId, kind, checkinDate: values.checkinDate, checkoutDate: values.checkoutDate, note: values.note.trim() || null }),
  );
}
