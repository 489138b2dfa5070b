// The guest's "we have left", recorded (issue 40 point 4): POST /api/guest/{token}/left and the
// link's one photo (POST /api/guest/{token}/photo). Apart from service.ts so the page's read (GET)
// loads no photo storage.
//
// Recording is one transaction: the link's lookup item (condition: not recorded yet, so once only
// whatever the races), the company's link item, the stay's `guestLeftAt` and the open turnover's
// `guestLeftAt` (their versions moved, so a stale write of either fails rather than erase it; a press
// meeting a newer version reads again and retries), the property's readiness (no longer occupied),
// the maintenance task a photo of something broken becomes (with the photo), and the events
// (reservation.guests_left on every press: the office is told when no turnover is open, and it is a
// public webhook; task.guests_left tells the open turnover's assignee at once; the maintenance task's
// task.created and property.issue_reported). A second press answers the first record.
import { ulid } from 'ulid';
import type { UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { GUEST_PHOTO_MAX_BYTES, type GuestLeftBody, type GuestLeftResult, type GuestPhotoBody } from '#shared/schemas/guest-link';
import { domainEvent, GUEST_ACTOR_ID, type DomainEvent } from '../../../events/catalogue';
import { tableName } from '#functions/data/client';
import { transactWrite, type TransactItem } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { outboxPut } from '#functions/data/outbox';
import { guestLeftItems, lookUpGuestToken, takeGuestPhotoUpload, type GuestLinkTarget } from '#functions/data/repositories/guest-links';
import { readinessWrites } from '#functions/data/repositories/readiness';
import { getReservation, isCancelled, type StoredReservation } from '#functions/data/repositories/reservations';
import { createTask, getTask } from '#functions/data/repositories/tasks';
import { taskEvents } from '#functions/events/task-events';
import { ConflictError } from '#functions/lib/errors';
import { companyPrefix, presignUploadUnder, requireUploadedKey, TASK_PHOTO_RULES, type UploadRules } from '#functions/storage/photos';
import { GuestLinkUnknownError, GuestPhotoLimitError } from './errors';
import { assertInWindow, hhmm, type GuestStay } from './service';
import { guestClock } from './window';

const SUMMARY_LENGTH = 120;

const GUEST_PHOTO_RULES: UploadRules = {
  ...TASK_PHOTO_RULES,
  maxBytes: GUEST_PHOTO_MAX_BYTES,
  field: 'photoKey',
};

/** Where a link's photo goes: under its company, its stay and its token (another link's key is refused). */
export const guestPhotoPrefix = (target: Pick<GuestLinkTarget, 'companyId' | 'reservationId' | 'digest'>) =>
  `${companyPrefix(target.companyId)}guest/${target.reservationId}/${target.digest.slice(0, 22)}/`;

/** A presigned PUT for the link's one photo (type and exact size signed), bound to the token's prefix. */
export async function presignGuestPhoto(stay: GuestStay, body: GuestPhotoBody, language: UiLanguage, now = guestClock.now()) {
  if (stay.target.leftAt) throw new GuestPhotoLimitError();
  assertInWindow(stay, now, language);
  if (!(await takeGuestPhotoUpload(stay.target.digest))) throw new GuestPhotoLimitError();
  const { uploadURL, key, headers } = await presignUploadUnder(guestPhotoPrefix(stay.target), body.contentType, body.size);
  return { uploadURL, key, headers };
}

const summaryOf = (note: string) => {
  const firstLine = note.trim().split(/\r\n|[\r\n\u2028\u2029]/)[0].replace(/\s+/g, ' ').trim();
  return firstLine.length > SUMMARY_LENGTH ? `${firstLine.slice(0, SUMMARY_LENGTH - 1)}…` : firstLine;
};

const recorded = (leftAt: string, timeZone: string, alreadyRecorded: boolean): GuestLeftResult => ({ leftAt, leftTime: hhmm(leftAt, timeZone), alreadyRecorded });

/** An item's next version: later than what was read, so a write based on the old one fails. */
const nextVersion = (item: { updatedAt: string }, now: Date) => (now.toISOString() > item.updatedAt ? now.toISOString() : new Date(Date.parse(item.updatedAt) + 1).toISOString());

/** Attempts when the stay or its turnover changed between the read and the write (an edit, a sync). */
const ATTEMPTS = 3;

/**
 * "We have left": recorded once, inside the window; a second press answers the first record. The
 * photo (optional) must be the one uploaded through this link.
 */
export async function recordGuestLeft(stay: GuestStay, body: GuestLeftBody, language: UiLanguage, now = guestClock.now()): Promise<GuestLeftResult> {
  const { target, timeZone } = stay;
  if (target.leftAt) return recorded(target.leftAt, timeZone, true);
  assertInWindow(stay, now, language);
  const note = body.note?.trim() || null;
  const photoKey = body.photoKey ? await requireUploadedKey(body.photoKey, guestPhotoPrefix(target), GUEST_PHOTO_RULES) : null;
  const leftAt = now.toISOString();
  const { companyId } = target;
  const maintenanceTaskId = photoKey ? ulid(now.getTime()) : null;
  let reservation = stay.reservation;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await writeGuestLeft(stay, reservation, { leftAt, note, photoKey, maintenanceTaskId }, now);
      return recorded(leftAt, timeZone, false);
    } catch (error) {
      if (error instanceof StayChanged && attempt < ATTEMPTS) {
        const fresh = await getReservation(companyId, reservation.id);
        if (!fresh || isCancelled(fresh)) throw new GuestLinkUnknownError();
        reservation = fresh;
        continue;
      }
      if (!(error instanceof AlreadyRecorded)) throw error;
      const again = await lookUpGuestToken(stay.token, now).catch(() => undefined);
      const first = again?.status === 'ok' ? again.target.leftAt : undefined;
      if (first) return recorded(first, timeZone, true);
      throw new GuestLinkUnknownError();
    }
  }
}

