// The event-handler manifest, like the route table: which handler module
// (functions/handlers/<handler>.ts, exporting `handler`) consumes which domain event, and which
// jobs run on a schedule. The CDK events construct builds one EventBridge rule per entry
// (pattern: source `rentalops`, detail-type) targeting one function, and one EventBridge Scheduler
// schedule per job; under `npm start` and in tests the in-process bus (functions/events/inline-bus.ts)
// and the local scheduler (local/scheduler.ts) call the same modules.
// Pure data: keep it free of imports with side effects.
import type { DomainEventType } from '../events/catalogue';

export type EventHandlerNeed = 'ses' | 'sns' | 'events';

export interface EventHandlerDefinition {
  /** The EventBridge detail-type the rule matches (source is always EVENT_SOURCE, `rentalops`). */
  detailType: DomainEventType;
  handler: string;
  /** AWS permissions beyond the table (least-privilege grants), as in the route table. */
  needs: readonly EventHandlerNeed[];
}

export interface ScheduledJobDefinition {
  handler: string;
  /** An EventBridge Scheduler expression. */
  schedule: string;
  /**
   * The payload the schedule sends (EventBridge Scheduler `Input`); `<aws.scheduler.scheduled-time>`
   * is replaced by the scheduled time. Handlers read `time` and fall back to the current time.
   */
  input: Record<string, string>;
  needs: readonly EventHandlerNeed[];
}

const SEND: readonly EventHandlerNeed[] = ['ses', 'sns'];

export const EVENT_HANDLERS: readonly EventHandlerDefinition[] = [
  { detailType: 'task.assigned', handler: 'notify-task-assigned', needs: SEND },
  { detailType: 'task.completed', handler: 'notify-task-completed', needs: SEND },
  { detailType: 'property.issue_reported', handler: 'notify-property-issue', needs: SEND },
  { detailType: 'reservation.checkin_upcoming', handler: 'notify-checkin-upcoming', needs: SEND },
  // Reservations and the calendar sync (switches reservationChanges and calendarSync).
  { detailType: 'reservation.created', handler: 'notify-reservation-created', needs: SEND },
  { detailType: 'reservation.updated', handler: 'notify-reservation-changed', needs: SEND },
  { detailType: 'reservation.cancelled', handler: 'notify-reservation-cancelled', needs: SEND },
  { detailType: 'reservation.missing_from_feed', handler: 'notify-booking-missing', needs: SEND },
  { detailType: 'calendar.feed_failed', handler: 'notify-calendar-feed-failed', needs: SEND },
  // The team (switch teamChanges). member.invited is the CEO's own act: no alert.
  { detailType: 'member.joined', handler: 'notify-member-joined', needs: SEND },
  { detailType: 'member.role_changed', handler: 'notify-member-role-changed', needs: SEND },
  { detailType: 'member.removed', handler: 'notify-member-removed', needs: SEND },
];

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    handler: 'send-checkin-reminders',
    schedule: 'rate(1 hour)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['events'],
  },
  {
    // Imports every property's iCal feeds (functions/calendar-sync); fetches the channels' URLs.
    handler: 'sync-calendar-feeds',
    schedule: 'rate(30 minutes)',
    input: { time: '<aws.scheduler.scheduled-time>' },
    needs: ['events'],
  },
];

export function eventHandlersFor(detailType: string): EventHandlerDefinition[] {
  return EVENT_HANDLERS.filter((entry) => entry.detailType === detailType);
}
