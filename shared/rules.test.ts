// Unit tests of the pure rules shared by the screens and the server.
import { translateMessage } from './messages';
import fc from 'fast-check';
import { PLANS, type Plan } from './enums';
import { PLAN_DEFINITIONS, TRIAL_DAYS } from './plans';
import {
  attendanceStatus,
  daysRemaining,
  isExpired,
  isShiftInProgress,
  isShiftInProgressAt,
  isTrialExpired,
  nextBillingCycleStart,
  planButton,
  planPrice,
  shiftStatus,
  shiftTimeRange,
  yearlySavingPercent,
  zonedInstant,
  zonedTime,
  type PlanButtonLabel,
  type Shift,
} from './rules';

const DAY = 86_400_000;
const NY = 'America/New_York';
const now = new Date('2026-05-14T15:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

describe('trial expiry and days remaining', () => {
  it.each([
    ['7 days ahead (a new trial)', TRIAL_DAYS * DAY, 7],
    ['exactly 1 day ahead', DAY, 1],
    ['1 ms more than 6 days ahead', 6 * DAY + 1, 7],
    ['1 ms ahead', 1, 1],
    ['exactly now', 0, 0],
    ['1 ms ago', -1, 0],
    ['3 days ago', -3 * DAY, 0],
  ])('counts %s as %i day(s), rounded up and never below 0', (_label, offset, expected) => {
    expect(daysRemaining(new Date(now.getTime() + offset).toISOString(), now)).toBe(expected);
  });

  it('has no days remaining without an expiry date', () => {
    expect(daysRemaining(null, now)).toBe(0);
  });

  it('is expired only once the expiry date is before now', () => {
    expect(isExpired(new Date(now.getTime() + 1).toISOString(), now)).toBe(false);
    expect(isExpired(now.toISOString(), now)).toBe(false);
    expect(isExpired(new Date(now.getTime() - 1).toISOString(), now)).toBe(true);
    expect(isExpired(null, now)).toBe(false);
  });

  it('counts a trial as expired only for companies on the trial plan', () => {
    expect(isTrialExpired({ plan: 'trial', trialEndsAt: inDays(-1) }, now)).toBe(true);
    expect(isTrialExpired({ plan: 'trial', trialEndsAt: inDays(1) }, now)).toBe(false);
    expect(isTrialExpired({ plan: 'basic', trialEndsAt: inDays(-1) }, now)).toBe(false);
  });
});

describe('plan card buttons', () => {
  const activeTrial = { plan: 'trial' as const, trialEndsAt: inDays(3) };
  const expiredTrial = { plan: 'trial' as const, trialEndsAt: inDays(-1) };
  const on = (plan: Plan) => ({ plan, trialEndsAt: null });

  // [company state, card, label, disabled, company]
  const table: Array<[string, Plan, PlanButtonLabel, boolean, { plan: Plan; trialEndsAt: string | null }]> = [
    ['active trial', 'trial', 'activePlan', true, activeTrial],
    ['active trial', 'basic', 'activateNow', false, activeTrial],
    ['active trial', 'professional', 'activateNow', false, activeTrial],
    ['active trial', 'enterprise', 'contactSales', false, activeTrial],
    ['expired trial', 'trial', 'currentPlan', true, expiredTrial],
    ['expired trial', 'basic', 'activateNow', false, expiredTrial],
    ['expired trial', 'professional', 'activateNow', false, expiredTrial],
    ['expired trial', 'enterprise', 'contactSales', false, expiredTrial],
    ['basic', 'trial', 'startTrial', true, on('basic')],
    ['basic', 'basic', 'currentPlan', true, on('basic')],
    ['basic', 'professional', 'upgrade', false, on('basic')],
    ['basic', 'enterprise', 'contactSales', false, on('basic')],
    ['professional', 'trial', 'startTrial', true, on('professional')],
    ['professional', 'basic', 'upgrade', false, on('professional')],
    ['professional', 'professional', 'currentPlan', true, on('professional')],
    ['professional', 'enterprise', 'contactSales', false, on('professional')],
    ['enterprise', 'trial', 'startTrial', true, on('enterprise')],
    ['enterprise', 'basic', 'upgrade', false, on('enterprise')],
    ['enterprise', 'professional', 'upgrade', false, on('enterprise')],
    ['enterprise', 'enterprise', 'currentPlan', true, on('enterprise')],
  ];

  it.each(table)('on %s, the %s card reads %s (disabled: %s)', (_state, card, label, disabled, company) => {
    expect(planButton(card, company, now)).toEqual({ label, disabled });
  });

  it('covers every plan card for every company state', () => {
    expect(new Set(table.map(([state, card]) => `${state}/${card}`)).size).toBe(5 * PLANS.length);
  });

  it('switches the trial card from Plano Ativo to Plano Atual the moment the trial expires', () => {
    const endsAt = now.toISOString();
    expect(planButton('trial', { plan: 'trial', trialEndsAt: endsAt }, now).label).toBe('activePlan');
    expect(planButton('trial', { plan: 'trial', trialEndsAt: endsAt }, new Date(now.getTime() + 1)).label).toBe('currentPlan');
  });
});

describe('prices', () => {
  it('charges 10 months for a year and saves up to 17%', () => {
    expect(planPrice('basic', 'monthly')).toBe(29);
    expect(planPrice('basic', 'yearly')).toBe(290);
    expect(planPrice('professional', 'yearly')).toBe(790);
    expect(planPrice('trial', 'yearly')).toBe(0);
    expect(planPrice('enterprise', 'monthly')).toBeNull();
    expect(yearlySavingPercent()).toBe(17);
  });

  it('marks professional as the most popular plan', () => {
    expect(PLANS.filter((plan) => PLAN_DEFINITIONS[plan].popular)).toEqual(['professional']);
  });
});

describe('time in the company time zone', () => {
  it('reads the local date and hour', () => {
    // 2026-05-14T03:30Z is still the 13th, 23:30, in New York (UTC-4 in May).
    expect(zonedTime(new Date('2026-05-14T03:30:00Z'), NY)).toEqual({ date: '2026-05-13', hour: 23, minute: 30 });
    expect(zonedTime(new Date('2026-01-10T13:05:00Z'), 'Pacific/Honolulu')).toEqual({ date: '2026-01-10', hour: 3, minute: 5 });
  });

  it('finds the instant of a local wall time, on both sides of a DST change', () => {
    expect(zonedInstant('2026-05-14', 8, 0, NY).toISOString()).toBe('2026-05-14T12:00:00.000Z');
    expect(zonedInstant('2026-01-14', 8, 0, NY).toISOString()).toBe('2026-01-14T13:00:00.000Z');
    expect(zonedInstant('2026-03-08', 8, 0, NY).toISOString()).toBe('2026-03-08T12:00:00.000Z'); // DST began at 02:00
    expect(zonedInstant('2026-11-01', 0, 0, NY).toISOString()).toBe('2026-11-01T04:00:00.000Z'); // still EDT at midnight
  });

  it('reads a time in the spring-forward gap as the time after it, and a repeated hour as its first pass', () => {
    // New York skipped 02:00-03:00 on 2026-03-08: 02:30 never shows; it reads as 03:30 EDT.
    expect(zonedInstant('2026-03-08', 2, 30, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Santiago skips midnight (00:00 -> 01:00 on 2026-09-06): the day's first hour is 01:00.
    expect(zonedTime(zonedInstant('2026-09-06', 0, 0, 'America/Santiago'), 'America/Santiago')).toEqual({ date: '2026-09-06', hour: 1, minute: 0 });
    // Lord Howe moves by half an hour (02:00 -> 02:30 on 2026-10-04).
    expect(zonedTime(zonedInstant('2026-10-04', 2, 10, 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toEqual({ date: '2026-10-04', hour: 2, minute: 40 });
    // 01:30 happened twice in New York on 2026-11-01: the first, in EDT.
    expect(zonedInstant('2026-11-01', 1, 30, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('gives back the wall time asked for, or the time a gap pushed it to, in any zone on any day', () => {
    const zones = ['America/New_York', 'America/Sao_Paulo', 'Europe/Lisbon', 'Europe/Madrid', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Pacific/Chatham', 'America/Havana'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (day, hour, minute, zone) => {
          const date = day.toISOString().slice(0, 10);
          const shown = zonedTime(zonedInstant(date, hour, minute, zone), zone);
          const asked = hour * 3_600_000 + minute * 60_000;
          const [y, m, d] = shown.date.split('-').map(Number);
          const [ay, am, ad] = date.split('-').map(Number);
          const moved = Date.UTC(y, m - 1, d, shown.hour, shown.minute) - Date.UTC(ay, am - 1, ad) - asked;
          // The same wall time, or later by a gap (never more than an hour, never earlier).
          expect(moved).toBeGreaterThanOrEqual(0);
          expect(moved).toBeLessThanOrEqual(3_600_000);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('next billing cycle', () => {
  it('is the end of an active trial', () => {
    const trialEndsAt = inDays(4);
    expect(nextBillingCycleStart({ plan: 'trial', trialEndsAt }, now).toISOString()).toBe(trialEndsAt);
  });

  it('is now once the trial has expired', () => {
    expect(nextBillingCycleStart({ plan: 'trial', trialEndsAt: inDays(-2) }, now).toISOString()).toBe(now.toISOString());
  });

  it('is the first day of next month at local midnight on a paid plan', () => {
    expect(nextBillingCycleStart({ plan: 'basic', timezone: NY }, now).toISOString()).toBe('2026-06-01T04:00:00.000Z');
    expect(nextBillingCycleStart({ plan: 'professional', timezone: 'Pacific/Honolulu' }, now).toISOString()).toBe('2026-06-01T10:00:00.000Z');
  });

  it('rolls over the year in December, by the company\'s local date', () => {
    // 2027-01-01T02:00Z is still 31 December in New York: the next cycle is 1 January 2027.
    expect(nextBillingCycleStart({ plan: 'basic', timezone: NY }, new Date('2027-01-01T02:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(nextBillingCycleStart({ plan: 'basic', timezone: NY }, new Date('2026-12-15T12:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    // A company paying through the payment provider: the end of the period it paid for (the date a
    // smaller plan starts too), not the first of the month; a period already over counts no more.
    expect(nextBillingCycleStart({ plan: 'professional', timezone: NY, currentPeriodEnd: '2026-12-29T10:00:00.000Z' }, new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-12-29T10:00:00.000Z');
    expect(nextBillingCycleStart({ plan: 'professional', timezone: NY, currentPeriodEnd: '2026-11-01T10:00:00.000Z' }, new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });
});

describe('shift windows', () => {
  it('gives each shift its SPEC time range', () => {
    expect(shiftTimeRange('morning')).toEqual({ start: '08:00', end: '12:00' });
    expect(shiftTimeRange('afternoon')).toEqual({ start: '13:00', end: '17:00' });
    expect(shiftTimeRange('night')).toEqual({ start: '18:00', end: '22:00' });
  });

  // Local wall time in New York -> which shift is in progress (if any).
  const cases: Array<[string, Shift | null]> = [
    ['07:59', null],
    ['08:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', null],
    ['12:59', null],
    ['13:00', 'afternoon'],
    ['16:59', 'afternoon'],
    ['17:00', null],
    ['17:59', null],
    ['18:00', 'night'],
    ['21:59', 'night'],
    ['22:00', null],
    ['00:00', null],
  ];

  it.each(cases)('at %s local time the shift in progress is %s', (time, expected) => {
    const [hour, minute] = time.split(':').map(Number);
    const at = zonedInstant('2026-05-14', hour, minute, NY);
    for (const shift of ['morning', 'afternoon', 'night'] as const) {
      expect(isShiftInProgressAt(shift, '2026-05-14', at, NY)).toBe(shift === expected);
      expect(isShiftInProgress(shift, zonedTime(at, NY).hour)).toBe(shift === expected);
    }
  });

  it('is never in progress for another day', () => {
    const at = zonedInstant('2026-05-14', 9, 0, NY);
    expect(isShiftInProgressAt('morning', '2026-05-15', at, NY)).toBe(false);
  });
});

describe('attendance', () => {
  const date = '2026-05-14';
  const at = (hour: number, minute: number, second = 0) => new Date(zonedInstant(date, hour, minute, NY).getTime() + second * 1000);

  it('is present when started up to 15 minutes after the window start, late after that', () => {
    const during = at(10, 0);
    expect(attendanceStatus('morning', date, at(7, 50).toISOString(), null, during, NY)).toBe('present');
    expect(attendanceStatus('morning', date, at(8, 0).toISOString(), null, during, NY)).toBe('present');
    expect(attendanceStatus('morning', date, at(8, 15).toISOString(), null, during, NY)).toBe('present');
    expect(attendanceStatus('morning', date, at(8, 15, 1).toISOString(), null, during, NY)).toBe('late');
    expect(attendanceStatus('night', date, at(19, 30).toISOString(), null, at(20, 0), NY)).toBe('late');
    // A company that allows 45 minutes, and one that allows none.
    expect(attendanceStatus('morning', date, at(8, 40).toISOString(), null, during, NY, 45)).toBe('present');
    expect(attendanceStatus('morning', date, at(8, 45, 1).toISOString(), null, during, NY, 45)).toBe('late');
    expect(attendanceStatus('morning', date, at(8, 0).toISOString(), null, during, NY, 0)).toBe('present');
    expect(attendanceStatus('morning', date, at(8, 0, 1).toISOString(), null, during, NY, 0)).toBe('late');
  });

  it('is scheduled until the shift is over, then absent for members who never started', () => {
    expect(attendanceStatus('afternoon', date, null, null, at(16, 59), NY)).toBe('scheduled');
    expect(attendanceStatus('afternoon', date, null, null, at(17, 0), NY)).toBe('absent');
    expect(attendanceStatus('afternoon', date, null, at(15, 0).toISOString(), at(15, 1), NY)).toBe('absent');
  });

  it('moves a shift from scheduled to in progress to ended', () => {
    expect(shiftStatus('morning', date, {}, at(9, 0), NY)).toBe('scheduled');
    expect(shiftStatus('morning', date, { startedAt: at(8, 5).toISOString() }, at(9, 0), NY)).toBe('in_progress');
    expect(shiftStatus('morning', date, { startedAt: at(8, 5).toISOString(), endedAt: at(11, 0).toISOString() }, at(11, 1), NY)).toBe('ended');
    expect(shiftStatus('morning', date, {}, at(12, 0), NY)).toBe('ended');
  });
});

// ---- Money, invoices and report ranges (financials and reports) --------------------------------
import * as money from './rules';

describe('money in integer cents', () => {
  it('adds 0.10 and 0.20 to exactly 0.30, where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(money.sumAmounts(['0.10', '0.20'])).toBe('0.30');
  });

  it('adds a thousand cents to exactly 10.00, and large amounts without loss', () => {
    expect(money.sumAmounts(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(money.sumAmounts(['99999999.99', '0.01'])).toBe('100000000.00');
    expect(money.sumAmounts([])).toBe('0.00');
  });

  it('reads decimal(10,2) text and writes it back', () => {
    expect(money.toCents('1250.5')).toBe(125050);
    expect(money.fromCents(125050)).toBe('1250.50');
    expect(money.fromCents(-705)).toBe('-7.05');
    expect(() => money.toCents('1.234')).toThrow();
  });
});

describe('overdue invoices', () => {
  const now = new Date('2026-05-14T23:59:59.000Z');

  it('is overdue once the due date is before today, and not on the due date itself', () => {
    expect(money.invoiceStatus('pending', '2026-05-13', now)).toBe('overdue');
    expect(money.invoiceStatus('pending', '2026-05-14', now)).toBe('pending');
    expect(money.invoiceStatus('pending', '2026-05-15', now)).toBe('pending');
    expect(money.invoiceStatus('pending', '2026-05-14', new Date('2026-05-15T00:00:00.000Z'))).toBe('overdue');
  });

  it('never shows a paid invoice as overdue', () => {
    expect(money.invoiceStatus('paid', '2020-01-01', now)).toBe('paid');
    expect(money.isInvoiceOverdue('paid', '2020-01-01', now)).toBe(false);
  });
});

describe('change against last month', () => {
  it('is a percentage with one decimal, and null when last month was 0', () => {
    expect(money.percentChange(300, 200)).toBe(50);
    expect(money.percentChange(7550, 5000)).toBe(51);
    expect(money.percentChange(100, 300)).toBe(-66.7);
    expect(money.percentChange(100, 0)).toBeNull();
    expect(money.percentChange(50, -100)).toBe(150);
  });
});

describe('report ranges', () => {
  const thursday = new Date('2026-05-14T12:00:00.000Z');
  it.each([
    ['this_week', { from: '2026-05-11', to: '2026-05-17' }],
    ['this_month', { from: '2026-05-01', to: '2026-05-31' }],
    ['last_month', { from: '2026-04-01', to: '2026-04-30' }],
    ['this_quarter', { from: '2026-04-01', to: '2026-06-30' }],
    ['this_year', { from: '2026-01-01', to: '2026-12-31' }],
  ] as const)('%s covers %j', (range, expected) => {
    expect(money.reportRange(range, thursday)).toEqual(expected);
  });

  it('starts the week on Monday, also on a Sunday, and crosses years for last month in January', () => {
    expect(money.reportRange('this_week', new Date('2026-05-17T23:00:00.000Z'))).toEqual({ from: '2026-05-11', to: '2026-05-17' });
    expect(money.reportRange('this_week', new Date('2026-05-18T00:00:00.000Z'))).toEqual({ from: '2026-05-18', to: '2026-05-24' });
    expect(money.reportRange('last_month', new Date('2026-01-10T00:00:00.000Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(money.reportRange('this_quarter', new Date('2026-12-31T00:00:00.000Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(money.reportRange('this_month', new Date('2028-02-10T00:00:00.000Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('counts days inclusively, so a leap year is 366 days', () => {
    expect(money.daysInRange(money.reportRange('this_year', new Date('2028-06-01T00:00:00.000Z')))).toBe(366);
    expect(money.eachDay({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('rounds ratios and answers 0 when there is nothing to divide by', () => {
    expect(money.roundedRatio(5, 3)).toBe(2);
    expect(money.roundedRatio(5, 0)).toBe(0);
    expect(money.monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('messages with a count', () => {
  it('take their singular form where they have one, in each language', () => {
    expect(translateMessage('checklist.requiredItemsOpen', 'en', { count: 1 })).toBe('This task cannot be completed yet: 1 required checklist item is still open');
    expect(translateMessage('checklist.requiredItemsOpen', 'en', { count: 3 })).toBe('This task cannot be completed yet: 3 required checklist items are still open');
    expect(translateMessage('checklist.requiredItemsOpen', 'es', { count: 1 })).toBe('Esta tarea aún no se puede completar: queda 1 elemento obligatorio de la checklist');
    expect(translateMessage('calendar.error.suddenlyEmpty', 'pt', { count: 1 })).toBe('O calendário voltou sem nenhuma reserva, mas 1 reserva futura veio dele; nada foi cancelado');
    expect(translateMessage('calendar.error.suddenlyEmpty', 'pt', { count: 4 })).toBe('O calendário voltou sem nenhuma reserva, mas 4 reservas futuras vieram dele; nada foi cancelado');
  });
});
