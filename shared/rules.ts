// Pure business rules of SPEC.md points 2, 4, 6 and 9, shared by the screens and the server.
import { PLAN_DEFINITIONS, UNLIMITED, YEARLY_PAID_MONTHS, type BillingCycle } from './plans';
import type { Plan, TaskStatus, UiLanguage } from './enums';

const DAY_MS = 24 * 60 * 60 * 1000;

export function isLimitReached(count: number, limit: number, isMaster = false): boolean {
  if (isMaster || limit === UNLIMITED) return false;
  return count >= limit;
}

/** count / limit * 100, capped at 100; 0 for unlimited plans and the master account. */
export function usagePercentage(count: number, limit: number, isMaster = false): number {
  if (isMaster || limit === UNLIMITED || limit <= 0) return 0;
  return Math.min(100, (count / limit) * 100);
}

export function propertyLimit(plan: Plan): number {
  return PLAN_DEFINITIONS[plan].maxProperties;
}

export function userLimit(plan: Plan): number {
  return PLAN_DEFINITIONS[plan].maxUsers;
}

/** A plan counts as expired when its expiry date is before now. */
export function isExpired(expiresAt: string | null | undefined, now: Date = new Date()): boolean {
  if (!expiresAt) return false;
  return new Date(expiresAt).getTime() < now.getTime();
}

/** Days to the expiry date, rounded up, never below 0. */
export function daysRemaining(expiresAt: string | null | undefined, now: Date = new Date()): number {
  if (!expiresAt) return 0;
  const diff = new Date(expiresAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(diff / DAY_MS));
}

export const SHIFTS = ['morning', 'afternoon', 'night'] as const;
export type Shift = (typeof SHIFTS)[number];

/** Shift windows (SPEC point 9): in progress by local hours 8-11, 13-16, 18-21. */
export const SHIFT_WINDOWS: Record<Shift, { start: number; end: number }> = {
  morning: { start: 8, end: 12 },
  afternoon: { start: 13, end: 17 },
  night: { start: 18, end: 22 },
};

export function isShiftInProgress(shift: Shift, localHour: number): boolean {
  const { start, end } = SHIFT_WINDOWS[shift];
  return localHour >= start && localHour < end;
}

export type RelativeAge = { unit: 'minutes' | 'hours' | 'days'; value: number };

/** Minutes under 60 minutes, hours under 1440 minutes, otherwise days. */
export function relativeAge(from: string | Date, now: Date = new Date()): RelativeAge {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60000));
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  if (minutes < 1440) return { unit: 'hours', value: Math.floor(minutes / 60) };
  return { unit: 'days', value: Math.floor(minutes / 1440) };
}

/** Rounded percentage of completed tasks; 0 when there are none. */
export function completionRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}

/** Avatar initials: first letters of firstName and lastName in upper case, U as fallback. */
export function userInitials(firstName?: string | null, lastName?: string | null): string {
  const initials = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  return initials || 'U';
}

/** Company initials: first letters of the first two words in upper case. */
export function companyInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Role label: underscores replaced by spaces, Staff when absent. */
export function roleDisplay(role: string | null | undefined): string {
  return role ? role.replace(/_/g, ' ') : 'Staff';
}

export function isOpenTask(status: TaskStatus): boolean {
  return status === 'pending' || status === 'in_progress';
}

/** Money is kept in integer cents; "1234.50" <-> 123450. */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Invalid amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---- Time in a company's time zone -------------------------------------------------------------

export interface ZonedTime {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  hour: number;
  minute: number;
}

/** One formatter per time zone: making one costs far more than using it (a sync or a report calls zonedTime thousands of times). */
const ZONED_FORMATS = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = ZONED_FORMATS.get(timeZone);
  if (!format) {
    // Throws a RangeError for an unknown zone, as before; only valid zones are kept.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    ZONED_FORMATS.set(timeZone, format);
  }
  return format;
}

/** Wall-clock date and time of an instant in an IANA time zone. */
export function zonedTime(at: Date, timeZone: string): ZonedTime {
  const parts = zonedFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24, minute: Number(part('minute')) };
}

