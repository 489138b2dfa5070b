// Reservations: create, edit, cancel, and the feed flags, with their turnover task and night claims
// in one transaction each, and their domain events published after the write succeeded.
//
// Dates: a reservation is a stay of calendar days in the company's time zone (checkinDay up to
// checkoutDay; its nights are checkinDay … checkoutDay-1). Callers give each end as a day
// (YYYY-MM-DD: the company's check-in / check-out hour applies) or as an ISO instant (kept as
// given; its day is the local day). checkinDate / checkoutDate are the instants, so the existing
// readers (upcoming check-ins, reminders) keep working.
import { ulid } from 'ulid';
import type { TimeZone, UiLanguage } from '#shared/enums';
import { MAX_STAY_NIGHTS, type IntegrationSource, type Reservation, type Task } from '#shared/schemas';
import { domainEvent, SYNC_ACTOR_ID, type DomainEvent } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { getTemplate } from '#functions/data/repositories/checklists';
import { getOperationsSettings, type OperationsSettings } from '#functions/data/repositories/operations-settings';
import { getMonthOccupancy, holdersOf, monthsOf, type ClaimMode } from '#functions/data/repositories/occupancy';
import {
  conflictItems,
  findDoubleBookedOverlap,
  findUnclaimedOverlap,
  flagItems,
  getReservation,
  isBlock,
  isCancelled,
  listOpenConflicts,
  NightTakenError,
  requireReservation,
  stayDays,
  writeReservation,
  type ExtraItems,
  type StoredReservation,
} from '#functions/data/repositories/reservations';
import { getTask } from '#functions/data/repositories/tasks';
import { readinessWrites, unknownPropertyError } from '#functions/data/repositories/readiness';
import { getUser } from '#functions/data/repositories/users';
import { outboxPut } from '#functions/data/outbox';
import { taskEvents } from '#functions/events/task-events';
import { BadRequestError, ConflictError } from '#functions/lib/errors';
import { logger } from '#functions/lib/logger';
import { isInvitationPending } from '#functions/data/invitations';
import { daysBetween, isDay, localDay, localInstant, stayNights } from '#shared/days';
import { combine, companyLanguage, newTurnover, replacedTurnoverCheck, turnoverChange, turnoverLeftBehind } from './turnovers';

/** Who made a change: a signed-in user, or the calendar sync job. */
export interface Actor {
  userId: string;
}
export const SYNC_ACTOR: Actor = { userId: SYNC_ACTOR_ID };

/** What a company's reservation writes need to know, read once per request (or per sync run). */
export interface CompanyContext {
  companyId: string;
  timeZone: TimeZone;
  language: UiLanguage;
  settings: OperationsSettings;
}

export async function companyContext(companyId: string): Promise<CompanyContext> {
  const [company, settings] = await Promise.all([getCompany(companyId), getOperationsSettings(companyId)]);
  return {
    companyId,
    timeZone: company?.timezone ?? 'America/New_York',
    language: companyLanguage(company?.preferredLanguage),
    settings,
  };
}

/**
 * Who a new turnover goes to: the team settings' assignee while they are still a member who has
 * joined. Removal clears the setting; this covers the moment in between, so a reservation never
 * fails for an assignee who just left. Read only when a turnover is being created.
 */
async function turnoverAssignee(ctx: CompanyContext): Promise<string | null> {
  const userId = ctx.settings.turnoverAssigneeId;
  if (!userId) return null;
  const member = await getUser(ctx.companyId, userId);
  return member && !isInvitationPending(member) ? userId : null;
}

// ---- Dates -----------------------------------------------------------------------------------------

interface Boundary {
  day: string;
  instant: string;
}

function boundary(value: string, hour: number, timeZone: string): Boundary {
  if (isDay(value)) return { day: value, instant: localInstant(value, hour, timeZone) };
  const instant = new Date(value).toISOString();
  return { day: localDay(instant, timeZone), instant };
}

