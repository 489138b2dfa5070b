// The dashboard's figures and the team's on-time scores, every one computed from the company's own
// items (README, "Metrics"). All reads are counters or entries kept in the writes' transactions, so
// the cost does not grow with the company's size:
// - the company item, its STATS counters and this and last month's revenue items (one BatchGetItem;
//   the revenue change is Financials' own function),
// - the day items of the last 30 days (one Query: completions, on-time completions, properties added),
// - the open urgent and overdue tasks' entries (one short Query, and one more for the next due).
// A process keeps what it read besides the STATS item (figuresCache below), validated on every
// request by the revision on the STATS item that every write changing those inputs bumps in its own
// transaction, and by the moments time alone changes a figure (the next UTC day; the next open task
// falling due; the company's 30th day). So a warm request reads the STATS item only, in the same
// BatchGetItem as its session (the route's `prefetch`), and computes the figures from it.
import { isManagerRole, type Role } from '#shared/enums';
import { monthsEndingWith, reportRange, utcDay, utcMonth } from '#shared/rules';
import { addDays } from '#shared/days';
import type { User } from '#shared/schemas';
import { getItem, getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { monthRevenue, monthTotals, queryDayStats, type DayStats } from '#functions/data/repositories/report-stats';
import { attentionBound, figuresRevisionOf, getStats, statsFromItem, urgentOrOverdue, type CompanyStats } from '#functions/data/repositories/stats';
import { scopedPropertyIds } from '#functions/data/property-scope';
import { scopedMoney } from '#functions/data/repositories/scoped-money';
import { listMembers, toTeamMember } from '#functions/data/repositories/users';

/** Top performers' scores and the properties' comparison cover this many days, today included. */
export const PERFORMANCE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DashboardFigures {
  activeProperties: number;
  /** Percent change against 30 days ago; null = nothing to compare with ("new"). */
  activePropertiesChange: number | null;
  pendingTasks: number;
  /** Open tasks (pending, in progress) that are urgent or overdue, each counted once. */
  urgentTasks: number;
  /** This month's paid invoices in US dollars; null for staff (money is for the office). */
  monthlyRevenue: number | null;
  /** Percent change against last month (Financials' own figure); null = "new" (or staff). */
  monthlyRevenueChange: number | null;
  /** Tasks completed on time this week ÷ tasks completed this week, rounded %; null when none completed. */
  teamEfficiency: number | null;
  /** Percentage points against last week's rate; null = last week had no completions ("new"). */
  teamEfficiencyChange: number | null;
  periods: { week: { from: string; to: string }; lastWeek: { from: string; to: string }; propertiesSince: string; month: string };
}

/** A rounded on-time rate, or null when nothing was completed. */
export function onTimeRate(onTime: number, completed: number): number | null {
  return completed > 0 ? Math.round((onTime / completed) * 100) : null;
}

const within = (days: DayStats[], from: string, to: string) => days.filter((day) => day.day >= from && day.day <= to);
const total = (days: DayStats[], pick: (day: DayStats) => number) => days.reduce((sum, day) => sum + pick(day), 0);

/** The window the dashboard reads: the last PERFORMANCE_DAYS days (last week lies inside it). */
export function performanceWindow(now: Date): { from: string; to: string } {
  const today = utcDay(now);
  return { from: addDays(today, -(PERFORMANCE_DAYS - 1)), to: today };
}

/**
 * Pure: the figures from what was read. Weeks are the reports' weeks (Monday to Sunday, UTC days);
 * "30 days ago" is the end of the day 30 days back: properties added in the last 30 days are not in it.
 */
export function computeFigures(input: {
  now: Date;
  companyCreatedAt: string | undefined;
  stats: CompanyStats;
  days: DayStats[];
  urgent: number;
  revenue: { cents: number; change: number | null } | null;
}): DashboardFigures {
  const { now, stats, days } = input;
  const week = reportRange('this_week', now);
  const lastWeek = { from: addDays(week.from, -7), to: addDays(week.from, -1) };
  const window = performanceWindow(now);
  const thisWeek = within(days, week.from, week.to);
  const previousWeek = within(days, lastWeek.from, lastWeek.to);
  const thisRate = onTimeRate(total(thisWeek, (d) => d.doneOnTime), total(thisWeek, (d) => d.done));
  const lastRate = onTimeRate(total(previousWeek, (d) => d.doneOnTime), total(previousWeek, (d) => d.done));

  const added = total(within(days, window.from, window.to), (d) => d.propertiesAdded);
  const before = Math.max(0, stats.propertyCount - added);
  const createdAt = input.companyCreatedAt ? Date.parse(input.companyCreatedAt) : NaN;
  const youngerThanWindow = Number.isFinite(createdAt) && now.getTime() - createdAt < PERFORMANCE_DAYS * DAY_MS;
  const propertiesChange = youngerThanWindow || before === 0 ? null : Math.round(((stats.propertyCount - before) / before) * 1000) / 10;

  return {
    activeProperties: stats.propertyCount,
    activePropertiesChange: propertiesChange,
    pendingTasks: stats.tasksByStatus.pending,
    urgentTasks: input.urgent,
    monthlyRevenue: input.revenue ? input.revenue.cents / 100 : null,
    monthlyRevenueChange: input.revenue ? input.revenue.change : null,
    teamEfficiency: thisRate,
    teamEfficiencyChange: thisRate !== null && lastRate !== null ? thisRate - lastRate : null,
    periods: { week, lastWeek, propertiesSince: window.from, month: utcDay(now).slice(0, 7) },
  };
}

/**
 * What the figures are computed from besides the STATS item, as read at one revision and one moment,
 * and until when that holds without a write (role aside: the revenue is there for every role).
 */
export interface FiguresInputs {
  revision: number;
  /** The UTC day read: the weeks, the month and the 30 days are that day's. */
  day: string;
  /** The company's 30th day (epoch ms; Infinity when past): the properties' change stops being "new". */
  until: number;
  /** The first open task's due entry still to come (stats.ts urgentOrOverdue); undefined: none. */
  nextDueSk: string | undefined;
  companyCreatedAt: string | undefined;
  days: DayStats[];
  urgent: number;
  revenue: { cents: number; change: number | null };
}

/** Whether inputs read earlier still give exact figures at `now`, with the STATS item at `revision`. */
export function inputsHold(inputs: FiguresInputs, revision: number, now: Date): boolean {
  return (
    inputs.revision === revision &&
    inputs.day === utcDay(now) &&
    now.getTime() < inputs.until &&
    (inputs.nextDueSk === undefined || attentionBound(now) < inputs.nextDueSk)
  );
}

/** Per company, in this process (a Lambda container's memory): at most this many companies. */
const CACHE_LIMIT = 1_000;
const figuresCache = new Map<string, FiguresInputs>();

/** Test hook: how many companies' inputs this process holds. */
export const cachedFiguresCount = () => figuresCache.size;

async function readInputs(companyId: string, revision: number, now: Date): Promise<FiguresInputs> {
  const window = performanceWindow(now);
  const [lastMonth, thisMonth] = monthsEndingWith(utcMonth(now), 2);
  const [[company, lastItem, thisItem], days, urgent] = await Promise.all([
    getItems([keys.company(companyId), keys.monthlyRevenue(companyId, lastMonth), keys.monthlyRevenue(companyId, thisMonth)]),
    queryDayStats(companyId, window.from, window.to),
    urgentOrOverdue(companyId, now),
  ]);
  const companyCreatedAt = typeof company?.createdAt === 'string' ? company.createdAt : undefined;
  const created = companyCreatedAt ? Date.parse(companyCreatedAt) : NaN;
  const thirtiethDay = created + PERFORMANCE_DAYS * DAY_MS;
  return {
    revision,
    day: utcDay(now),
    until: Number.isFinite(thirtiethDay) && now.getTime() < thirtiethDay ? thirtiethDay : Infinity,
    nextDueSk: urgent.nextDueSk,
    companyCreatedAt,
    days,
    urgent: urgent.count,
    revenue: monthRevenue(monthTotals(thisMonth, thisItem), monthTotals(lastMonth, lastItem)),
  };
}

/**
 * The dashboard's figures for `role`. `prefetched`: the STATS item as read with the session (the
 * route's prefetch); without it, it is read here. The STATS counters are always the item just read;
 * the rest comes from this process's cache while inputsHold says it is still exact.
 */
export async function dashboardFigures(
  companyId: string,
  role: Role,
  now = new Date(),
  prefetched?: { stats: Record<string, unknown> | undefined },
): Promise<DashboardFigures> {
  // A caller scoped to property groups (issue 41, docs/property-scope.md): figures of their properties
  // only, computed from those properties' items (the data layer's scoped getStats, queryDayStats and
  // urgentOrOverdue); not kept (the cache is the company's). The revenue is their properties' too,
  // summed as Financials sums it for them (repositories/scoped-money.ts), for managers only.
  if (scopedPropertyIds()) {
    const [stats, inputs, money] = await Promise.all([
      getStats(companyId),
      readInputs(companyId, 0, now),
      isManagerRole(role) ? scopedMoney(companyId, monthsEndingWith(utcMonth(now), 2), now) : undefined,
    ]);
    const revenue = money ? monthRevenue(money.months[1], money.months[0]) : null;
    return computeFigures({ now, companyCreatedAt: inputs.companyCreatedAt, stats, days: inputs.days, urgent: inputs.urgent, revenue });
  }
  const statsItem = prefetched ? prefetched.stats : await getItem<Record<string, unknown>>(keys.companyStats(companyId));
  const revision = figuresRevisionOf(statsItem);
  let inputs = figuresCache.get(companyId);
  if (!inputs || !inputsHold(inputs, revision, now)) {
    inputs = await readInputs(companyId, revision, now);
    figuresCache.delete(companyId);
    if (figuresCache.size >= CACHE_LIMIT) figuresCache.delete(figuresCache.keys().next().value!);
    figuresCache.set(companyId, inputs);
  }
  return computeFigures({
    now,
    companyCreatedAt: inputs.companyCreatedAt,
    stats: statsFromItem(statsItem),
    days: inputs.days,
    urgent: inputs.urgent,
    // Money is for the roles that use Financials.
    revenue: isManagerRole(role) ? inputs.revenue : null,
  });
}

// ---- Team: on-time completion rates --------------------------------------------------------------

export interface MemberScore {
  userId: string;
  /** Tasks completed in the period with this member as assignee, and how many of them on time. */
  completed: number;
  onTime: number;
  /** onTime ÷ completed, rounded %. */
  score: number;
}

/** Each member's completions and on-time completions over the given day items. */
export function memberScores(days: DayStats[]): Map<string, MemberScore> {
  const scores = new Map<string, MemberScore>();
  for (const day of days) {
    for (const [userId, done] of Object.entries(day.doneBy)) {
      const entry = scores.get(userId) ?? { userId, completed: 0, onTime: 0, score: 0 };
      entry.completed += done;
      entry.onTime += day.onTimeBy[userId] ?? 0;
      scores.set(userId, entry);
    }
  }
  for (const [userId, entry] of scores) {
    if (entry.completed <= 0) scores.delete(userId);
    else entry.score = onTimeRate(entry.onTime, entry.completed) ?? 0;
  }
  return scores;
}

/** Ranking: most on-time completions, then the higher rate, then more completions, then the name. */
export function rankPerformers(users: User[], scores: Map<string, MemberScore>, limit: number) {
  const name = (user: User) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return users
    .filter((user) => scores.has(user.id))
    .map((user) => ({ user, score: scores.get(user.id)! }))
    .sort(
      (a, b) =>
        b.score.onTime - a.score.onTime ||
        b.score.score - a.score.score ||
        b.score.completed - a.score.completed ||
        name(a.user).localeCompare(name(b.user)) ||
        a.user.id.localeCompare(b.user.id),
    )
    .slice(0, limit);
}

/**
 * GET /api/team/top-performers (the dashboard's and the Team screen's list, so both show the same
 * rates): members credited with completions in the last PERFORMANCE_DAYS days, with their on-time rate.
 */
export async function topPerformers(companyId: string, limit = 5, now = new Date()) {
  const window = performanceWindow(now);
  const [users, days] = await Promise.all([listMembers(companyId), queryDayStats(companyId, window.from, window.to)]);
  return rankPerformers(users, memberScores(days), limit).map(({ user, score }) => ({
    ...toTeamMember(user),
    score: score.score,
    completedInPeriod: score.completed,
    onTimeInPeriod: score.onTime,
    periodDays: PERFORMANCE_DAYS,
  }));
}