function zoneOffsetMs(at: number, timeZone: string): number {
  const local = zonedTime(new Date(at), timeZone);
  const [y, m, d] = local.date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, local.hour, local.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

/** The instant at which the wall clock of `timeZone` shows `date` `hour`:`minute`. */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let instant = wall - zoneOffsetMs(wall, timeZone);
  // Across a DST change the offset at the guess differs from the offset at the answer: one more step.
  instant = wall - zoneOffsetMs(instant, timeZone);
  // In a skipped hour (the spring-forward gap) the zone's clock never shows the time asked for: the
  // answer is the time after the gap (02:30 reads as 03:30), as browsers and Temporal read it.
  const shown = zonedTime(new Date(instant), timeZone);
  const [sy, sm, sd] = shown.date.split('-').map(Number);
  const shift = wall - Date.UTC(sy, sm - 1, sd, shown.hour, shown.minute);
  return new Date(Math.max(instant, instant + shift));
}

// ---- Plans: prices, buttons and the next billing cycle ----------------------------------------

/** Price of a plan for a billing cycle, in whole US dollars; null when agreed with sales. */
export function planPrice(plan: Plan, billing: BillingCycle): number | null {
  const monthly = PLAN_DEFINITIONS[plan].monthlyPriceUsd;
  if (monthly === null) return null;
  return billing === 'yearly' ? monthly * YEARLY_PAID_MONTHS : monthly;
}

/** What yearly billing saves against twelve monthly payments, rounded: 2 of 12 months = 17%. */
export function yearlySavingPercent(): number {
  return Math.round(((12 - YEARLY_PAID_MONTHS) / 12) * 100);
}

export interface CompanyPlanState {
  plan: Plan;
  trialEndsAt?: string | null;
}

/** On trial and the trial has ended (SPEC point 4: expired when its expiry date is before now). */
export function isTrialExpired(company: CompanyPlanState, now: Date = new Date()): boolean {
  return company.plan === 'trial' && isExpired(company.trialEndsAt, now);
}

/** `downgrade`: a smaller paid plan than the one paid for (the pricing screen's own label; issue 22). */
export type PlanButtonLabel = 'currentPlan' | 'activePlan' | 'startTrial' | 'contactSales' | 'activateNow' | 'upgrade' | 'downgrade';

export interface PlanButton {
  label: PlanButtonLabel;
  disabled: boolean;
}

/**
 * The button of a plan card on the pricing screen (SPEC "Planos e Preços"):
 * - trial card: Plano Ativo (disabled) while the company's trial is active; Plano Atual (disabled)
 *   when the company is on an expired trial; otherwise Iniciar Trial, disabled, with a note that the
 *   trial was used: every company starts on the trial, so a company on another plan has had it, and
 *   a paying company is never offered a move back to the free trial (enabled, SPEC's button would
 *   file exactly that);
 * - the company's current plan: Plano Atual (disabled);
 * - enterprise: Contatar Vendas;
 * - other plans: Ativar Agora when on trial (active or expired), otherwise Fazer Upgrade.
 * The trial card is checked first, so that "Plano Ativo" is reachable: an active trial is also the
 * current plan, and SPEC gives it its own label.
 */
export function planButton(card: Plan, company: CompanyPlanState, now: Date = new Date()): PlanButton {
  const onTrial = company.plan === 'trial';
  const expired = isTrialExpired(company, now);
  if (card === 'trial' && onTrial && !expired) return { label: 'activePlan', disabled: true };
  if (card === company.plan) return { label: 'currentPlan', disabled: true };
  if (card === 'trial') return { label: 'startTrial', disabled: true };
  if (card === 'enterprise') return { label: 'contactSales', disabled: false };
  return { label: onTrial || expired ? 'activateNow' : 'upgrade', disabled: false };
}

/**
 * When a plan change takes effect: the next billing cycle (SPEC FAQ). On a trial that is the end of
 * the trial (or now, once it has ended); for a company paying through the payment provider, the end
 * of the period it has paid for (as a smaller plan's change: the pricing screen says the same date
 * everywhere); otherwise the first day of next month at 00:00 in the company's time zone.
 */