/** Checks a stay: check-out after check-in (by day), at most MAX_STAY_NIGHTS, dates in a sane range. */
function checkStay(checkin: Boundary, checkout: Boundary, now: Date): void {
  const maxYear = now.getUTCFullYear() + 3;
  for (const [field, end] of [['checkinDate', checkin], ['checkoutDate', checkout]] as const) {
    const year = Number(end.day.slice(0, 4));
    if (year < 2000 || year > maxYear) throw new BadRequestError('error.badRequest', { [field]: 'reservation.outOfRange' });
  }
  const nights = daysBetween(checkin.day, checkout.day);
  if (nights < 1) throw new BadRequestError('error.badRequest', { checkoutDate: 'reservation.checkoutBeforeCheckin' });
  if (nights > MAX_STAY_NIGHTS) throw new BadRequestError('reservation.tooLong', {}, { max: MAX_STAY_NIGHTS });
}

async function refuseUnclaimedOverlap(companyId: string, propertyId: string, stay: { checkinDay: string; checkoutDay: string; excludeId?: string }) {
  // Nights an open double booking lies over are taken too (it holds none itself): a third booking
  // there is refused by hand and imported as one more double booking from a feed (issue 43).
  const other = (await findUnclaimedOverlap(companyId, propertyId, stay)) ?? (await findDoubleBookedOverlap(companyId, propertyId, stay));
  if (!other) return;
  const days = stayDays(other);
  const night = stay.checkinDay > days.checkinDay ? stay.checkinDay : days.checkinDay;
  throw new NightTakenError(night, { night, guest: other.guestName, checkin: days.checkinDay, checkout: days.checkoutDay }, { id: other.id, hold: 'booking' });
}

// ---- Views and events --------------------------------------------------------------------------

/** A reservation as the API answers it. */
export function reservationView(reservation: StoredReservation) {
  const { nightsClaimed: _claimed, claims: _claims, hold: _hold, ...rest } = reservation;
  const days = stayDays(reservation);
  return {
    ...rest,
    ...days,
    nights: daysBetween(days.checkinDay, days.checkoutDay),
    integrationSource: reservation.integrationSource ?? null,
    status: reservation.status ?? 'confirmed',
    feedId: reservation.feedId ?? null,
    syncStatus: reservation.syncStatus ?? null,
    missingSince: reservation.missingSince ?? null,
    turnoverTaskId: reservation.turnoverTaskId ?? null,
    kind: reservation.kind ?? 'booking',
    tentative: reservation.tentative ?? false,
    ambiguous: reservation.ambiguous ?? false,
    turnoverDismissed: reservation.turnoverDismissed ?? false,
    coveredByBooking: reservation.coveredByBooking ?? false,
    conflictWith: reservation.conflictWith ?? [],
    cancelledAt: reservation.cancelledAt ?? null,
    cancelReason: reservation.cancelReason ?? null,
  };
}
export type ReservationView = ReturnType<typeof reservationView>;

function reservationFields(companyId: string, reservation: Reservation, now: Date, actor: Actor) {
  return {
    companyId,
    occurredAt: now.toISOString(),
    reservationId: reservation.id,
    propertyId: reservation.propertyId,
    guestName: reservation.guestName,
    checkinDate: new Date(reservation.checkinDate).toISOString(),
    checkoutDate: new Date(reservation.checkoutDate).toISOString(),
    actorUserId: actor.userId,
  };
}

const turnoverEvents = (companyId: string, task: Task | undefined, actor: Actor, now: Date): DomainEvent[] =>
  task ? taskEvents(undefined, task, { companyId, actorUserId: actor.userId, now }) : [];

// ---- Double bookings -----------------------------------------------------------------------------

/** The open-conflict entry's items in the reservation's transaction, if it changes. */
function conflictWrite(companyId: string, before: StoredReservation | undefined, after: StoredReservation): ExtraItems | undefined {
  // The open-conflict entry and the flagged entry follow the reservation in its transaction.
  const items = [...conflictItems(companyId, before, after, new Date().toISOString()), ...flagItems(companyId, before, after)];
  return items.length ? { items, errorFor: () => new ConflictError() } : undefined;
}

/** The property's readiness after the stay and its turnover are written (issue 40), in the same transaction. */
async function readinessWrite(companyId: string, stay: StoredReservation, turnover: Task | undefined, now: Date): Promise<ExtraItems> {
  const items = await readinessWrites(companyId, [stay.propertyId], { stays: [stay], tasks: turnover ? [turnover] : [] }, now);
  return { items, errorFor: unknownPropertyError };
}

