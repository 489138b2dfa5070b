// Words for what a property holds on a day: the grid cells' labels (what a screen reader says) and
// the phone's day list.
import type { TFunction } from 'i18next';
import { isDefaultClosureName } from '#shared/closure-names';
import type { PortfolioProperty, PortfolioStay, PortfolioTask } from '#shared/schemas';
import { formatInstant } from '../../../lib/zoned-format';
import { sourceName } from '../../reservations/utils/format';

/**
 * A block's or an owner stay's own name ("Boiler repair", "Olga"), or undefined when it has only the
 * one the server gives nights closed without a note ("Blocked", "Owner stay", in the language of
 * whoever closed them: shared/closure-names.ts); then screens name the kind in the viewer's language,
 * and never say "Blocked: Blocked".
 */
export function closureName(stay: PortfolioStay): string | undefined {
  return stay.kind === 'guest' || !isDefaultClosureName(stay.kind, stay.guestName) ? stay.guestName : undefined;
}

/**
 * A block's or an owner stay's words: `<named>.<kind>` with its own name ("blocked: Boiler repair"),
 * or `<unnamed>.<kind>` when it has none ("blocked").
 */
export function closureWords(t: TFunction, stay: PortfolioStay, named: string, unnamed: string): string {
  const name = closureName(stay);
  return name === undefined ? t(`${unnamed}.${stay.kind}`) : t(`${named}.${stay.kind}`, { name });
}

/** A stay in a few words ("Ana (Airbnb)", "blocked: Repairs", "owner stay: Olga", "blocked"). */
export function stayWords(t: TFunction, stay: PortfolioStay): string {
  if (stay.kind !== 'guest') return closureWords(t, stay, 'portfolioCalendar.cell', 'portfolioCalendar.cell.unnamed');
  const words = [t('portfolioCalendar.cell.guest', { guest: stay.guestName, channel: sourceName(t, stay.channel) })];
  if (stay.conflict) words.push(t('portfolioCalendar.cell.conflict'));
  if (stay.tentative) words.push(t('portfolioCalendar.cell.tentative'));
  return words.join(', ');
}

/** A task in a few words ("Cleaning: Sam, pending" / "…: Unassigned, pending, at risk"). */
export function taskWords(t: TFunction, task: PortfolioTask): string {
  const words = [
    t('portfolioCalendar.cell.task', {
      title: task.title,
      who: task.assigneeName ?? t('portfolioCalendar.task.unassigned'),
      status: t(`portfolioCalendar.status.${task.status}`, { defaultValue: task.status }),
    }),
  ];
  if (task.atRisk) words.push(t('portfolioCalendar.task.atRisk'));
  return words.join(', ');
}

/** The stays holding the night of `day`, and the ones checking out that morning. */
export function staysOn(row: PortfolioProperty, day: string) {
  return {
    night: row.stays.filter((stay) => stay.checkinDay <= day && day < stay.checkoutDay),
    leaving: row.stays.filter((stay) => stay.checkoutDay === day),
  };
}

/** Where the words about when guests left are read: the language and the company's time zone. */
export interface Clock {
  language: string;
  timeZone: string;
}

/**
 * "Emma Johnson left at 9:12 AM" (on the company's clock) once the guests pressed "We have left" on
 * their link, else undefined.
 */
export function leftWords(t: TFunction, stay: PortfolioStay, clock: Clock): string | undefined {
  const time = leftTime(stay, clock);
  return time && t('portfolioCalendar.left', { guest: stay.guestName, time });
}

/** When the guests said they left ("9:12 AM"), on the company's clock, else undefined. */
export function leftTime(stay: PortfolioStay, clock: Clock): string | undefined {
  if (stay.kind !== 'guest' || !stay.guestLeftAt) return undefined;
  return formatInstant(stay.guestLeftAt, clock.language, 'time', clock.timeZone);
}

/** Everything about one property's day, for its cell's label. */
export function dayWords(t: TFunction, row: PortfolioProperty, day: string, tasks: readonly PortfolioTask[], clock: Clock): string {
  const { night, leaving } = staysOn(row, day);
  const words: string[] = [];
  for (const stay of leaving.filter((stay) => stay.kind === 'guest')) words.push(leftWords(t, stay, clock) ?? t('portfolioCalendar.cell.checkout', { guest: stay.guestName }));
  if (row.sameDayTurnovers.includes(day)) words.push(t('portfolioCalendar.cell.sameDay'));
  words.push(...(night.length ? night.map((stay) => stayWords(t, stay)) : [t('portfolioCalendar.cell.free')]));
  words.push(...tasks.map((task) => taskWords(t, task)));
  return words.join('; ');
}