interface Press {
  leftAt: string;
  note: string | null;
  photoKey: string | null;
  maintenanceTaskId: string | null;
}

/**
 * One transaction: the link's items (the lookup's condition makes it once only), the stay's
 * `guestLeftAt` (the home is free from now: its readiness is no longer `occupied`), the open
 * turnover's `guestLeftAt`, the property's readiness, the breakage's maintenance task and the events.
 * The stay and the turnover are written at the versions read (StayChanged when either moved).
 */
async function writeGuestLeft(stay: GuestStay, reservation: StoredReservation, press: Press, now: Date): Promise<void> {
  const { target } = stay;
  const { companyId } = target;
  const { leftAt, note, photoKey, maintenanceTaskId } = press;
  // The turnover (when the stay has one still open): guestLeftAt, its version moved.
  const turnover = reservation.turnoverTaskId ? await getTask(companyId, reservation.turnoverTaskId) : undefined;
  const open = turnover && (turnover.status === 'pending' || turnover.status === 'in_progress') ? turnover : undefined;
  const items: TransactItem[] = [...guestLeftItems(target, leftAt, note)];
  const versioned = new Set<number>();
  if (open) {
    versioned.add(items.length);
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.task(companyId, open.id),
        UpdateExpression: 'SET guestLeftAt = :at, updatedAt = :version',
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeValues: { ':at': leftAt, ':version': nextVersion(open, now), ':read': open.updatedAt },
      },
    });
  }
  versioned.add(items.length);
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.reservation(companyId, reservation.id),
      UpdateExpression: 'SET guestLeftAt = :at, updatedAt = :version',
      ConditionExpression: 'updatedAt = :read',
      ExpressionAttributeValues: { ':at': leftAt, ':version': nextVersion(reservation, now), ':read': reservation.updatedAt },
    },
  });
  // The property's readiness with the stay over (issue 40 point 3); it also checks the property exists.
  items.push(...(await readinessWrites(companyId, [reservation.propertyId], { stays: [{ ...reservation, guestLeftAt: leftAt }] }, now)));
  // Every press: reservation.guests_left (the office is told when no turnover is open; the public
  // webhook); with an open turnover, task.guests_left tells its assignee (or the office, unassigned).
  const events: DomainEvent[] = [
    domainEvent('reservation.guests_left', {
      companyId,
      occurredAt: leftAt,
      reservationId: reservation.id,
      propertyId: reservation.propertyId,
      guestName: reservation.guestName,
      checkinDate: reservation.checkinDate,
      checkoutDate: reservation.checkoutDate,
      actorUserId: GUEST_ACTOR_ID,
      leftAt,
      note,
      turnoverTaskId: open?.id ?? null,
      maintenanceTaskId,
    }),
    ...(open
      ? [
          domainEvent('task.guests_left', {
            companyId,
            occurredAt: leftAt,
            taskId: open.id,
            title: open.title,
            type: open.type,
            propertyId: open.propertyId,
            actorUserId: GUEST_ACTOR_ID,
            reservationId: reservation.id,
            assignedUserId: open.assignedUserId ?? null,
            dueDate: open.dueDate ? new Date(open.dueDate).toISOString() : null,
            leftAt,
            note,
            maintenanceTaskId,
          }),
        ]
      : []),
  ];
  // The lookup's condition (index 0) fails when another press recorded it first: that record answers.
  const errorFor = (index: number) => (index === 0 ? new AlreadyRecorded() : versioned.has(index) ? new StayChanged() : new GuestLinkUnknownError());
  if (photoKey && maintenanceTaskId) {
    await createTask(
      companyId,
      {
        type: 'maintenance',
        title: translateMessage('guestLink.breakageTitle', stay.language, { summary: note ? summaryOf(note) : translateMessage('guestLink.breakageNoNote', stay.language) }).slice(0, 200),
        description: note ?? translateMessage('guestLink.breakageNoNote', stay.language),
        propertyId: reservation.propertyId,
        assignedUserId: null,
        status: 'pending',
        dueDate: null,
      },
      now,
      GUEST_ACTOR_ID,
      { id: maintenanceTaskId, ...(open ? { sourceTaskId: open.id } : {}), photos: [{ key: photoKey, uploadedAt: leftAt, uploadedBy: GUEST_ACTOR_ID }], photoKeys: [photoKey] },
      {
        items,
        errorFor,
        // The readiness item above checks the property (a transaction touches an item once).
        checksProperty: true,
        events: (created) => [...events, ...taskEvents(undefined, created, { companyId, actorUserId: GUEST_ACTOR_ID, issue: true, now })],
      },
    );
  } else {
    const outbox = outboxPut(events, now);
    await transactWrite(outbox ? [...items, outbox] : items, errorFor);
  }
}

/** The stay or its turnover changed since it was read (internal: read again and retried). */
class StayChanged extends ConflictError {}

/** A concurrent press recorded first (internal: answered as "already recorded"). */
class AlreadyRecorded extends ConflictError {}