/** The outbox item of a write's events, as more items of its transaction. */
function eventsWrite(events: readonly DomainEvent[], now: Date): ExtraItems | undefined {
  const put = outboxPut(events, now);
  return put ? { items: [put], errorFor: () => new ConflictError() } : undefined;
}

/** A double booking just opened: the CEO and managers are alerted at once. */
function doubleBookingEvents(ctx: CompanyContext, before: StoredReservation | undefined, after: StoredReservation, now: Date): DomainEvent[] {
  if (isCancelled(after) || !after.conflictWith?.length || before?.conflictWith?.length) return [];
  const days = stayDays(after);
  return [
    domainEvent('reservation.double_booked', {
      ...reservationFields(ctx.companyId, after, now, SYNC_ACTOR),
      checkinDay: days.checkinDay,
      checkoutDay: days.checkoutDay,
      source: after.integrationSource ?? 'ical',
      feedId: after.feedId ?? null,
      conflictWith: after.conflictWith,
    }),
  ];
}

/**
 * After a reservation was cancelled or moved, the double bookings it was part of are looked at
 * again: a conflicted booking whose nights are now free claims them (the conflict is resolved); one
 * still over another booking names that one. Never throws: a race leaves it for the next change.
 */
async function settleConflictsWith(ctx: CompanyContext, changed: StoredReservation, writeOptions: WriteOptions): Promise<void> {
  // Only who and when: never the cancellation or the extra items of the change that led here.
  const options: WriteOptions = { actor: writeOptions.actor, now: writeOptions.now };
  const open = await listOpenConflicts(ctx.companyId);
  const affected = open.filter((entry) => entry.reservationId === changed.id || entry.conflictWith.includes(changed.id));
  for (const entry of affected) {
    try {
      const current = await getReservation(ctx.companyId, entry.reservationId);
      if (!current || isCancelled(current) || !current.conflictWith?.length) continue;
      try {
        await changeReservation(ctx, current, { conflictWith: [] }, { ...options, mode: 'feed' });
      } catch (error) {
        if (!(error instanceof NightTakenError) || !error.holder || error.holder.hold !== 'booking') throw error;
        if (!sameList(current.conflictWith, [error.holder.id])) {
          const fresh = await getReservation(ctx.companyId, entry.reservationId);
          if (fresh) await changeReservation(ctx, fresh, { conflictWith: [error.holder.id] }, { ...options, mode: 'feed' });
        }
      }
    } catch (error) {
      logger.warn('Double booking not re-examined; the next change retries', { error: error as Error, reservationId: entry.reservationId });
    }
  }
}

/**
 * A booking now holds nights a Booking.com stretch lies over: when the stretch's every night is a
 * booking's, it is the channel closing them for those bookings, and its own turnover (asking
 * "booking or closure?") is cancelled. Whichever calendar is read first, the answer is the same.
 */
async function settleCoveredStretches(ctx: CompanyContext, booking: StoredReservation, options: WriteOptions): Promise<void> {
  if (isBlock(booking) || isCancelled(booking)) return;
  try {
    const days = stayDays(booking);
    const nights = stayNights(days.checkinDay, days.checkoutDay);
    const months = await Promise.all(monthsOf(nights).map((month) => getMonthOccupancy(ctx.companyId, booking.propertyId, month)));
    const stretches = new Set(months.flatMap((month) => nights.flatMap((night) => month.blocks[night] ?? [])));
    for (const id of stretches) {
      const stretch = await getReservation(ctx.companyId, id);
      if (!stretch || !stretch.ambiguous || stretch.coveredByBooking || isCancelled(stretch)) continue;
      const own = stayDays(stretch);
      const stretchNights = stayNights(own.checkinDay, own.checkoutDay);
      const holders = await holdersOf(ctx.companyId, stretch.propertyId, stretchNights);
      if (!stretchNights.every((night) => holders.get(night)?.hold === 'booking')) continue;
      await changeReservation(ctx, stretch, { coveredByBooking: true }, { actor: options.actor, now: options.now, mode: 'feed' });
    }
  } catch (error) {
    logger.warn('Booking.com stretches over a booking not re-examined', { error: error as Error, reservationId: booking.id });
  }
}

