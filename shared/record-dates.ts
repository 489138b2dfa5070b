// The years a record's dates may fall in, and the zod checks of them: a module of its own (with
// shared/report-query.ts) so a screen that validates one date range does not load every schema.
import * as z from 'zod/mini';

/**
 * The years a date the product records or computes with may fall in (a due date, an expense, a
 * shift, a report's range, a calendar month, a dispatch week). A year typed wrong (0026, 9999) is
 * refused with its own message rather than stored, and day arithmetic never leaves what Date can
 * write as YYYY-MM-DD (past 9999 it cannot: the route answered 500). Reservations have their own,
 * narrower range (reservation.outOfRange).
 */
export const MIN_RECORD_YEAR = 2000;
export const MAX_RECORD_YEAR = 2099;
/** Whether the year a date or instant is written with (its first four digits) is in the range. */
export const inRecordYears = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_RECORD_YEAR && year <= MAX_RECORD_YEAR;
};
export const recordYears = () => z.refine<string>((value) => inRecordYears(value), { error: 'validation.dateOutOfRange' });
/** A calendar date YYYY-MM-DD in the record years; `error` names the message of a malformed one. */
export const recordDate = (error = 'validation.date') => z.iso.date({ error }).check(recordYears());
