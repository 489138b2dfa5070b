// Owner stays (issue 41 point 3, docs/owners.md): an owner asks for nights at one of their
// properties; a manager accepts (the block is made by POST /api/calendar/blocks' code, as an owner
// stay, so it shows as one and leaves through the calendar export: the accept handler hands that
// code in, as a domain module does not import another) or declines. Each step is a domain event in
// the same transaction (the company's history; the bell: functions/owners/notices.ts).
import type { OwnerStayRequest, OwnerStayRequestBody, OwnerStayRequestStatus } from '#shared/schemas';
import { OWNER_STAY_MAX_NIGHTS } from '#shared/schemas';
import { isDay, localDay, stayNights } from '#shared/days';
import { domainEvent } from '../../events/catalogue';
import { getCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { getUser } from '#functions/data/repositories/users';
import { holdersOf } from '#functions/data/repositories/occupancy';
import { findUnclaimedOverlap } from '#functions/data/repositories/reservations';
import {
  decideOwnerStayRequest,
  getOwnerStayRequest,
  listOwnerStayRequests,
  newOwnerStayRequestId,
  putOwnerStayRequest,
} from '#functions/data/repositories/owner-stay-requests';
import { assertInScope } from '#functions/data/property-scope';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';
import { logger } from '#functions/lib/logger';

const nameOf = (user: { firstName?: string | null; lastName?: string | null; email: string } | undefined, fallback: string) =>
  (user && ([user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email)) || fallback;

const eventFields = (companyId: string, request: OwnerStayRequest, at: Date) => ({
  companyId,
  occurredAt: at.toISOString(),
  requestId: request.id,
  propertyId: request.propertyId,
  ownerUserId: request.requestedBy.userId,
  checkinDate: request.checkinDate,
  checkoutDate: request.checkoutDate,
});

type Nights = Pick<OwnerStayRequest, 'propertyId' | 'checkinDate' | 'checkoutDate'>;

/** 409 in words when a night is held by a stay or a block (an owner stay closes the nights: nothing may hold them). */
async function assertNightsUnheld(companyId: string, request: Nights): Promise<void> {
  const nights = stayNights(request.checkinDate, request.checkoutDate);
  const holders = await holdersOf(companyId, request.propertyId, nights);
  const taken = nights.find((night) => holders.has(night));
  if (taken) throw new ConflictError('owners.nightsTaken', { night: taken });
  const legacy = await findUnclaimedOverlap(companyId, request.propertyId, { checkinDay: request.checkinDate, checkoutDay: request.checkoutDate });
  if (legacy) throw new ConflictError('owners.nightsTaken', { night: request.checkinDate });
}

/** The above, and not asked for by another pending request. */
async function assertNightsFree(companyId: string, request: Nights): Promise<void> {
  await assertNightsUnheld(companyId, request);
  const pending = await listOwnerStayRequests(companyId, { status: 'pending', propertyId: request.propertyId });
  if (pending.some((other) => other.checkinDate < request.checkoutDate && request.checkinDate < other.checkoutDate)) {
    throw new ConflictError('owners.nightsRequested');
  }
}

/** POST /api/owner/stay-requests: the owner's own property (else 404), nights from today on, free. */
export async function requestOwnerStay(caller: Caller, body: OwnerStayRequestBody, now = new Date()): Promise<OwnerStayRequest> {
  assertInScope(body.propertyId);
  const property = await getProperty(caller.companyId, body.propertyId);
  if (!property) throw new NotFoundError();
  const { checkinDate, checkoutDate } = body;
  if (!isDay(checkinDate) || !isDay(checkoutDate) || checkinDate >= checkoutDate || stayNights(checkinDate, checkoutDate).length > OWNER_STAY_MAX_NIGHTS) {
    throw new BadRequestError('error.badRequest', { checkoutDate: 'owners.stayDatesInvalid' });
  }
  const timeZone = (await getCompany(caller.companyId))?.timezone ?? 'America/New_York';
  if (checkinDate < localDay(now, timeZone)) throw new BadRequestError('error.badRequest', { checkinDate: 'owners.stayInPast' });
  await assertNightsFree(caller.companyId, { propertyId: property.id, checkinDate, checkoutDate });
  const owner = await getUser(caller.companyId, caller.userId);
  const request: OwnerStayRequest = {
    id: newOwnerStayRequestId(now),
    propertyId: property.id,
    propertyName: property.name,
    checkinDate,
    checkoutDate,
    note: body.note || null,
    status: 'pending',
    requestedBy: { userId: caller.userId, name: nameOf(owner, caller.email) },
    createdAt: now.toISOString(),
    decidedAt: null,
    decidedBy: null,
    decisionNote: null,
    blockId: null,
  };
  return putOwnerStayRequest(caller.companyId, request, [
    domainEvent('owner_stay.requested', { ...eventFields(caller.companyId, request, now), note: request.note }),
  ], now);
}

/** GET /api/owner/stay-requests: the owner's own, newest first. */
export const myOwnerStayRequests = (caller: Caller) => listOwnerStayRequests(caller.companyId, { requestedBy: caller.userId });

/** GET /api/owner-stay-requests?status=: the office's (a scoped manager's: their properties'). */
export const officeOwnerStayRequests = (caller: Caller, status?: OwnerStayRequestStatus) => listOwnerStayRequests(caller.companyId, { status });

/** A request the caller may see (the property scope), else 404. */
async function requestOf(caller: Caller, requestId: string): Promise<OwnerStayRequest> {
  const request = await getOwnerStayRequest(caller.companyId, requestId);
  if (!request) throw new NotFoundError();
  assertInScope(request.propertyId);
  return request;
}

const assertPending = (request: OwnerStayRequest) => {
  if (request.status !== 'pending') throw new ConflictError('owners.requestNotPending');
};

/** DELETE /api/owner/stay-requests/{requestId}: the owner's own pending request, kept as cancelled. */
export async function cancelOwnerStay(caller: Caller, requestId: string, now = new Date()): Promise<OwnerStayRequest> {
  const request = await requestOf(caller, requestId);
  // Another owner's request (even of a property they share) is not theirs to see.
  if (request.requestedBy.userId !== caller.userId) throw new NotFoundError();
  assertPending(request);
  return decideOwnerStayRequest(caller.companyId, request, { status: 'cancelled', decidedBy: null, decisionNote: null, blockId: null }, [
    domainEvent('owner_stay.cancelled', eventFields(caller.companyId, request, now)),
  ], now);
}

/**
 * POST /api/owner-stay-requests/{requestId}/accept: the block, through POST /api/calendar/blocks'
 * code (kind owner: named "Owner stay" in the company's language; 409 naming the stay when the
 * nights were taken meanwhile), then the request accepted with its block. A request decided
 * meanwhile (409) takes its block back out.
 */
export interface BlockMaker {
  /** Adds the owner stay's block (POST /api/calendar/blocks' code, kind owner); answers its id. */
  add(request: OwnerStayRequest): Promise<string>;
  /** Takes a block back out (the request was decided meanwhile). */
  remove(blockId: string): Promise<void>;
}

export async function acceptOwnerStay(caller: Caller, requestId: string, blocks: BlockMaker, now = new Date()): Promise<OwnerStayRequest> {
  const request = await requestOf(caller, requestId);
  assertPending(request);
  // Taken meanwhile (a stay, or a block: blocks may overlap each other, an owner stay may not).
  await assertNightsUnheld(caller.companyId, request);
  const blockId = await blocks.add(request);
  try {
    return await decideOwnerStayRequest(caller.companyId, request, { status: 'accepted', decidedBy: caller.userId, decisionNote: null, blockId }, [
      domainEvent('owner_stay.decided', { ...eventFields(caller.companyId, request, now), accepted: true, actorUserId: caller.userId, blockId, note: null }),
    ], now);
  } catch (error) {
    await blocks.remove(blockId).catch((undoError: Error) => logger.error('Owner stay block not taken back', { error: undoError, reservationId: blockId }));
    throw error;
  }
}

/** POST /api/owner-stay-requests/{requestId}/decline {note?} */
export async function declineOwnerStay(caller: Caller, requestId: string, note: string | null | undefined, now = new Date()): Promise<OwnerStayRequest> {
  const request = await requestOf(caller, requestId);
  assertPending(request);
  const decisionNote = note || null;
  return decideOwnerStayRequest(caller.companyId, request, { status: 'declined', decidedBy: caller.userId, decisionNote, blockId: null }, [
    domainEvent('owner_stay.decided', { ...eventFields(caller.companyId, request, now), accepted: false, actorUserId: caller.userId, blockId: null, note: decisionNote }),
  ], now);
}