/** The company's open double bookings for the dashboard and the property pages. */
export async function openDoubleBookings(ctx: CompanyContext) {
  const entries = await listOpenConflicts(ctx.companyId);
  return entries.sort((a, b) => a.checkinDay.localeCompare(b.checkinDay));
}

/**
 * "Not needed": a manager dismisses the turnover of a block (a Booking.com closure, not a stay):
 * the cleaning is cancelled and the block keeps the dismissal across syncs.
 */
export async function dismissTurnover(ctx: CompanyContext, reservationId: string, options: WriteOptions) {
  const current = await requireReservation(ctx.companyId, reservationId);
  if (current.turnoverDismissed) return { reservation: current, changed: [] as string[] };
  return changeReservation(ctx, current, { turnoverDismissed: true }, options);
}

// ---- Writes ------------------------------------------------------------------------------------

export interface NewStay {
  propertyId: string;
  guestName: string;
  checkinDate: string;
  checkoutDate: string;
  integrationSource?: IntegrationSource | string | null;
  /** Imported from a feed. */
  feedId?: string | null;
  /** A ready id (the sync job writes its event mapping, which names the reservation, in the same transaction). */
  id?: string;
  /** A block takes the nights but is no guest's stay (no events; a turnover only when ambiguous). */
  kind?: 'booking' | 'block';
  tentative?: boolean;
  ambiguous?: boolean;
  /** Imported over nights another booking holds (a double booking): the reservations holding them. */
  conflictWith?: string[];
  /** A Booking.com stretch over nights bookings already hold: their turnovers serve, it gets none. */
  coveredByBooking?: boolean;
}

export interface WriteOptions {
  actor: Actor;
  now?: Date;
  /** More items of the same transaction (the sync job's event mapping). */
  extra?: ExtraItems;
  /** The feed's first successful import: the booking existed before the feed was connected (see reservation.created). */
  initialImport?: boolean;
  /** How the nights are claimed: by hand (default) a block counts as taken; a feed's booking may lie over one. */
  mode?: ClaimMode;
}

/**
 * A turnover is due for a stay that checks out today or later and has none yet, when the company
 * wants them. `replacing`: it has one, completed before its new check-out (turnoverLeftBehind).
 */
function wantsTurnover(ctx: CompanyContext, reservation: Reservation, now: Date, replacing = false): boolean {
  // A block is no stay, except a Booking.com stretch, which may be one (its turnover asks for a check).
  if (reservation.kind === 'block' && !reservation.ambiguous) return false;
  return (
    ctx.settings.autoTurnovers &&
    !isCancelled(reservation) &&
    (replacing || !reservation.turnoverTaskId) &&
    !reservation.turnoverDismissed &&
    !reservation.coveredByBooking &&
    (reservation.checkoutDay ?? '') >= localDay(now, ctx.timeZone)
  );
}

