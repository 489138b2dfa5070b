// Automatic turnovers: a reservation's check-out creates one cleaning task for its property, due at
// check-out, with a copy of the property's default checklist. The task is written in the
// reservation's own transaction (so a reservation and its turnover exist together or not at all)
// and its id is recorded on the reservation (`turnoverTaskId`), so it is created once: a later
// write sees the id and moves or cancels that task instead. Counters stay right because every task
// write goes through taskWrite (repositories/tasks.ts), the same builder updateTask uses.
import { ulid } from 'ulid';
import { UI_LANGUAGES, type PreferredLanguage, type UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { formatCalendarDay } from '#shared/rules';
import type { Reservation, Task } from '#shared/schemas';
import { checklistPut, newChecklist, openRequiredCount, type TemplateItem } from '#functions/data/repositories/checklists';
import type { ExtraItems } from '#functions/data/repositories/reservations';
import { taskWrite } from '#functions/data/repositories/tasks';
import { tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';
import { ConflictError } from '#functions/lib/errors';

const LANGUAGE: Record<PreferredLanguage, UiLanguage> = { portuguese: 'pt', english: 'en', spanish: 'es' };

export const companyLanguage = (preferred: PreferredLanguage | null | undefined): UiLanguage => LANGUAGE[preferred ?? 'portuguese'] ?? 'pt';

type Stay = Pick<Reservation, 'guestName' | 'checkoutDay' | 'ambiguous'>;

/**
 * Whom the cleaning follows: the guest, or for a Booking.com stretch (whose export writes a guest's
 * stay and a closure alike, "CLOSED - Not available") words that say it may be either.
 */
const partyOf = (stay: Pick<Stay, 'guestName' | 'ambiguous'>, language: UiLanguage) =>
  stay.ambiguous ? translateMessage('turnover.bookingOrClosure', language) : stay.guestName;

export const turnoverTitle = (stay: Pick<Stay, 'guestName' | 'ambiguous'>, language: UiLanguage) =>
  translateMessage('turnover.title', language, { guest: partyOf(stay, language) }).slice(0, 200);

const turnoverDescription = (stay: Stay, language: UiLanguage) => {
  const checkout = stay.checkoutDay ? formatCalendarDay(stay.checkoutDay, language) : '';
  return stay.ambiguous
    ? translateMessage('turnover.descriptionAmbiguous', language, { checkout })
    : translateMessage('turnover.description', language, { guest: stay.guestName, checkout });
};

/** Whether a title is still an automatic one, in any language (also as written before a Booking.com stretch had its own words). */
const isAutomaticTitle = (title: string, stay: Stay) =>
  UI_LANGUAGES.some((lang) => title === turnoverTitle(stay, lang) || title === turnoverTitle({ guestName: stay.guestName }, lang));

/** Whether a description is still the automatic one (also as written before the day was formatted: ISO, or before a Booking.com stretch had its own words). */
const isAutomaticDescription = (description: string | null | undefined, stay: Stay) =>
  UI_LANGUAGES.some(
    (lang) =>
      description === turnoverDescription(stay, lang) ||
      description === turnoverDescription({ ...stay, ambiguous: false }, lang) ||
      description === translateMessage('turnover.description', lang, { guest: stay.guestName, checkout: stay.checkoutDay ?? '' }),
  );

/** Why a stay's turnover needs a manager's check: a Booking.com stretch (booking or closure), or a tentative stay. */
export const reviewReasonOf = (reservation: Pick<Reservation, 'ambiguous' | 'tentative'>): Task['reviewReason'] =>
  reservation.ambiguous ? 'booking_or_closure' : reservation.tentative ? 'tentative' : null;

const isOpen = (task: Task) => task.status === 'pending' || task.status === 'in_progress';

const nextVersion = (task: Task, now: Date) =>
  now.toISOString() > task.updatedAt ? now.toISOString() : new Date(Date.parse(task.updatedAt) + 1).toISOString();

/** Combines groups of transaction items, keeping each group's own error naming. */
export function combine(...groups: Array<ExtraItems | undefined>): ExtraItems {
  const present = groups.filter((group): group is ExtraItems => Boolean(group));
  const items = present.flatMap((group) => group.items);
  return {
    items,
    errorFor: (index) => {
      let offset = index;
      for (const group of present) {
        if (offset < group.items.length) return group.errorFor(offset);
        offset -= group.items.length;
      }
      return new Error(`No transaction item at ${index}`);
    },
  };
}

/**
 * A new turnover task for a reservation, with its checklist when the property has a template, as
 * transaction items, assigned to the company's turnover assignee (team settings) when it has one.
 * The reservation's transaction checks the property already, and the task write the assignee.
 */
export function newTurnover(
  companyId: string,
  reservation: Reservation,
  template: readonly TemplateItem[],
  language: UiLanguage,
  now = new Date(),
  assigneeId: string | null = null,
  /** Who made the change (a user, or the calendar sync): the task's history names them. */
  actorUserId?: string,
): { task: Task; write: ExtraItems } {
  const createdAt = now.toISOString();
  const task: Task = {
    id: ulid(now.getTime()),
    type: 'cleaning',
    title: turnoverTitle(reservation, language),
    description: turnoverDescription(reservation, language),
    propertyId: reservation.propertyId,
    reservationId: reservation.id,
    assignedUserId: assigneeId,
    status: 'pending',
    dueDate: reservation.checkoutDate,
    completedAt: null,
    reviewReason: reviewReasonOf(reservation),
    createdAt,
    updatedAt: createdAt,
  };
  let checklistWrite: ExtraItems | undefined;
  if (template.length) {
    const checklist = newChecklist(task, template, 'template', now);
    task.checklistId = checklist.id;
    task.openRequiredItems = openRequiredCount(checklist);
    checklistWrite = { items: [checklistPut(companyId, checklist)], errorFor: () => new Error('Checklist already exists') };
  }
  const { items, errorFor } = taskWrite(companyId, undefined, task, { expression: 'attribute_not_exists(pk)' }, { skipPropertyCheck: true, actorUserId });
  return { task, write: combine({ items, errorFor }, checklistWrite) };
}

/**
 * The turnover task after its reservation changed: an open task follows the check-out (due date) and
 * the guest's name (when its title is still the automatic one); cancelling the reservation cancels
 * it. A completed or cancelled task is history and stays as it is. Undefined when nothing changes.
 */
export function turnoverChange(
  companyId: string,
  task: Task,
  before: Reservation,
  after: Reservation,
  language: UiLanguage,
  now = new Date(),
  actorUserId?: string,
): { task: Task; write: ExtraItems } | undefined {
  if (!isOpen(task)) return undefined;
  const changed: Task = { ...task };
  // Cancelling the stay, or dismissing the turnover of a block (not a stay), cancels the cleaning.
  if (after.status === 'cancelled' || after.turnoverDismissed || after.coveredByBooking) {
    changed.status = 'cancelled';
    changed.completedAt = null;
  } else {
    changed.dueDate = after.checkoutDate;
    // The automatic title and description (whom the stay is for, the check-out day) follow the stay,
    // in the company's language of now; ones written by hand stay.
    if (isAutomaticTitle(task.title, before)) changed.title = turnoverTitle(after, language);
    if (isAutomaticDescription(task.description, before)) changed.description = turnoverDescription(after, language);
    changed.reviewReason = reviewReasonOf(after);
  }
  if (
    changed.status === task.status &&
    changed.dueDate === task.dueDate &&
    changed.title === task.title &&
    changed.description === task.description &&
    (changed.reviewReason ?? null) === (task.reviewReason ?? null)
  ) {
    return undefined;
  }
  changed.updatedAt = nextVersion(task, now);
  const { items, errorFor } = taskWrite(companyId, task, changed, { expression: 'updatedAt = :version', values: { ':version': task.updatedAt } }, { actorUserId });
  return { task: changed, write: { items, errorFor } };
}

/**
 * Whether a stay's check-out moved past the cleaning its turnover already had: the task is
 * completed, and it was completed before the guest now leaves (the stay grew, or it was done early),
 * so the new check-out has no cleaning. A completed turnover that still covers the new check-out
 * (the stay got shorter) is enough. A cancelled turnover never counts: a manager dismissed it (a
 * Booking.com closure), a booking covers the stretch, or someone cancelled it by hand; that
 * decision stands, and nothing is recreated. Only a move of the check-out asks this question, so a
 * renamed guest or a cancelled stay leaves a done cleaning as done history.
 */
export function turnoverLeftBehind(task: Task, before: Reservation, after: Reservation): boolean {
  if (task.status !== 'completed') return false;
  const checkout = new Date(after.checkoutDate).toISOString();
  if (checkout === new Date(before.checkoutDate).toISOString()) return false;
  return !task.completedAt || new Date(task.completedAt).toISOString() < checkout;
}

/**
 * The completed turnover a new one replaces, as a condition of the reservation's transaction: it is
 * still completed, as read. Reopened meanwhile, it is the stay's cleaning again, and the write fails
 * (409) rather than leave two open cleanings for one check-out.
 */
export function replacedTurnoverCheck(companyId: string, task: Task): ExtraItems {
  return {
    items: [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.task(companyId, task.id),
          ConditionExpression: '#status = :completed AND updatedAt = :version',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':completed': 'completed', ':version': task.updatedAt },
        },
      },
    ],
    errorFor: () => new ConflictError(),
  };
}
