// The portfolio calendar (issue 40 point 1): GET /api/calendar/portfolio's query and answer, and
// POST /api/calendar/blocks (a block or an owner stay added from it).
import * as z from 'zod/mini';
import { PROPERTY_READINESS } from '../enums';
import { PORTFOLIO_WINDOWS } from '../portfolio-windows';
import { recordDate } from '../record-dates';
import { id, queryInteger, requiredIdOf, optionalText } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

// The windows live in a module without zod (the calendar screen reads them as it draws).
export { PORTFOLIO_WINDOWS, type PortfolioWindow } from '../portfolio-windows';
/** Properties per page: the default, and the most one request answers. */
export const PORTFOLIO_PAGE = 100;
export const PORTFOLIO_MAX_PAGE = 300;

/** GET /api/calendar/portfolio?from=YYYY-MM-DD&days=14|30|60|90&limit=&cursor= */
export const portfolioQuery = schema(() => z.object({
  /** The first day shown (company calendar); absent: today. */
  from: z.optional(recordDate('portfolio.fromInvalid')),
  days: z._default(
    queryInteger('portfolio.daysInvalid').check(z.refine((value) => (PORTFOLIO_WINDOWS as readonly number[]).includes(value), { error: 'portfolio.daysInvalid' })),
    14,
  ),
  limit: z._default(
    queryInteger('portfolio.limitInvalid').check(z.minimum(1, { error: 'portfolio.limitInvalid' }), z.maximum(PORTFOLIO_MAX_PAGE, { error: 'portfolio.limitInvalid' })),
    PORTFOLIO_PAGE,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
}));
export type PortfolioQuery = z.infer<typeof portfolioQuery>;

/** How a stretch of nights shows: a guest's stay, a block (closure, "Not available"), the owner's own stay. */
export const PORTFOLIO_STAY_KINDS = ['guest', 'block', 'owner'] as const;
export type PortfolioStayKind = (typeof PORTFOLIO_STAY_KINDS)[number];

export const portfolioStaySchema = schema(() => z.object({
  id,
  kind: z.enum(PORTFOLIO_STAY_KINDS),
  guestName: z.string(),
  /** Where it came from (direct, airbnb, booking…); null when unknown. */
  channel: z.nullable(z.string()),
  /** Nights from checkinDay up to, not including, checkoutDay (company calendar). */
  checkinDay: z.string(),
  checkoutDay: z.string(),
  /** A double booking: it shares a night with another guest's stay. */
  conflict: z.boolean(),
  tentative: z.boolean(),
  /** When its guests said they left (their private link), before the checkout time; null until then. */
  guestLeftAt: z.optional(z.nullable(z.string())),
}));
export type PortfolioStay = z.infer<typeof portfolioStaySchema>;

export const portfolioTaskSchema = schema(() => z.object({
  id,
  type: z.string(),
  title: z.string(),
  status: z.string(),
  /** The due instant and its local day. */
  dueDate: z.string(),
  day: z.string(),
  reservationId: z.nullable(id),
  assigneeId: z.nullable(id),
  /** The assignee's name; null when unassigned (or no longer a member). */
  assigneeName: z.nullable(z.string()),
  unassigned: z.boolean(),
  /** Open and overdue, or planned to run past the next guest's check-in. */
  atRisk: z.boolean(),
  /** The stay it follows checks out the day the next guest checks in. */
  sameDay: z.boolean(),
}));
export type PortfolioTask = z.infer<typeof portfolioTaskSchema>;

export const portfolioPropertySchema = schema(() => z.object({
  id,
  name: z.string(),
  city: z.nullable(z.string()),
  ownerName: z.nullable(z.string()),
  readiness: z.nullable(z.enum(PROPERTY_READINESS)),
  stays: z.array(portfolioStaySchema),
  tasks: z.array(portfolioTaskSchema),
  /** Days one guest checks out and another checks in. */
  sameDayTurnovers: z.array(z.string()),
}));
export type PortfolioProperty = z.infer<typeof portfolioPropertySchema>;

export const portfolioSchema = schema(() => z.object({
  /** First day shown, the day after the last, and how many. */
  from: z.string(),
  to: z.string(),
  days: z.int(),
  today: z.string(),
  timeZone: z.string(),
  properties: z.array(portfolioPropertySchema),
  /** The next page of properties; null on the last. */
  nextCursor: z.nullable(z.string()),
}));
export type Portfolio = z.infer<typeof portfolioSchema>;

/** What nights added from the calendar are: closed (repairs, a rest) or the owner's own stay. */
export const CALENDAR_BLOCK_KINDS = ['block', 'owner'] as const;

/** POST /api/calendar/blocks: the nights from checkinDate up to checkoutDate (days) closed at one property. */
export const calendarBlockBody = schema(() => z.object({
  propertyId: requiredIdOf('task.propertyRequired'),
  kind: z._default(z.enum(CALENDAR_BLOCK_KINDS, { error: 'validation.invalid' }), 'block'),
  checkinDate: recordDate('reservation.checkinRequired'),
  checkoutDate: recordDate('reservation.checkoutRequired'),
  /** Shown on the calendar instead of "Blocked" / "Owner stay". */
  note: optionalText(120, 'one'),
}));
export type CalendarBlockBody = z.infer<typeof calendarBlockBody>;