export async function createReservation(ctx: CompanyContext, input: NewStay, options: WriteOptions): Promise<{ reservation: StoredReservation; turnover?: Task }> {
  const now = options.now ?? new Date();
  const checkin = boundary(input.checkinDate, ctx.settings.checkinHour, ctx.timeZone);
  const checkout = boundary(input.checkoutDate, ctx.settings.checkoutHour, ctx.timeZone);
  checkStay(checkin, checkout, now);
  // Blocks may lie over anything; a double booking is written knowingly.
  if (input.kind !== 'block' && !input.conflictWith?.length) {
    await refuseUnclaimedOverlap(ctx.companyId, input.propertyId, { checkinDay: checkin.day, checkoutDay: checkout.day });
  }
  const createdAt = now.toISOString();
  const reservation: StoredReservation = {
    id: input.id ?? ulid(now.getTime()),
    propertyId: input.propertyId,
    guestName: input.guestName,
    checkinDate: checkin.instant,
    checkoutDate: checkout.instant,
    checkinDay: checkin.day,
    checkoutDay: checkout.day,
    integrationSource: input.integrationSource ?? null,
    status: 'confirmed',
    feedId: input.feedId ?? null,
    syncStatus: input.feedId ? 'ok' : null,
    turnoverTaskId: null,
    ...(input.kind === 'block' ? { kind: 'block' as const } : {}),
    ...(input.tentative ? { tentative: true } : {}),
    ...(input.ambiguous ? { ambiguous: true } : {}),
    ...(input.conflictWith?.length ? { conflictWith: input.conflictWith } : {}),
    ...(input.coveredByBooking ? { coveredByBooking: true } : {}),
    createdAt,
    updatedAt: createdAt,
  };
  let turnover: Task | undefined;
  let turnoverWrite: ExtraItems | undefined;
  if (wantsTurnover(ctx, reservation, now)) {
    const [template, assignee] = await Promise.all([getTemplate(ctx.companyId, input.propertyId), turnoverAssignee(ctx)]);
    ({ task: turnover, write: turnoverWrite } = newTurnover(ctx.companyId, reservation, template.items, ctx.language, now, assignee, options.actor.userId));
    reservation.turnoverTaskId = turnover.id;
  }
  // The write's events go in its transaction (the events outbox: functions/data/outbox.ts).
  const events: DomainEvent[] = [
    // A block is no guest's stay: no reservation alerts for it.
    ...(reservation.kind === 'block'
      ? []
      : [
          domainEvent('reservation.created', {
            ...reservationFields(ctx.companyId, reservation, now, options.actor),
            integrationSource: reservation.integrationSource ?? null,
            ...(options.initialImport ? { initialImport: true } : {}),
          }),
        ]),
    ...doubleBookingEvents(ctx, undefined, reservation, now),
    ...turnoverEvents(ctx.companyId, turnover, options.actor, now),
  ];
  const stored = await writeReservation(ctx.companyId, {
    after: reservation,
    // The property's readiness (issue 40) checks it exists, in the same transaction.
    checkProperty: false,
    extra: combine(turnoverWrite, conflictWrite(ctx.companyId, undefined, reservation), options.extra, eventsWrite(events, now), await readinessWrite(ctx.companyId, reservation, turnover, now)),
    mode: options.mode,
  });
  await settleCoveredStretches(ctx, stored, options);
  return { reservation: stored, turnover };
}

export interface StayChanges {
  propertyId?: string;
  guestName?: string;
  checkinDate?: string;
  checkoutDate?: string;
  integrationSource?: IntegrationSource | string | null;
  syncStatus?: Reservation['syncStatus'];
  missingSince?: string | null;
  tentative?: boolean;
  ambiguous?: boolean;
  /** The double booking's other reservations; [] when it is resolved. */
  conflictWith?: string[];
  turnoverDismissed?: boolean;
  coveredByBooking?: boolean;
  kind?: 'booking' | 'block';
}

/**
 * What a change did to the stay's cleaning, for the screen that made it: `moved` (the open turnover
 * follows the new check-out), `replaced` (the turnover was already done, before the new check-out: a
 * new one is scheduled for it), `created` (the stay had none: it has one now), `cancelled`, or null
 * (nothing changed for the cleaning: none is wanted, or a done one still covers the check-out).
 */
export type TurnoverOutcome = 'moved' | 'replaced' | 'created' | 'cancelled' | null;

const TRACKED: ReadonlyArray<keyof Reservation> = ['guestName', 'checkinDate', 'checkoutDate', 'checkinDay', 'checkoutDay', 'integrationSource', 'status', 'syncStatus', 'tentative', 'ambiguous', 'turnoverDismissed', 'coveredByBooking', 'kind'];
const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a ?? []).join(',') === (b ?? []).join(',');

/**
 * Applies changes to a reservation: the nights it releases and claims, its turnover (moved, renamed,
 * or created when missing) and the reservation itself, in one transaction conditioned on the
 * version read. Nothing changes → no write, no event.
 */