export function nextBillingCycleStart(
  company: CompanyPlanState & { timezone?: string | null; currentPeriodEnd?: string | null },
  now: Date = new Date(),
): Date {
  if (company.plan === 'trial' && company.trialEndsAt) {
    const ends = new Date(company.trialEndsAt);
    return ends.getTime() > now.getTime() ? ends : now;
  }
  if (company.plan !== 'trial' && company.currentPeriodEnd && Date.parse(company.currentPeriodEnd) > now.getTime()) return new Date(company.currentPeriodEnd);
  const timeZone = company.timezone ?? 'America/New_York';
  const today = zonedTime(now, timeZone).date;
  const [y, m] = today.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return zonedInstant(next, 0, 0, timeZone);
}

// ---- Shifts: windows, attendance -----------------------------------------------------------------

/** A member who starts more than this many minutes after the window start is late (a company may set its own). */
export const SHIFT_LATE_AFTER_MINUTES = 15;

export type ShiftStatus = 'scheduled' | 'in_progress' | 'ended';
export type AttendanceStatus = 'scheduled' | 'present' | 'late' | 'absent';

/** "08:00" - "12:00" */
export function shiftTimeRange(shift: Shift): { start: string; end: string } {
  const { start, end } = SHIFT_WINDOWS[shift];
  const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  return { start: hhmm(start), end: hhmm(end) };
}

export function shiftWindowInstants(shift: Shift, date: string, timeZone: string): { start: Date; end: Date } {
  const { start, end } = SHIFT_WINDOWS[shift];
  return { start: zonedInstant(date, start, 0, timeZone), end: zonedInstant(date, end, 0, timeZone) };
}

/** Whether a shift of `date` is in progress now, by the local hour of the company's time zone. */
export function isShiftInProgressAt(shift: Shift, date: string, now: Date, timeZone: string): boolean {
  const local = zonedTime(now, timeZone);
  return local.date === date && isShiftInProgress(shift, local.hour);
}

/** A shift is over once it was closed (Encerrar Turno) or its window has ended. */
export function isShiftOver(shift: Shift, date: string, endedAt: string | null | undefined, now: Date, timeZone: string): boolean {
  if (endedAt) return true;
  return now.getTime() >= shiftWindowInstants(shift, date, timeZone).end.getTime();
}

export function shiftStatus(
  shift: Shift,
  date: string,
  record: { startedAt?: string | null; endedAt?: string | null },
  now: Date,
  timeZone: string,
): ShiftStatus {
  if (isShiftOver(shift, date, record.endedAt, now, timeZone)) return 'ended';
  return record.startedAt ? 'in_progress' : 'scheduled';
}

/**
 * Attendance of one scheduled member: present when they started the shift (Iniciar Turno) at most
 * `lateAfterMinutes` (the company's setting, SHIFT_LATE_AFTER_MINUTES by default) after the window
 * start, late when later; absent when they never started and the shift is over; scheduled until then.
 */
export function attendanceStatus(
  shift: Shift,
  date: string,
  checkedInAt: string | null | undefined,
  shiftEndedAt: string | null | undefined,
  now: Date,
  timeZone: string,
  lateAfterMinutes: number = SHIFT_LATE_AFTER_MINUTES,
): AttendanceStatus {
  if (checkedInAt) {
    const windowStart = shiftWindowInstants(shift, date, timeZone).start.getTime();
    const lateness = new Date(checkedInAt).getTime() - windowStart;
    return lateness > lateAfterMinutes * 60_000 ? 'late' : 'present';
  }
  return isShiftOver(shift, date, shiftEndedAt, now, timeZone) ? 'absent' : 'scheduled';
}

// ---- Money, invoices and report ranges (financials and reports) --------------------------------
// Calendar days and months are UTC, as the dashboard's monthly revenue (README "Metrics"): the
// per-day and per-month counters are keyed by the UTC date of the write they count.

