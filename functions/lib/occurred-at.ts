// `Action-Age`: how many seconds ago a phone did an action it could only send later (My day's offline
// queue sends each queued action with its age, by the phone's own clock: an age, not an instant, so a
// phone whose clock is wrong still gives the right time). A status change or a checklist tick then
// keeps that time (startedAt, completedAt, an item's completedAt), bounded by the server
// (shared/task-history.ts statusChangeTime). Without the header, the time is the server's.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { BadRequestError } from './errors';

export const ACTION_AGE_HEADER = 'action-age';

/** Whole seconds, as HTTP's own Age header writes them. */
const SECONDS = /^\d{1,10}$/;

/**
 * When the action was done: `now` less the header's age, or undefined when the header is absent. A
 * malformed age is a 400, and nothing is written.
 */
export function occurredAtOf(event: Pick<APIGatewayProxyEventV2, 'headers'>, now = new Date()): Date | undefined {
  const value = event.headers?.[ACTION_AGE_HEADER]?.trim();
  if (value === undefined || value === '') return undefined;
  if (!SECONDS.test(value)) throw new BadRequestError('request.actionAgeInvalid');
  return new Date(now.getTime() - Number(value) * 1000);
}