export async function changeReservation(
  ctx: CompanyContext,
  current: StoredReservation,
  changes: StayChanges,
  options: WriteOptions & { reason?: string | null; cancel?: boolean },
): Promise<{ reservation: StoredReservation; turnover?: Task; createdTurnover?: Task; turnoverOutcome: TurnoverOutcome; changed: string[] }> {
  const now = options.now ?? new Date();
  if (isCancelled(current)) throw new ConflictError('reservation.isCancelled');
  if (changes.propertyId && changes.propertyId !== current.propertyId) {
    throw new BadRequestError('error.badRequest', { propertyId: 'reservation.propertyFixed' });
  }
  const days = stayDays(current);
  const checkin = changes.checkinDate !== undefined
    ? boundary(changes.checkinDate, ctx.settings.checkinHour, ctx.timeZone)
    : { day: days.checkinDay, instant: current.checkinDate };
  const checkout = changes.checkoutDate !== undefined
    ? boundary(changes.checkoutDate, ctx.settings.checkoutHour, ctx.timeZone)
    : { day: days.checkoutDay, instant: current.checkoutDate };
  if (!options.cancel && (changes.checkinDate !== undefined || changes.checkoutDate !== undefined)) {
    checkStay(checkin, checkout, now);
    const claimsNights = current.kind !== 'block' && !(changes.conflictWith ?? current.conflictWith)?.length;
    if (claimsNights && (checkin.day !== days.checkinDay || checkout.day !== days.checkoutDay)) {
      await refuseUnclaimedOverlap(ctx.companyId, current.propertyId, { checkinDay: checkin.day, checkoutDay: checkout.day, excludeId: current.id });
    }
  }
  const updatedAt = now.toISOString() > current.updatedAt ? now.toISOString() : new Date(Date.parse(current.updatedAt) + 1).toISOString();
  const after: StoredReservation = {
    ...current,
    guestName: changes.guestName ?? current.guestName,
    checkinDate: checkin.instant,
    checkoutDate: checkout.instant,
    checkinDay: checkin.day,
    checkoutDay: checkout.day,
    integrationSource: changes.integrationSource !== undefined ? changes.integrationSource : (current.integrationSource ?? null),
    syncStatus: changes.syncStatus !== undefined ? changes.syncStatus : (current.syncStatus ?? null),
    missingSince: changes.missingSince !== undefined ? changes.missingSince : (current.missingSince ?? null),
    updatedAt,
  };
  if (changes.tentative !== undefined) after.tentative = changes.tentative;
  if (changes.ambiguous !== undefined) after.ambiguous = changes.ambiguous;
  if (changes.turnoverDismissed !== undefined) after.turnoverDismissed = changes.turnoverDismissed;
  if (changes.kind !== undefined) after.kind = changes.kind;
  if (changes.coveredByBooking !== undefined) after.coveredByBooking = changes.coveredByBooking;
  if (changes.conflictWith !== undefined) {
    if (changes.conflictWith.length) after.conflictWith = changes.conflictWith;
    else delete after.conflictWith;
  }
  if (options.cancel) {
    after.status = 'cancelled';
    after.cancelledAt = now.toISOString();
    after.cancelReason = options.reason ?? null;
    // A flag is answered by the cancellation.
    if (after.syncStatus === 'missing_from_feed' || after.syncStatus === 'cancelled_in_feed') after.syncStatus = 'kept';
    after.missingSince = null;
  }
  const changed: string[] = TRACKED.filter((field) => (after[field] ?? null) !== (current[field] ?? null));
  if (!sameList(after.conflictWith, current.conflictWith)) changed.push('conflictWith');
  if (changed.length === 0) return { reservation: current, turnoverOutcome: null, changed };

  let turnover: Task | undefined;
  let createdTurnover: Task | undefined;
  let turnoverWrite: ExtraItems | undefined;
  let previousTurnover: Task | undefined;
  if (current.turnoverTaskId) {
    previousTurnover = await getTask(ctx.companyId, current.turnoverTaskId);
    const moved = previousTurnover ? turnoverChange(ctx.companyId, previousTurnover, current, after, ctx.language, now, options.actor.userId) : undefined;
    if (moved) ({ task: turnover, write: turnoverWrite } = moved);
    else if (previousTurnover && turnoverLeftBehind(previousTurnover, current, after) && wantsTurnover(ctx, after, now, true)) {
      // The cleaning was done before the guest now leaves: the new check-out gets one of its own,
      // made as a new stay's is (the team settings' turnover assignee, else unassigned: not the
      // cleaner of the done one, whose day the new date may not fit; dispatch shows it unassigned).
      // The done task stays as it is (history, still naming the stay); the stay now follows the
      // new one, in this transaction, on the condition that the done one is still done.
      const [template, assignee] = await Promise.all([getTemplate(ctx.companyId, current.propertyId), turnoverAssignee(ctx)]);
      const created = newTurnover(ctx.companyId, after, template.items, ctx.language, now, assignee, options.actor.userId);
      createdTurnover = created.task;
      turnoverWrite = combine(created.write, replacedTurnoverCheck(ctx.companyId, previousTurnover));
      after.turnoverTaskId = createdTurnover.id;
    }
  } else if (wantsTurnover(ctx, after, now)) {
    const [template, assignee] = await Promise.all([getTemplate(ctx.companyId, current.propertyId), turnoverAssignee(ctx)]);
    ({ task: createdTurnover, write: turnoverWrite } = newTurnover(ctx.companyId, after, template.items, ctx.language, now, assignee, options.actor.userId));
    after.turnoverTaskId = createdTurnover.id;
  }
  const fields = reservationFields(ctx.companyId, after, now, options.actor);
  const events: DomainEvent[] = [];
  if (after.kind !== 'block') {
    events.push(
      options.cancel
        ? domainEvent('reservation.cancelled', { ...fields, reason: after.cancelReason ?? null })
        : domainEvent('reservation.updated', { ...fields, changed }),
    );
    const flagged = (status: Reservation['syncStatus']) => status === 'missing_from_feed' || status === 'cancelled_in_feed';
    if (flagged(after.syncStatus) && !flagged(current.syncStatus) && after.feedId) {
      events.push(domainEvent('reservation.missing_from_feed', { ...fields, feedId: after.feedId, source: after.integrationSource ?? 'ical' }));
    }
  }
  events.push(...doubleBookingEvents(ctx, current, after, now));
  events.push(...turnoverEvents(ctx.companyId, createdTurnover, options.actor, now));
  // A moved or cancelled turnover tells its assignee (task.rescheduled, task.cancelled).
  if (previousTurnover && turnover) events.push(...taskEvents(previousTurnover, turnover, { companyId: ctx.companyId, actorUserId: options.actor.userId, now }));
  // The change and its events in one transaction (the events outbox).
  const stored = await writeReservation(ctx.companyId, {
    before: current,
    after,
    extra: combine(turnoverWrite, conflictWrite(ctx.companyId, current, after), options.extra, eventsWrite(events, now), await readinessWrite(ctx.companyId, after, turnover ?? createdTurnover, now)),
    mode: options.mode,
  });
  if (isCancelled(after) || changed.includes('checkinDay') || changed.includes('checkoutDay')) await settleConflictsWith(ctx, after, options);
  if (changed.includes('checkinDay') || changed.includes('checkoutDay') || changed.includes('conflictWith')) await settleCoveredStretches(ctx, stored, options);
  const turnoverOutcome: TurnoverOutcome = createdTurnover
    ? previousTurnover ? 'replaced' : 'created'
    : turnover && previousTurnover
      ? turnover.status === 'cancelled' ? 'cancelled' : turnover.dueDate !== previousTurnover.dueDate ? 'moved' : null
      : null;
  return { reservation: stored, turnover: turnover ?? createdTurnover, createdTurnover, turnoverOutcome, changed };
}

export async function cancelReservation(ctx: CompanyContext, reservationId: string, reason: string | null | undefined, options: WriteOptions) {
  const current = await requireReservation(ctx.companyId, reservationId);
  // Cancelling twice answers the cancelled reservation again (no second event).
  if (isCancelled(current)) return { reservation: current, turnoverOutcome: null, changed: [] as string[] };
  return changeReservation(ctx, current, {}, { ...options, cancel: true, reason: reason ?? null });
}

/** "Keep": a manager confirms a booking that vanished from its feed; the sync no longer flags it. */
export async function keepReservation(ctx: CompanyContext, reservationId: string, options: WriteOptions) {
  const current = await requireReservation(ctx.companyId, reservationId);
  if (current.syncStatus !== 'missing_from_feed' && current.syncStatus !== 'cancelled_in_feed') return { reservation: current, changed: [] as string[] };
  return changeReservation(ctx, current, { syncStatus: 'kept', missingSince: null }, options);
}
