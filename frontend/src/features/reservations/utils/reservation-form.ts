// The reservation form: its values (named as the body's fields, so an issue lands on its field), the
// schema that checks them (the server's reservationBody, plus the stay's length), and the PUT's changes.
import type { TFunction } from 'i18next';
import type { UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { MAX_STAY_NIGHTS, reservationBody, type IntegrationSource, type Reservation, type ReservationBody, type ReservationUpdateBody } from '#shared/schemas';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { daysBetween } from './calendar';

export interface ReservationFormValues {
  guestName: string;
  /** Stay days (YYYY-MM-DD): the company's check-in / check-out hours apply. */
  checkinDate: string;
  checkoutDate: string;
  /** '' = not informed. */
  integrationSource: IntegrationSource | '';
}

export type ReservationForm = UseFormReturn<ReservationFormValues, unknown, ReservationBody>;

/** Nights between the two days, when both are filled in. */
export function nightsOf(values: Pick<ReservationFormValues, 'checkinDate' | 'checkoutDate'>): number | undefined {
  return values.checkinDate && values.checkoutDate ? daysBetween(values.checkinDate, values.checkoutDate) : undefined;
}

/**
 * The same rules as the server: the fields of reservationBody, then check-out after check-in and at
 * most MAX_STAY_NIGHTS (the service's checks, here before the round trip). `t` words the stay rules.
 */
export function reservationFormSchema(propertyId: string, t: TFunction) {
  return mappedSchema(
    reservationBody.check(
      z.superRefine((body, ctx) => {
        const nights = nightsOf({ checkinDate: body.checkinDate, checkoutDate: body.checkoutDate });
        if (nights === undefined || Number.isNaN(nights)) return;
        if (nights < 1) ctx.addIssue({ code: 'custom', path: ['checkoutDate'], message: t('reservation.checkoutBeforeCheckin') });
        else if (nights > MAX_STAY_NIGHTS) ctx.addIssue({ code: 'custom', path: ['checkoutDate'], message: t('reservation.tooLong', { max: MAX_STAY_NIGHTS }) });
      }),
    ),
    (values: ReservationFormValues) => ({ ...values, propertyId, integrationSource: values.integrationSource || null }),
  );
}

/** The fields that changed (PUT changes only those; an unchanged stay keeps its exact instants). */
export function reservationChanges(body: ReservationBody, reservation: Reservation, original: { checkinDay: string; checkoutDay: string }): ReservationUpdateBody {
  const changes: ReservationUpdateBody = {};
  if (body.guestName !== reservation.guestName) changes.guestName = body.guestName;
  if (body.checkinDate !== original.checkinDay) changes.checkinDate = body.checkinDate;
  if (body.checkoutDate !== original.checkoutDay) changes.checkoutDate = body.checkoutDate;
  if ((body.integrationSource ?? null) !== (reservation.integrationSource ?? null)) changes.integrationSource = body.integrationSource ?? null;
  return changes;
}