const DATE_LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** One formatter per language, made on first use (a turnover's change compares its texts in all three). */
const CALENDAR_DAY_FORMATS = new Map<UiLanguage, Intl.DateTimeFormat>();

/** A calendar day (YYYY-MM-DD) as people read it ("Dec 7, 2026", "7 de dez. de 2026"), with no zone shift. */
export function formatCalendarDay(day: string, language: UiLanguage): string {
  let format = CALENDAR_DAY_FORMATS.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' });
    CALENDAR_DAY_FORMATS.set(language, format);
  }
  return format.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDay(at: Date | string): string {
  return (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10);
}

/** UTC calendar month (YYYY-MM) of an instant or a day. */
export function utcMonth(at: Date | string): string {
  return typeof at === 'string' && /^\d{4}-\d{2}/.test(at) && at.length <= 10 ? at.slice(0, 7) : utcDay(at).slice(0, 7);
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The `count` months ending with `month`, oldest first. */
export function monthsEndingWith(month: string, count: number): string[] {
  const months = [month];
  while (months.length < count) months.unshift(previousMonth(months[0]));
  return months;
}

/**
 * An unpaid invoice is overdue once its due date is before today: due today is not overdue yet.
 * Derived when read, so no job has to flip it. `dueDate` is a calendar date (YYYY-MM-DD).
 */
export function isInvoiceOverdue(status: string, dueDate: string, now: Date = new Date()): boolean {
  return status !== 'paid' && dueDate.slice(0, 10) < utcDay(now);
}

/** What an invoice shows: paid, or pending / overdue by its due date. */
export function invoiceStatus(status: string, dueDate: string, now: Date = new Date()): 'paid' | 'pending' | 'overdue' {
  if (status === 'paid') return 'paid';
  return isInvoiceOverdue(status, dueDate, now) ? 'overdue' : 'pending';
}

/** Sum of decimal amounts, exact: added as integer cents. */
export function sumAmounts(amounts: ReadonlyArray<string | number>): string {
  return fromCents(amounts.reduce<number>((total, amount) => total + toCents(amount), 0));
}

/**
 * Change against the previous period, in percent with one decimal; null when the previous period
 * is 0 (no meaningful percentage: the screens hide the change then).
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A completed task counts as on time when completed at or before its due date, or without one. */
export function isCompletedOnTime(task: { status: string; completedAt?: string | null; dueDate?: string | null }): boolean {
  if (task.status !== 'completed') return false;
  return !task.dueDate || (task.completedAt != null && task.completedAt <= task.dueDate);
}

export const REPORT_RANGES = ['this_week', 'this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type ReportRangeKey = (typeof REPORT_RANGES)[number];

/** A custom range covers at most this many days, so a report reads at most 366 day items. */
export const MAX_REPORT_DAYS = 366;

export interface DayRange {
  /** First day, YYYY-MM-DD, inclusive. */
  from: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  to: string;
}

const isoDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/**
 * The days a report range covers, in UTC: this_week is Monday to Sunday; months, quarters and the
 * year are whole calendar periods; custom is the given from/to (inclusive).
 */
export function reportRange(range: ReportRangeKey, now: Date = new Date(), custom: Partial<DayRange> = {}): DayRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (range) {
    case 'this_week': {
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return { from: isoDay(y, m, d - sinceMonday), to: isoDay(y, m, d - sinceMonday + 6) };
    }
    case 'last_month':
      return { from: isoDay(y, m - 1, 1), to: isoDay(y, m, 0) };
    case 'this_quarter': {
      const first = Math.floor(m / 3) * 3;
      return { from: isoDay(y, first, 1), to: isoDay(y, first + 3, 0) };
    }
    case 'this_year':
      return { from: isoDay(y, 0, 1), to: isoDay(y, 11, 31) };
    case 'custom':
      if (!custom.from || !custom.to) throw new Error('A custom range needs from and to');
      return { from: custom.from, to: custom.to };
    case 'this_month':
    default:
      return { from: isoDay(y, m, 1), to: isoDay(y, m + 1, 0) };
  }
}

/** Number of days from `from` to `to`, both included. */
export function daysInRange(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Rounded ratio, 0 when the divisor is 0 (average tasks per property, tasks per member). */
export function roundedRatio(count: number, per: number): number {
  return per > 0 ? Math.round(count / per) : 0;
}
